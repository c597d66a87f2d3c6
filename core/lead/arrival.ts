/**
 * What a lead's arrival says, worked out once when it is stored (and by the migration for leads
 * stored before): where it came from (five source groups) and when it came by the New Zealand
 * clock. The reports group by these columns in the database, which knows neither the regular
 * expressions nor the Pacific/Auckland zone.
 */
import type { Lead } from './schema.ts';
import type { LeadSource } from './insight.ts';
import { nzParts, nzWeekOf } from '../nz-time.ts';

function host(url: string): string {
  return (URL.parse(url)?.hostname.toLowerCase() ?? '').replace(/^(www|m|l|lm|mobile)\./, '');
}

function hostIs(hostname: string, domains: readonly string[]): boolean {
  return domains.some((d) => hostname === d || hostname.endsWith(`.${d}`));
}

// Where a referrer or utm_source points: the big social networks and search engines by their own
// domains (any country's Google counts as search when no Google Ads click came with it).
const SOCIAL_DOMAINS = [
  'facebook.com',
  'fb.com',
  'instagram.com',
  'linkedin.com',
  'lnkd.in',
  't.co',
  'x.com',
  'twitter.com',
  'tiktok.com',
  'youtube.com',
  'pinterest.com',
  'reddit.com',
  'threads.net',
];
const SOCIAL_SOURCES = /^(facebook|fb|instagram|ig|linkedin|twitter|x|tiktok|youtube|pinterest|reddit|threads|meta)$/;
const SOCIAL_MEDIUMS = /^(social|social-media|social_media|sm|paid[-_]?social|social[-_]?paid)$/;
const SEARCH_DOMAINS = ['bing.com', 'duckduckgo.com', 'search.yahoo.com', 'ecosia.org', 'yandex.com', 'baidu.com', 'search.brave.com', 'startpage.com'];
const GOOGLE_HOST = /(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$/;
const PAID_SEARCH_MEDIUMS = /^(cpc|ppc|paid|paidsearch|paid[-_]search|sem)$/;

export type SourceFields = Pick<Lead, 'gclid' | 'utm_source' | 'utm_medium' | 'referrer' | 'page_url'>;

/**
 * The source group of a lead: a Google Ads click (a gclid, or Google tagged as paid); social (a
 * social network by tag or referrer); other search (organic search, or another engine's ads);
 * referral (another site, or any other tagged campaign such as an e-mail); direct (nothing recorded,
 * or a referrer on the site itself).
 */
export function leadSource(lead: SourceFields): LeadSource {
  const source = lead.utm_source.trim().toLowerCase();
  const medium = lead.utm_medium.trim().toLowerCase();
  const referrer = host(lead.referrer);
  if (lead.gclid || (source.includes('google') && PAID_SEARCH_MEDIUMS.test(medium))) return 'google_ads';
  if (SOCIAL_MEDIUMS.test(medium) || SOCIAL_SOURCES.test(source) || hostIs(referrer, SOCIAL_DOMAINS)) return 'social';
  if (medium === 'organic' || PAID_SEARCH_MEDIUMS.test(medium) || GOOGLE_HOST.test(referrer) || hostIs(referrer, SEARCH_DOMAINS)) return 'search';
  if (source || medium) return 'referral';
  if (referrer && referrer !== host(lead.page_url)) return 'referral';
  return 'direct';
}

/** When a lead arrived by the New Zealand clock: the Monday of its week, its weekday (1 Monday to 7 Sunday) and its minute of the day. */
export interface ArrivalTime {
  nz_week: string;
  nz_weekday: number;
  nz_minutes: number;
}

export interface ArrivalColumns extends ArrivalTime {
  source: LeadSource;
}

/**
 * The weekday and minute are kept rather than an in-office-hours flag, so the reports follow the
 * office hours as they are configured now, for old leads too.
 */
export function arrivalTime(at: Date): ArrivalTime {
  const { weekday, minutes } = nzParts(at);
  return { nz_week: nzWeekOf(at), nz_weekday: weekday, nz_minutes: minutes };
}

/** The arrival columns of a lead stored at `at`. */
export function arrivalColumns(lead: SourceFields, at: Date): ArrivalColumns {
  return { source: leadSource(lead), ...arrivalTime(at) };
}
