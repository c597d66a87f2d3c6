/**
 * The reports' figures as they were computed before the database counted them: every lead of the
 * range read whole and counted in JavaScript. Kept here as the oracle the database's figures must
 * equal, and a helper that stores leads with any history (status, value, first action, arrival)
 * the way the stores do, arrival columns included.
 */
import {
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
import { northStarOf } from '../../core/lead/north-star.ts';
import { partnerRegions, regionOfCity } from '../../core/partner/kinds.ts';
import { isOfficeTime, mondayOf, nzParts, nzWeeksBetween } from '../../core/nz-time.ts';
import { leadColumns } from '../../core/lead/schema.ts';
import { leadSource } from '../../core/lead/arrival.ts';
import { insightBetween, percentile, rangeInstants } from '../../server/leads/range-insight.ts';
import { SqliteLeadStore } from '../../server/storage/sqlite.ts';
import { inboxColumns, toInboxLead, type InboxLead } from '../../server/storage/lead-work.ts';
import { all, run, type Work } from '../../server/storage/steps.ts';
import type { LeadStore } from '../../server/storage/types.ts';

const roundMinutes = (minutes: number | null) => (minutes === null ? null : Math.round(minutes * 60) / 60);

function responseStat(minutes: number[], waiting: number): ResponseStat {
  const sorted = [...minutes].sort((a, b) => a - b);
  return { answered: sorted.length, waiting, medianMinutes: roundMinutes(percentile(sorted, 50)), p90Minutes: roundMinutes(percentile(sorted, 90)) };
}

interface LeadFacts {
  lead: InboxLead;
  arrived: number;
  week: string;
  source: LeadSource;
  inOfficeHours: boolean;
}

function factsOf(lead: InboxLead): LeadFacts {
  const arrived = new Date(lead.created_at);
  const parts = nzParts(arrived);
  return { lead, arrived: arrived.getTime(), week: mondayOf(parts), source: leadSource(lead), inOfficeHours: isOfficeTime(parts) };
}

function responseOf(facts: readonly LeadFacts[]): ResponseTimes {
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

const campaignOf = (lead: InboxLead) => lead.utm_campaign || '(none)';

/** Every figure of the reports for the leads that arrived from `from` to `to`, counted in JavaScript. */
export function oracleInsight(leads: readonly InboxLead[], from: string, to: string): Insight {
  const { start, end } = rangeInstants(from, to);
  const facts = leads
    .filter((l) => !l.spam)
    .map(factsOf)
    .filter((f) => f.arrived >= start.getTime() && f.arrived < end.getTime());
  const inRange = facts.map((f) => f.lead);
  const weeks = end > start ? nzWeeksBetween(start, new Date(end.getTime() - 1)) : [];
  const sourceOf = new Map(facts.map((f) => [f.lead, f.source]));
  const won = inRange.filter((l) => l.status === 'won');
  const lost = inRange.filter((l) => l.status === 'lost');
  return {
    from,
    to,
    total: inRange.length,
    withGclid: inRange.filter((l) => l.gclid).length,
    weeks: weeks.map((week) => {
      const weekFacts = facts.filter((f) => f.week === week);
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
      bySource: valueBy(won, (l) => sourceLabels[sourceOf.get(l)!]),
      byCampaign: valueBy(won, campaignOf),
    },
    response: responseOf(facts),
    // No offers among these leads: every urgent lead is counted by its place, none kept.
    partners: {
      byPartner: [],
      promise: partnerRegions
        .map((city) => ({ city, urgent: inRange.filter((l) => l.urgent && regionOfCity(l.city) === city).length, kept: 0 }))
        .filter((p) => p.urgent > 0),
    },
    // Nobody accepted or acknowledged any of them: the North star of their arrival times alone.
    northStar: northStarOf(
      facts.filter((f) => f.lead.urgent).map((f) => ({ createdMs: f.arrived, city: f.lead.city, acceptedMs: null, acknowledgedMs: null, onSiteMs: null })),
      Date.now(),
    ),
  };
}

/** Stores leads exactly as given (arrival, status, value, first action), with the columns a stored lead derives from them. */
export async function storeLeads(store: LeadStore, leads: readonly InboxLead[]): Promise<void> {
  const rows = leads.map((lead) => {
    const { search_text, priority, source, nz_week, nz_weekday, nz_minutes } = inboxColumns(lead, lead.spam, new Date(lead.created_at));
    return {
      ...Object.fromEntries(leadColumns.map((c) => [c, lead[c]])),
      id: lead.id,
      created_at: lead.created_at,
      spam: lead.spam,
      spam_reason: lead.spam_reason,
      status: lead.status,
      urgent: lead.urgent ? 1 : 0,
      priority,
      search_text,
      job_value_cents: lead.job_value_cents,
      lost_reason: lead.lost_reason,
      follow_up_on: lead.follow_up_on,
      status_changed_at: lead.status_changed_at,
      first_action_at: lead.first_action_at,
      furthest_stage: lead.furthest_stage,
      source,
      nz_week,
      nz_weekday,
      nz_minutes,
    };
  });
  for (const row of rows) {
    const columns = Object.keys(row);
    await store.transact(() => run(`INSERT INTO leads (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`, ...Object.values(row)));
  }
}

/** The reports' figures of these leads as the server computes them: stored in a fresh in-memory SQLite database, then counted there. */
export async function storedInsight(leads: readonly InboxLead[], from: string, to: string): Promise<Insight> {
  const store = new SqliteLeadStore(':memory:');
  try {
    await store.migrate();
    await storeLeads(store, leads);
    return await store.read(() => insightBetween(from, to));
  } finally {
    await store.close();
  }
}

/** The leads (spam left out) that arrived in [start, end), oldest first, whole: what the oracle counts. */
export function* leadsArrivedBetween(start: Date, end: Date): Work<InboxLead[]> {
  const rows = yield* all(
    'SELECT * FROM leads WHERE spam = FALSE AND created_at >= ? AND created_at < ? ORDER BY created_at, id',
    start.toISOString(),
    end.toISOString(),
  );
  return rows.map(toInboxLead);
}
