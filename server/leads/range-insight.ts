/**
 * The figures behind the reports, the command line's report and the weekly digest: where the leads
 * of a range came from (five sources), what for, how far they got, what the won ones were worth,
 * and how long they waited for somebody to act. The database counts (storage/insight-queries.ts); this
 * shapes its counts into the Insight every reader shares, and works out the percentiles.
 */
import {
  acceptChannels,
  DEFAULT_REPORT_WEEKS,
  funnelStages,
  leadSources,
  sourceLabels,
  type Insight,
  type LabelCount,
  type PartnerFigures,
  type PartnerInsight,
  type ResponseStat,
  type ResponseTimes,
  type ValueCount,
  type WeekFigures,
} from '../../core/lead/insight.ts';
import { lostReasons } from '../../core/lead/status.ts';
import { partnerRegions } from '../../core/partner/kinds.ts';
import { addDays, nzInstant, nzLastWeeks, nzWeeksBetween, type NzDateRange } from '../../core/nz-time.ts';
import {
  insightFigures,
  RESPONSE_PERCENTILES,
  urgentLeadTimes,
  type AnsweredRanks,
  type ArrivalCount,
  type InsightFigures,
  type RawCount,
} from '../storage/insight-queries.ts';
import { northStarOf, type NorthStar } from '../../core/lead/north-star.ts';
import { partnerFigures, type PartnerRawFigures } from '../storage/partner-figures.ts';
import type { Work } from '../storage/steps.ts';
import type { LeadStore } from '../storage/types.ts';

/**
 * The p-th percentile (0-100) of `count` ascending values, read by rank, interpolating between the
 * two nearest ranks (the method of spreadsheets' PERCENTILE.INC), so the median of an even count is
 * the mean of the middle two; null for no values. The rank p × (count − 1) / 100 is computed from
 * integers, so its floor and ceiling are the ranks the database hands back.
 */
export function percentileAt(count: number, p: number, valueAt: (rank: number) => number): number | null {
  if (count === 0) return null;
  const rank = (p * (count - 1)) / 100;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return valueAt(low) + (valueAt(high) - valueAt(low)) * (rank - low);
}

/** The p-th percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number | null {
  return percentileAt(sorted.length, p, (rank) => sorted[rank]!);
}

const sum = <T>(rows: readonly T[], count: (row: T) => number) => rows.reduce((total, row) => total + count(row), 0);

/** Minutes to the whole second, so a median of a few seconds stays a few seconds. */
const roundMinutes = (minutes: number | null) => (minutes === null ? null : Math.round(minutes * 60) / 60);

const NO_ANSWERS: AnsweredRanks = { week: null, inOfficeHours: false, count: 0, msAtRank: new Map() };

function responseStat(answered: AnsweredRanks, waiting: number): ResponseStat {
  const [median, p90] = RESPONSE_PERCENTILES.map((p) => roundMinutes(percentileAt(answered.count, p, (rank) => answered.msAtRank.get(rank)! / 60_000)));
  return { answered: answered.count, waiting, medianMinutes: median!, p90Minutes: p90! };
}

/** Time to first contact (the first status change or note), split by whether the lead arrived in office hours. */
function responseOf(answered: readonly AnsweredRanks[], arrivals: readonly ArrivalCount[]): ResponseTimes {
  const side = (inOfficeHours: boolean) =>
    responseStat(
      answered.find((a) => a.inOfficeHours === inOfficeHours) ?? NO_ANSWERS,
      sum(arrivals, (a) => (a.waiting && a.inOfficeHours === inOfficeHours ? a.count : 0)),
    );
  return { businessHours: side(true), afterHours: side(false) };
}

const biggestFirst = (a: LabelCount, b: LabelCount) => b.count - a.count || a.label.localeCompare(b.label);

/** Counts by label, biggest first; values the database kept apart that read the same are added up. */
function countsBy(counts: readonly RawCount[], label: (value: string) => string): LabelCount[] {
  const sums = new Map<string, number>();
  for (const { value, count } of counts) sums.set(label(value), (sums.get(label(value)) ?? 0) + count);
  return [...sums].map(([label, count]) => ({ label, count })).sort(biggestFirst);
}

function valueBy<T>(rows: readonly T[], label: (row: T) => string, value: (row: T) => { count: number; cents: number }): ValueCount[] {
  const sums = new Map<string, ValueCount>();
  for (const row of rows) {
    const key = label(row);
    const sum = sums.get(key) ?? { label: key, count: 0, cents: 0 };
    sum.count += value(row).count;
    sum.cents += value(row).cents;
    sums.set(key, sum);
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

const notGiven = (value: string) => value || '(not given)';
const campaignLabel = (value: string) => value || '(none)';

function byWeek<T extends { week: string | null }>(rows: readonly T[]): Map<string | null, T[]> {
  const weeks = new Map<string | null, T[]>();
  for (const row of rows) {
    const list = weeks.get(row.week);
    if (list) list.push(row);
    else weeks.set(row.week, [row]);
  }
  return weeks;
}

const placeOrder = (city: string) => {
  const rank = (partnerRegions as readonly string[]).indexOf(city);
  return rank < 0 ? partnerRegions.length : rank;
};
const byPlace = (a: { city: string }, b: { city: string }) => placeOrder(a.city) - placeOrder(b.city) || a.city.localeCompare(b.city);

/** The partners' figures from the database's counts: most offers first, places in the form's order. */
export function shapePartners(raw: PartnerRawFigures): PartnerInsight {
  return {
    byPartner: raw.partners
      .map((p) => ({
        id: p.id,
        name: p.name,
        offers: p.offers,
        accepted: p.accepted,
        declined: p.declined,
        noAnswer: p.noAnswer,
        withdrawn: p.withdrawn,
        waiting: p.waiting,
        declineReasons: countsBy(
          raw.declines.filter((d) => d.partnerId === p.id).map((d) => ({ value: d.reason, count: d.count })),
          (reason) => reason || '(no reason given)',
        ),
        medianAcceptMinutes: roundMinutes(percentileAt(p.acceptCount, 50, (rank) => p.acceptMsAtRank.get(rank)! / 60_000)),
        medianAcceptMinutesVia: Object.fromEntries(
          acceptChannels.map((c) => {
            const via = p.acceptVia[c];
            return [c, roundMinutes(percentileAt(via.count, 50, (rank) => via.msAtRank.get(rank)! / 60_000))];
          }),
        ) as PartnerFigures['medianAcceptMinutesVia'],
        onSite: raw.onSite
          .filter((o) => o.partnerId === p.id)
          .map(({ city, count, inTime }) => ({ city, count, inTime }))
          .sort(byPlace),
        won: { count: p.wonCount, cents: p.wonCents },
      }))
      .sort((a, b) => b.offers - a.offers || a.name.localeCompare(b.name)),
    promise: [...raw.promise].sort(byPlace),
  };
}

/** The Insight of a range from the database's counts. */
export function shapeInsight(figures: InsightFigures, from: string, to: string, partners: PartnerRawFigures, northStar: NorthStar): Insight {
  const { start, end } = rangeInstants(from, to);
  const { arrivals, answered, stages, won } = figures;
  const weeks = end > start ? nzWeeksBetween(start, new Date(end.getTime() - 1)) : [];
  const arrivalsOf = byWeek(arrivals);
  const answeredOf = byWeek(answered.filter((a) => a.week !== null));
  const lost = stages.filter((s) => s.status === 'lost');
  const wonLeads = won.map((w) => ({ ...w, label: sourceLabels[w.source] }));
  return {
    from,
    to,
    total: sum(arrivals, (a) => a.count),
    withGclid: sum(stages, (s) => s.withGclid),
    weeks: weeks.map((week): WeekFigures => {
      const weekArrivals = arrivalsOf.get(week) ?? [];
      return {
        week,
        total: sum(weekArrivals, (a) => a.count),
        bySource: Object.fromEntries(leadSources.map((s) => [s, sum(weekArrivals, (a) => (a.source === s ? a.count : 0))])) as WeekFigures['bySource'],
        response: responseOf(answeredOf.get(week) ?? [], weekArrivals),
      };
    }),
    bySource: leadSources.map((s) => ({ label: sourceLabels[s], count: sum(arrivals, (a) => (a.source === s ? a.count : 0)) })),
    byService: countsBy(figures.services, notGiven),
    byCity: countsBy(figures.cities, notGiven),
    byPage: countsBy(figures.pages, (value) => value || '(unknown)'),
    byCampaign: countsBy(figures.campaigns, campaignLabel),
    funnel: funnelStages.map((stage, rank) => ({ stage, count: sum(stages, (s) => (s.furthestStage >= rank ? s.count : 0)) })),
    lost: sum(lost, (s) => s.count),
    lostReasons: lostReasons.map((reason) => ({ reason, count: sum(lost, (s) => (s.lostReason === reason ? s.count : 0)) })).filter((r) => r.count > 0),
    won: {
      count: sum(won, (w) => w.count),
      cents: sum(won, (w) => w.cents),
      bySource: valueBy(
        wonLeads,
        (w) => w.label,
        (w) => w,
      ),
      byCampaign: valueBy(
        won,
        (w) => campaignLabel(w.campaign),
        (w) => w,
      ),
    },
    response: responseOf(
      answered.filter((a) => a.week === null),
      arrivals,
    ),
    partners: shapePartners(partners),
    northStar,
  };
}

/** Every figure of the reports for the leads that arrived from `from` to `to` (NZ dates, inclusive; spam left out). */
export function* insightBetween(from: string, to: string): Work<Insight> {
  const { start, end } = rangeInstants(from, to);
  const urgent = yield* urgentLeadTimes(start, end);
  return shapeInsight(yield* insightFigures(start, end), from, to, yield* partnerFigures(start, end), northStarOf(urgent.leads, urgent.nowMs));
}

// The computations under way, by store and range: a request for a range already being counted
// waits for that answer instead of counting again. Nothing is kept once it settles.
const underWay = new WeakMap<LeadStore, Map<string, Promise<Insight>>>();

/** The Insight of a range, shared with any identical request still being answered. */
export function insightFor(store: LeadStore, from: string, to: string): Promise<Insight> {
  let running = underWay.get(store);
  if (!running) underWay.set(store, (running = new Map()));
  const key = `${from}/${to}`;
  const shared = running.get(key);
  if (shared) return shared;
  const answer = store.readAside(import.meta.url, insightBetween, from, to).finally(() => running.delete(key));
  running.set(key, answer);
  return answer;
}
