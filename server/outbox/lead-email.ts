/**
 * The lead as the owner reads it, on a phone between jobs: urgency first, who and how to reach
 * them, what they asked for, then where the lead came from. Text and HTML say the same things;
 * the words live in email-words.ts beside this file.
 */
import { escapeHtml } from '../../core/escape-html.ts';
import { leadFields } from '../../core/lead/schema.ts';
import { mailtoHref } from '../../core/mailto.ts';
import { inboxLeadUrl } from '../../core/inbox-links.ts';
import { notificationCopy as copy } from './email-words.ts';
import { urgencyReasons } from '../../core/lead/urgency.ts';
import type { StoredLead } from '../storage/types.ts';

/** One line: header-safe (the lead schema already removed CR and LF; this guards anything else). */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/** Why a lead is urgent, in words; empty when it is not. */
export function urgentReasons(lead: Pick<StoredLead, 'timeframe' | 'site_type' | 'path'>): string[] {
  return urgencyReasons(lead).map((reason) => copy.urgentWhy[reason]);
}

const nzTimeFormat = new Intl.DateTimeFormat('en-NZ', {
  timeZone: 'Pacific/Auckland',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZoneName: 'short',
});

/** New Zealand time with its zone, e.g. "Mon 23 Nov 2026, 7:55 am NZDT". */
export function nzTime(iso: string): string {
  const parts = Object.fromEntries(nzTimeFormat.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${parts.dayPeriod?.toLowerCase()} ${parts.timeZoneName}`;
}

/** The number as a `tel:` link (digits and a leading +), or undefined when it has too few digits to dial. */
export function telHref(phone: string): string | undefined {
  const dial = phone.trim().replace(/(?!^\+)[^\d]/g, '');
  return dial.replace(/\D/g, '').length >= 6 ? `tel:${dial}` : undefined;
}

export function emailSubject(lead: StoredLead): string {
  const parts = [lead.urgent ? copy.urgentTag : copy.quoteTag, lead.service_type || copy.noService, lead.city, lead.company_name || lead.contact_name].filter(
    Boolean,
  );
  return oneLine(parts.join(copy.subjectSeparator)).slice(0, 200);
}

/** The choices the visitor made from the form's lists, empty ones left out. */
export function leadChoices(lead: StoredLead): { label: string; value: string }[] {
  return leadFields.filter((f) => f.kind === 'select' && lead[f.name]).map((f) => ({ label: f.label, value: lead[f.name] }));
}

/** "Where this came from" as plain sentences. */
export function originLines(lead: StoredLead): string[] {
  const lines: string[] = [];
  if (lead.path) lines.push(copy.sentFrom(lead.path));
  const campaign = [lead.utm_source, lead.utm_medium, lead.utm_campaign].filter(Boolean).join(' / ');
  const extra = [lead.utm_term && `term “${lead.utm_term}”`, lead.utm_content && `ad “${lead.utm_content}”`].filter(Boolean).join(', ');
  if (campaign || extra) lines.push(copy.campaign([campaign, extra && `(${extra})`].filter(Boolean).join(' ')));
  if (lead.gclid) lines.push(copy.googleAds);
  const referrerHost = URL.canParse(lead.referrer) ? new URL(lead.referrer).host : '';
  if (referrerHost) lines.push(copy.referrer(referrerHost));
  if (!campaign && !extra && !lead.gclid && !referrerHost) lines.push(copy.direct);
  if (lead.device) lines.push(copy.device(lead.device));
  return lines;
}

export function emailText(lead: StoredLead, inboxOrigin?: string): string {
  const reasons = urgentReasons(lead);
  const lines: string[] = [];
  if (reasons.length) lines.push(`${copy.urgentBanner} (${reasons.join(', ')})`, '');
  lines.push(lead.contact_name);
  if (lead.company_name) lines.push(lead.company_name);
  lines.push('');
  lines.push(lead.phone ? `Phone: ${lead.phone}` : copy.noPhone);
  lines.push(`E-mail: ${lead.work_email}`, '');
  lines.push(copy.projectHeading.toUpperCase(), lead.notes || copy.noNotes, '');
  const choices = leadChoices(lead);
  if (choices.length) lines.push(copy.choicesHeading.toUpperCase(), ...choices.map((c) => `${c.label}: ${c.value}`), '');
  lines.push(copy.originHeading.toUpperCase(), ...originLines(lead).map((l) => `- ${l}`), '');
  lines.push(copy.received(nzTime(lead.created_at)), copy.leadId(lead.id), copy.replyHint);
  if (inboxOrigin) lines.push('', `${copy.openInInbox}: ${inboxLeadUrl(inboxOrigin, lead.id)}`);
  return lines.join('\n');
}

const font = 'font-family:-apple-system,BlinkMacSystemFont,&quot;Segoe UI&quot;,Roboto,Arial,sans-serif';
/** The style attributes of the business's e-mails: a section heading, and a button a thumb can hit. */
export const h2 = 'style="font-size:17px;margin:24px 0 8px;color:#0a2540"';
export const button = (filled: boolean) =>
  `style="display:block;padding:14px 16px;margin:0 0 10px;border-radius:8px;font-weight:700;font-size:17px;text-align:center;text-decoration:none;${
    filled ? 'background:#0b5ea8;color:#ffffff' : 'background:#ffffff;color:#0b5ea8;border:2px solid #0b5ea8'
  }"`;

/** Every value is escaped: nothing a visitor typed can become markup or script in the e-mail. */
export function emailHtml(lead: StoredLead, inboxOrigin?: string): string {
  const e = escapeHtml;
  const reasons = urgentReasons(lead);
  const tel = telHref(lead.phone);
  const banner = reasons.length
    ? `<p style="margin:0 0 16px;padding:12px 14px;border-radius:8px;background:#b91c1c;color:#ffffff;font-weight:700">${e(copy.urgentBanner)}<br><span style="font-weight:400">${e(reasons.join(', '))}</span></p>`
    : '';
  const summary = [lead.company_name, lead.service_type, lead.city].filter(Boolean).join(' · ');
  const phone = tel
    ? `<a href="${e(tel)}" ${button(true)}>${e(copy.call(lead.phone))}</a>`
    : `<p style="margin:0 0 10px;color:#475569">${e(lead.phone || copy.noPhone)}</p>`;
  const choices = leadChoices(lead);
  const choiceRows = choices
    .map(
      (c) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;font-weight:600">${e(c.label)}</th><td style="padding:4px 0">${e(c.value)}</td></tr>`,
    )
    .join('');
  return emailPage(
    emailSubject(lead),
    `${banner}<h1 style="font-size:22px;line-height:1.25;margin:0">${e(lead.contact_name)}</h1>
${summary ? `<p style="margin:4px 0 16px;color:#334155">${e(summary)}</p>` : ''}
${phone}
<a href="${e(mailtoHref(lead.work_email, { subject: copy.replySubject }))}" ${button(false)}>${e(copy.email(lead.work_email))}</a>
${inboxOrigin ? `<a href="${e(inboxLeadUrl(inboxOrigin, lead.id))}" ${button(false)}>${e(copy.openInInbox)}</a>` : ''}
<h2 ${h2}>${e(copy.projectHeading)}</h2>
<p style="margin:0;white-space:pre-wrap">${e(lead.notes || copy.noNotes)}</p>
${choices.length ? `<h2 ${h2}>${e(copy.choicesHeading)}</h2><table cellspacing="0" cellpadding="0">${choiceRows}</table>` : ''}
<h2 ${h2}>${e(copy.originHeading)}</h2>
<ul style="margin:0;padding-left:20px">${originLines(lead)
      .map((l) => `<li>${e(l)}</li>`)
      .join('')}</ul>
<p style="margin:24px 0 0;font-size:14px;color:#475569">${e(copy.received(nzTime(lead.created_at)))}<br>${e(copy.leadId(lead.id))}<br>${e(copy.replyHint)}</p>`,
  );
}

/** The page every e-mail to the business is: one column a phone can read, its title escaped, `body` markup already escaped. */
export function emailPage(title: string, body: string): string {
  return `<!doctype html><html lang="en-NZ"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9">
<div style="max-width:600px;margin:0 auto;padding:16px;background:#ffffff;${font};font-size:16px;line-height:1.5;color:#0f172a;overflow-wrap:anywhere">
${body}
</div></body></html>`;
}
