/**
 * The figures behind the reports, the command line's report and the weekly digest, computed from
 * the leads of a range in one pass: where they came from (five sources), what for, how far they
 * got, what the won ones were worth, and how long they waited for somebody to act.
 */
import {
  DEFAULT_REPORT_WEEKS,
  funnelStages,
  leadSources,
  sourceLabels,
  type Insight,
  type LabelCount,
  type LeadSource,
  type ResponseStat,
  type ResponseTimes,
  type ValueCount,
} from '../../core/lead/insight.ts';
import { lostReasons } from '../../core/lead/status.ts';
import type { InboxLead } from '../storage/inbox.ts';
import { addDays, isBusinessTime, isOfficeTime, mondayOf, nzInstant, nzLastWeeks, nzParts, nzWeeksBetween, type NzDateRange } from '../../core/nz-time.ts';

function host(url: string): string {
  return URL.canParse(url) ? new URL(url).hostname.toLowerCase().replace(/^(www|m|l|lm|mobile)\./, '') : '';
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

type SourceFields = Pick<InboxLead, 'gclid' | 'utm_source' | 'utm_medium' | 'referrer' | 'page_url'>;

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

/**
 * The p-th percentile (0-100) of sorted values, interpolating between the two nearest ranks (the
 * method of spreadsheets' PERCENTILE.INC), so the median of an even count is the mean of the middle
 * two; null for no values.
 */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

/** Minutes to one decimal place. */
const roundMinutes = (minutes: number | null) => (minutes === null ? null : Math.round(minutes * 10) / 10);

function responseStat(minutes: number[], waiting: number): ResponseStat {
  const sorted = [...minutes].sort((a, b) => a - b);
  return { answered: sorted.length, waiting, medianMinutes: roundMinutes(percentile(sorted, 50)), p90Minutes: roundMinutes(percentile(sorted, 90)) };
}

/** What the figures need of a lead, worked out once: its week, source, and whether it arrived in office hours. */
interface LeadFacts {
  lead: InboxLead;
  arrived: number;
  week: string;
  source: LeadSource;
  inOfficeHours: boolean;
}

function factsOf(lead: InboxLead): LeadFacts {
  const arrived = new Date(lead.created_at);
  // One reading of the New Zealand clock serves both the week and office hours.
  const parts = nzParts(arrived);
  return { lead, arrived: arrived.getTime(), week: mondayOf(parts), source: leadSource(lead), inOfficeHours: isOfficeTime(parts) };
}

function responseOf(facts: readonly Pick<LeadFacts, 'arrived' | 'inOfficeHours' | 'lead'>[]): ResponseTimes {
  const split = { businessHours: { minutes: [] as number[], waiting: 0 }, afterHours: { minutes: [] as number[], waiting: 0 } };
  for (const { lead, arrived, inOfficeHours } of facts) {
    const bucket = inOfficeHours ? split.businessHours : split.afterHours;
    if (lead.first_action_at === null) bucket.waiting++;
    else bucket.minutes.push(Math.max(0, lead.first_action_at - arrived) / 60_000);
  }
  return {
    businessHours: responseStat(split.businessHours.minutes, split.businessHours.waiting),
    afterHours: responseStat(split.afterHours.minutes, split.afterHours.waiting),
  };
}

/** Time to first contact (the first status change or note), split by whether the lead arrived in office hours. */
export function responseTimes(leads: readonly Pick<InboxLead, 'created_at' | 'first_action_at'>[]): ResponseTimes {
  return responseOf(
    leads.map((lead) => {
      const arrived = new Date(lead.created_at);
      return { lead: lead as InboxLead, arrived: arrived.getTime(), inOfficeHours: isBusinessTime(arrived) };
    }),
  );
}

function countBy<T>(items: readonly T[], key: (item: T) => string): LabelCount[] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].map(([label, count]) => ({ label, count })).sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

function valueBy(won: readonly InboxLead[], key: (lead: InboxLead) => string): ValueCount[] {
  const sums = new Map<string, ValueCount>();
  for (const lead of won) {
    const label = key(lead);
    const sum = sums.get(label) ?? { label, count: 0, cents: 0 };
    sum.count++;
    sum.cents += lead.job_value_cents ?? 0;
    sums.set(label, sum);
  }
  return [...sums.values()].sort((a, b) => b.cents - a.cents || a.label.localeCompare(b.label));
}

/** A range of New Zealand dates, inclusive, as the instants it starts and ends (end exclusive). */
export function rangeInstants(from: string, to: string): { start: Date; end: Date } {
  return { start: nzInstant(from, 0), end: nzInstant(addDays(to, 1), 0) };
}

/** The reports' default: the last twelve weeks to today (NZ), whole weeks from Monday. */
export function defaultRange(now: Date): NzDateRange {
  return nzLastWeeks(DEFAULT_REPORT_WEEKS, now);
}

const campaignOf = (lead: InboxLead) => lead.utm_campaign || '(none)';

/** Every figure of the reports for the leads that arrived from `from` to `to` (NZ dates, inclusive; spam already left out). */
export function buildInsight(leads: readonly InboxLead[], from: string, to: string): Insight {
  const { start, end } = rangeInstants(from, to);
  const facts = leads
    .filter((l) => !l.spam)
    .map(factsOf)
    .filter((f) => f.arrived >= start.getTime() && f.arrived < end.getTime());
  const inRange = facts.map((f) => f.lead);
  const byWeek = new Map<string, LeadFacts[]>();
  for (const f of facts) {
    const list = byWeek.get(f.week);
    if (list) list.push(f);
    else byWeek.set(f.week, [f]);
  }
  const weeks = end > start ? nzWeeksBetween(start, new Date(end.getTime() - 1)) : [];
  const sourceOf = new Map(facts.map((f) => [f.lead, f.source]));
  const won = inRange.filter((l) => l.status === 'won');
  const lost = inRange.filter((l) => l.status === 'lost');
  const sourceLabel = (l: InboxLead) => sourceLabels[sourceOf.get(l)!];
  return {
    from,
    to,
    total: inRange.length,
    withGclid: inRange.filter((l) => l.gclid).length,
    weeks: weeks.map((week) => {
      const weekFacts = byWeek.get(week) ?? [];
      const bySource = Object.fromEntries(leadSources.map((s) => [s, 0])) as Record<LeadSource, number>;
      for (const f of weekFacts) bySource[f.source]++;
      return { week, total: weekFacts.length, bySource, response: responseOf(weekFacts) };
    }),
    bySource: leadSources.map((s) => ({ label: sourceLabels[s], count: facts.filter((f) => f.source === s).length })),
    byService: countBy(inRange, (l) => l.service_type || '(not given)'),
    byCity: countBy(inRange, (l) => l.city || '(not given)'),
    byPage: countBy(inRange, (l) => l.path || '(unknown)'),
    byCampaign: countBy(inRange, campaignOf),
    funnel: funnelStages.map((stage, rank) => ({ stage, count: inRange.filter((l) => l.furthest_stage >= rank).length })),
    lost: lost.length,
    lostReasons: lostReasons.map((reason) => ({ reason, count: lost.filter((l) => l.lost_reason === reason).length })).filter((r) => r.count > 0),
    won: {
      count: won.length,
      cents: won.reduce((sum, l) => sum + (l.job_value_cents ?? 0), 0),
      bySource: valueBy(won, sourceLabel),
      byCampaign: valueBy(won, campaignOf),
    },
    response: responseOf(facts),
  };
}
