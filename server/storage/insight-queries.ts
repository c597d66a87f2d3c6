/**
 * The reports' figures counted by the database, written once for both stores: each query groups
 * the range's leads (spam left out) by what one figure needs, so a range of any size comes back as
 * a few hundred rows. The percentiles of the minutes to first action are read the same way: the
 * database ranks the answered leads of each group and hands back only the values at the ranks the
 * percentiles need.
 */
import { leadSources, type LeadSource } from '../../core/lead/insight.ts';
import { leadStatuses, lostReasons, type LeadStatus, type LostReason } from '../../core/lead/status.ts';
import { openMinutes } from '../../core/nz-time.ts';
import type { UrgentLeadTimes } from '../../core/lead/north-star.ts';
import { all, ARRIVED_MS, NOW_MS, type Row, type Work } from './steps.ts';

/** Leads of one week, source, arrival in or out of office hours, and answered or not. */
export interface ArrivalCount {
  week: string;
  source: LeadSource;
  inOfficeHours: boolean;
  waiting: boolean;
  count: number;
}

/** The percentiles of the minutes to first action that the reports show (median and 90th). */
export const RESPONSE_PERCENTILES = [50, 90] as const;

/**
 * The answered leads of one group (a week, or the whole range when `week` is null) that arrived in
 * or out of office hours: how many, and the milliseconds to first action at the ranks (0-based, in
 * ascending order) the percentiles read, which are p × (count − 1) / 100 rounded down and up.
 */
export interface AnsweredRanks {
  week: string | null;
  inOfficeHours: boolean;
  count: number;
  msAtRank: Map<number, number>;
}

/** Leads of one status, furthest stage and lost reason, and how many of them came with a Google click. */
export interface StageCount {
  status: LeadStatus;
  furthestStage: number;
  lostReason: LostReason | null;
  count: number;
  withGclid: number;
}

/** Won leads of one source and campaign, and their value in cents. */
export interface WonValue {
  source: LeadSource;
  campaign: string;
  count: number;
  cents: number;
}

export interface RawCount {
  /** The column's value as stored ('' when not given). */
  value: string;
  count: number;
}

export interface InsightFigures {
  arrivals: ArrivalCount[];
  /** By week, then over the whole range. */
  answered: AnsweredRanks[];
  stages: StageCount[];
  won: WonValue[];
  services: RawCount[];
  cities: RawCount[];
  pages: RawCount[];
  campaigns: RawCount[];
}

/**
 * 1 when a lead's stored New Zealand weekday and minute fall in office hours, else 0: written from
 * the business's hours when the query is made, so the reports follow the hours as configured now.
 */
function inOfficeHoursSql(): string {
  const open: string[] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    const hours = openMinutes(weekday);
    if (hours) open.push(`(nz_weekday = ${weekday} AND nz_minutes >= ${hours[0]} AND nz_minutes < ${hours[1]})`);
  }
  return open.length ? `CASE WHEN ${open.join(' OR ')} THEN 1 ELSE 0 END` : '0';
}

// An equality, not `NOT spam`: SQLite uses the partial index of version 11 only for the same term.
const IN_RANGE = 'spam = FALSE AND created_at >= ? AND created_at < ?';

function oneOf<T extends string>(allowed: readonly T[], value: unknown, what: string): T {
  const text = String(value);
  // A value this release does not know (written by a newer one) fails loudly rather than miscounting.
  if (!(allowed as readonly string[]).includes(text)) throw new Error(`unknown ${what} in the reports: ${text}`);
  return text as T;
}

/**
 * The answered leads' milliseconds to first action at the percentiles' ranks, per office-hours side
 * and, `byWeek`, per week. A first action before the arrival (clocks differ) counts as 0.
 */
function* answeredRanks(byWeek: boolean, office: string, range: unknown[]): Work<AnsweredRanks[]> {
  const partition = byWeek ? 'nz_week, office' : 'office';
  const ranks = RESPONSE_PERCENTILES.flatMap((p) => [`${p} * (n - 1) / 100`, `${p} * (n - 1) / 100 + 1`]);
  const rows = yield* all(
    `SELECT nz_week, office, n, rn, ms FROM (
       SELECT nz_week, office, ms, ROW_NUMBER() OVER (PARTITION BY ${partition} ORDER BY ms) AS rn, COUNT(*) OVER (PARTITION BY ${partition}) AS n
       FROM (SELECT nz_week, ${office} AS office, CASE WHEN first_action_at > ${ARRIVED_MS} THEN first_action_at - ${ARRIVED_MS} ELSE 0 END AS ms
             FROM leads WHERE ${IN_RANGE} AND first_action_at IS NOT NULL) AS answered
     ) AS ranked WHERE rn - 1 IN (${ranks.join(', ')})`,
    ...range,
  );
  const groups = new Map<string, AnsweredRanks>();
  for (const r of rows) {
    const week = byWeek ? String(r.nz_week) : null;
    const inOfficeHours = Number(r.office) === 1;
    const key = `${week}|${inOfficeHours}`;
    const group = groups.get(key) ?? { week, inOfficeHours, count: Number(r.n), msAtRank: new Map() };
    group.msAtRank.set(Number(r.rn) - 1, Number(r.ms));
    groups.set(key, group);
  }
  return [...groups.values()];
}

function* countsOf(column: 'service_type' | 'city' | 'path' | 'utm_campaign', range: unknown[]): Work<RawCount[]> {
  const rows = yield* all(`SELECT ${column} AS value, COUNT(*) AS n FROM leads WHERE ${IN_RANGE} GROUP BY ${column}`, ...range);
  return rows.map((r) => ({ value: String(r.value), count: Number(r.n) }));
}

/** Every figure's counts for the leads that arrived in [start, end). */
export function* insightFigures(start: Date, end: Date): Work<InsightFigures> {
  const range = [start.toISOString(), end.toISOString()];
  const office = inOfficeHoursSql();
  const arrivals = yield* all(
    `SELECT nz_week, source, ${office} AS office, CASE WHEN first_action_at IS NULL THEN 1 ELSE 0 END AS waiting, COUNT(*) AS n
     FROM leads WHERE ${IN_RANGE} GROUP BY 1, 2, 3, 4`,
    ...range,
  );
  const answered = [...(yield* answeredRanks(true, office, range)), ...(yield* answeredRanks(false, office, range))];
  const stages = yield* all(
    `SELECT status, furthest_stage, lost_reason, COUNT(*) AS n, SUM(CASE WHEN gclid <> '' THEN 1 ELSE 0 END) AS clicks
     FROM leads WHERE ${IN_RANGE} GROUP BY 1, 2, 3`,
    ...range,
  );
  const won = yield* all(
    `SELECT source, utm_campaign, COUNT(*) AS n, SUM(COALESCE(job_value_cents, 0)) AS cents
     FROM leads WHERE ${IN_RANGE} AND status = 'won' GROUP BY 1, 2`,
    ...range,
  );
  return {
    arrivals: arrivals.map((r: Row) => ({
      week: String(r.nz_week),
      source: oneOf(leadSources, r.source, 'source'),
      inOfficeHours: Number(r.office) === 1,
      waiting: Number(r.waiting) === 1,
      count: Number(r.n),
    })),
    answered,
    stages: stages.map((r: Row) => ({
      status: oneOf(leadStatuses, r.status, 'status'),
      furthestStage: Number(r.furthest_stage),
      lostReason: r.lost_reason === null || r.lost_reason === undefined ? null : oneOf(lostReasons, r.lost_reason, 'lost reason'),
      count: Number(r.n),
      withGclid: Number(r.clicks),
    })),
    won: won.map((r: Row) => ({
      source: oneOf(leadSources, r.source, 'source'),
      campaign: String(r.utm_campaign),
      count: Number(r.n),
      cents: Number(r.cents),
    })),
    services: yield* countsOf('service_type', range),
    cities: yield* countsOf('city', range),
    pages: yield* countsOf('path', range),
    campaigns: yield* countsOf('utm_campaign', range),
  };
}

const msOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The urgent leads that arrived in [start, end) (spam left out), each with its times: the first
 * acceptance by any partner (kept when the job was later taken or handed back), the first
 * acknowledgement by a person of the business, and the first "On site"; with the database's clock,
 * which decides what is due. One row a lead: urgent requests are a few a day.
 */
export function* urgentLeadTimes(start: Date, end: Date): Work<{ nowMs: number; leads: UrgentLeadTimes[] }> {
  const rows = yield* all(
    `SELECT l.city, ${ARRIVED_MS} AS created_ms,
       (SELECT MIN(o.accepted_at) FROM partner_offers o WHERE o.lead_id = l.id) AS accepted_ms,
       (SELECT MIN(e.at) FROM lead_events e WHERE e.lead_id = l.id AND e.kind = 'acknowledged') AS acknowledged_ms,
       (SELECT MIN(o.on_site_at) FROM partner_offers o WHERE o.lead_id = l.id AND o.accepted_at IS NOT NULL) AS on_site_ms
     FROM leads l WHERE ${IN_RANGE} AND urgent = TRUE ORDER BY created_at, id`,
    start.toISOString(),
    end.toISOString(),
  );
  const now = yield* all(`SELECT ${NOW_MS} AS now_ms`);
  return {
    nowMs: Number(now[0]!.now_ms),
    leads: rows.map((r: Row) => ({
      createdMs: Number(r.created_ms),
      city: String(r.city),
      acceptedMs: msOrNull(r.accepted_ms),
      acknowledgedMs: msOrNull(r.acknowledged_ms),
      onSiteMs: msOrNull(r.on_site_ms),
    })),
  };
}
