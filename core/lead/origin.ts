/**
 * "Where this came from": the tracking fields a quote request carried (campaign, Google Ads click,
 * referring site, page, device) as sentences a person reads, not as `utm_source` and `gclid`. One
 * wording, shared by the lead e-mail and the inbox's lead page; plain data and functions, so the
 * browser app can use it without zod.
 */
import type { TrackingFieldName } from './fields.ts';

export const originCopy = {
  sentFrom: (path: string) => `Sent from the page ${path}`,
  campaign: (parts: string) => `Campaign: ${parts}`,
  term: (term: string) => `term “${term}”`,
  ad: (content: string) => `ad “${content}”`,
  googleAds: 'From a Google Ads click',
  referrer: (host: string) => `Arrived from ${host}`,
  direct: 'No campaign or referring site recorded (typed in, bookmarked or an app)',
  device: (device: string) => `On a ${device}`,
} as const;

/** The host of a referring address, or '' when it is not an address. */
function hostOf(referrer: string): string {
  try {
    return referrer ? new URL(referrer).host : '';
  } catch {
    return '';
  }
}

/** The lead's tracking fields as sentences, in the order the e-mail lists them; always at least one. */
export function originLines(lead: Readonly<Record<TrackingFieldName, string>>): string[] {
  const lines: string[] = [];
  if (lead.path) lines.push(originCopy.sentFrom(lead.path));
  const campaign = [lead.utm_source, lead.utm_medium, lead.utm_campaign].filter(Boolean).join(' / ');
  const extra = [lead.utm_term && originCopy.term(lead.utm_term), lead.utm_content && originCopy.ad(lead.utm_content)].filter(Boolean).join(', ');
  if (campaign || extra) lines.push(originCopy.campaign([campaign, extra && `(${extra})`].filter(Boolean).join(' ')));
  if (lead.gclid) lines.push(originCopy.googleAds);
  const referrerHost = hostOf(lead.referrer);
  if (referrerHost) lines.push(originCopy.referrer(referrerHost));
  if (!campaign && !extra && !lead.gclid && !referrerHost) lines.push(originCopy.direct);
  if (lead.device) lines.push(originCopy.device(lead.device));
  return lines;
}
