/**
 * The visits' daily totals, written once for both stores: each instance adds what it counted since
 * its last flush with `INSERT ... ON CONFLICT ... DO UPDATE SET n = table.n + excluded.n`, which is
 * one atomic step per row in both databases, so two instances adding to the same row lose nothing.
 * Rows go in key order, so two instances' batches take their row locks in the same order and never
 * deadlock. The reading side counts the range's days and, beside them, the range's leads by the same
 * page, source, campaign and device.
 *
 * A campaign is whatever text a beacon carries, so a campaign gets a row of its own only by
 * evidence: visits from PROMOTE_VISITORS distinct addresses that day (each instance counts an
 * address once, by a hash it keeps in memory), or a quote request (spam left out) that day naming
 * it. Until then it is a candidate: its visits are counted in "(other)" and, beside that, in the
 * candidate tables by campaign, so that when it earns its row the very same counts move out of
 * "(other)" into it and nothing is counted twice or lost. Arriving first earns nothing, so one
 * address sending a flood of invented campaigns cannot take a real campaign's place.
 *
 * Bounds: a day has at most `campaignsPerDay` campaigns of their own (plus "(other)" and the empty
 * campaign), at most `candidatesPerDay` candidates (when full, a newcomer with more evidence
 * replaces the one with least; the evicted one's counts simply stay in "(other)"), and candidates of
 * days more than CANDIDATE_DAYS old are dropped the same way. Every decision is taken in one
 * transaction under the database's lock for it (a transaction-level advisory lock on PostgreSQL; on
 * SQLite every write transaction already holds the only write lock), so two instances promoting the
 * same campaign at once move its counts once.
 */
import { OTHER_CAMPAIGN } from '../../core/visit/visit-figures.ts';
import { visitCampaign } from '../../core/visit/beacon-schema.ts';
import { addDays, nzInstant } from '../../core/nz-time.ts';
import { all, run, type Row, type Work } from './steps.ts';
import { pageKey, visitorsKey } from '../../core/visit/visit-keys.ts';

export interface PageCount {
  day: string;
  page: string;
  source: string;
  campaign: string;
  device: string;
  views: number;
  visitors: number;
}

export interface VisitorCount {
  day: string;
  source: string;
  campaign: string;
  device: string;
  visitors: number;
}

export interface FormCount {
  day: string;
  page: string;
  seen: number;
  started: number;
}

export interface VitalCount {
  day: string;
  kind: string;
  device: string;
  metric: string;
  bucket: number;
  samples: number;
}

/** New distinct addresses one instance saw bring a campaign since its last flush. */
export interface CampaignEvidence {
  day: string;
  campaign: string;
  visitors: number;
}

/** What one instance counted since its last flush, each row's key once. */
export interface VisitBatch {
  pages: PageCount[];
  visitors: VisitorCount[];
  forms: FormCount[];
  vitals: VitalCount[];
  /** Evidence for the batch's campaigns; a campaign without any has none yet. */
  campaigns?: CampaignEvidence[];
}

/** Rows per statement: well under SQLite's limit of bound parameters. */
const CHUNK = 100;

/** Distinct addresses a day that earn a campaign its row: more than one address, or one behind two instances, can give. */
export const PROMOTE_VISITORS = 3;

/** Candidates a day keeps by default: room for many real campaigns beside what a few addresses can invent. */
export const CANDIDATES_PER_DAY = 200;

/** Days a candidate is kept after its own (a quote that evening may still promote it the next morning). */
const CANDIDATE_DAYS = 2;

export interface VisitLimits {
  /** Campaigns a day keeps as rows of their own. */
  campaignsPerDay: number;
  /** Campaigns a day keeps evidence and counts for while they wait for a row (default CANDIDATES_PER_DAY). */
  candidatesPerDay?: number | undefined;
  /** Which database: PostgreSQL needs its own lock for the campaigns' places. */
  kind: 'sqlite' | 'postgres';
}

/** The PostgreSQL advisory lock under which flushes decide the day's campaigns (one at a time). */
const CAMPAIGN_LOCK = 7413101;

/**
 * Rows with the same key added up into one: folding campaigns into "(other)" can make several rows
 * one. A visitor of two folded campaigns then counts twice in "(other)"; the candidate tables keep
 * the same sums, so moving a campaign out of "(other)" takes away exactly what it added.
 */
function merged<T extends object>(rows: readonly T[], keyOf: (row: T) => string, counts: (keyof T)[]): T[] {
  const byKey = new Map<string, T>();
  for (const row of rows) {
    const key = keyOf(row);
    const held = byKey.get(key);
    if (!held) byKey.set(key, { ...row });
    else for (const c of counts) (held[c] as number) += row[c] as number;
  }
  return [...byKey.values()];
}

/** The batch as it is stored: campaigns without a row folded into "(other)", and the candidates' own share beside. */
interface Placed extends VisitBatch {
  candidatePages: PageCount[];
  candidateVisitors: VisitorCount[];
}

const named = (campaign: string) => campaign !== '' && campaign !== OTHER_CAMPAIGN;
const dayKey = (day: string, campaign: string) => `${day}\u0000${campaign}`;

/** A candidate's counts moved out of "(other)" into the campaign's own rows, then its candidate rows dropped. */
function* promote(day: string, campaign: string): Work<void> {
  const tables = [
    { table: 'visit_pages', from: 'visit_candidate_pages', keys: ['day', 'page', 'source', 'campaign', 'device'], counts: ['views', 'visitors'] },
    { table: 'visit_visitors', from: 'visit_candidate_visitors', keys: ['day', 'source', 'campaign', 'device'], counts: ['visitors'] },
  ];
  for (const { table, from, keys, counts } of tables) {
    const same = keys.filter((k) => k !== 'campaign').map((k) => `${table}.${k} = c.${k}`);
    yield* run(
      `UPDATE ${table} SET ${counts.map((n) => `${n} = ${table}.${n} - c.${n}`).join(', ')} FROM ${from} AS c
       WHERE c.day = ? AND c.campaign = ? AND ${same.join(' AND ')} AND ${table}.campaign = ?`,
      day,
      campaign,
      OTHER_CAMPAIGN,
    );
    yield* run(`DELETE FROM ${table} WHERE day = ? AND campaign = ? AND ${counts.map((n) => `${n} <= 0`).join(' AND ')}`, day, OTHER_CAMPAIGN);
    const columns = [...keys, ...counts].join(', ');
    yield* run(
      `INSERT INTO ${table} (${columns}) SELECT ${columns} FROM ${from} WHERE day = ? AND campaign = ?
       ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${counts.map((n) => `${n} = ${table}.${n} + excluded.${n}`).join(', ')}`,
      day,
      campaign,
    );
  }
  yield* forget(day, campaign);
}

/** A candidate dropped: its counts stay in "(other)", where they already are. */
function* forget(day: string, campaign: string): Work<void> {
  for (const table of ['visit_campaign_candidates', 'visit_candidate_pages', 'visit_candidate_visitors'])
    yield* run(`DELETE FROM ${table} WHERE day = ? AND campaign = ?`, day, campaign);
}

/** The campaigns non-spam quote requests of a New Zealand day named, cleaned as the visits clean theirs. */
function* quotedOn(day: string): Work<Set<string>> {
  const rows = yield* all(
    "SELECT DISTINCT utm_campaign FROM leads WHERE spam = FALSE AND created_at >= ? AND created_at < ? AND utm_campaign <> ''",
    nzInstant(day, 0).toISOString(),
    nzInstant(addDays(day, 1), 0).toISOString(),
  );
  return new Set(rows.map((r) => visitCampaign(String(r.utm_campaign))));
}

/**
 * Decides, under the lock, which of the batch's campaigns have a row of their own (already, or
 * earned now by evidence), which wait as candidates, and which are only "(other)"; promotes any
 * waiting candidate a quote has since named; returns the batch folded accordingly.
 */
function* placeCampaigns(batch: VisitBatch, { campaignsPerDay, candidatesPerDay = CANDIDATES_PER_DAY, kind }: VisitLimits): Work<Placed> {
  const none: Placed = { ...batch, candidatePages: [], candidateVisitors: [] };
  const wanted = new Map<string, Set<string>>();
  for (const row of [...batch.visitors, ...batch.pages, ...(batch.campaigns ?? [])])
    if (named(row.campaign)) (wanted.get(row.day) ?? wanted.set(row.day, new Set()).get(row.day)!).add(row.campaign);
  const folded = [...batch.visitors, ...batch.pages].some((row) => row.campaign === OTHER_CAMPAIGN);
  // Cheap without the lock: most flushes of a quiet site have no campaign and no candidate waiting.
  const waiting = (yield* all('SELECT DISTINCT day FROM visit_campaign_candidates')).map((r) => String(r.day));
  if (wanted.size === 0 && !folded && waiting.length === 0) return none;
  if (kind === 'postgres') yield* all(`SELECT pg_advisory_xact_lock(${CAMPAIGN_LOCK})`);
  // Only "(other)" (a beacon may carry it, or an instance folded): no campaign to place, and the
  // lock above still orders its adds after any promotion in flight.
  if (wanted.size === 0 && waiting.length === 0) return none;

  const newest = [...wanted.keys(), ...waiting].reduce((a, b) => (a > b ? a : b));
  const oldest = addDays(newest, -CANDIDATE_DAYS);
  for (const table of ['visit_campaign_candidates', 'visit_candidate_pages', 'visit_candidate_visitors'])
    yield* run(`DELETE FROM ${table} WHERE day < ?`, oldest);

  const evidence = new Map<string, number>();
  for (const e of batch.campaigns ?? []) evidence.set(dayKey(e.day, e.campaign), (evidence.get(dayKey(e.day, e.campaign)) ?? 0) + e.visitors);
  const kept = new Set<string>();
  const pending = new Set<string>();
  const days = [...new Set([...wanted.keys(), ...waiting])].filter((day) => day >= oldest).sort();
  for (const day of days) {
    const rows = yield* all('SELECT campaign FROM visit_visitors WHERE day = ? UNION SELECT campaign FROM visit_pages WHERE day = ?', day, day);
    const stored = new Set(rows.map((r) => String(r.campaign)).filter(named));
    const candidates = new Map(
      (yield* all('SELECT campaign, visitors FROM visit_campaign_candidates WHERE day = ?', day)).map((r) => [String(r.campaign), Number(r.visitors)]),
    );
    const quoted = yield* quotedOn(day);
    const earned = (campaign: string, visitors: number) => (visitors >= PROMOTE_VISITORS || quoted.has(campaign)) && stored.size < campaignsPerDay;

    for (const campaign of [...(wanted.get(day) ?? [])].sort()) {
      if (stored.has(campaign)) {
        kept.add(dayKey(day, campaign));
        continue;
      }
      const visitors = (candidates.get(campaign) ?? 0) + (evidence.get(dayKey(day, campaign)) ?? 0);
      if (earned(campaign, visitors)) {
        if (candidates.delete(campaign)) yield* promote(day, campaign);
        stored.add(campaign);
        kept.add(dayKey(day, campaign));
        continue;
      }
      if (!candidates.has(campaign) && candidates.size >= candidatesPerDay) {
        // Full: the weakest evidence goes, and only for stronger (an equal newcomer would let a flood churn the table).
        let weakest: [string, number] | undefined;
        for (const entry of candidates) if (!weakest || entry[1] < weakest[1] || (entry[1] === weakest[1] && entry[0] > weakest[0])) weakest = entry;
        if (!weakest || weakest[1] >= visitors) continue;
        candidates.delete(weakest[0]);
        yield* forget(day, weakest[0]);
      }
      candidates.set(campaign, visitors);
      pending.add(dayKey(day, campaign));
      yield* run(
        `INSERT INTO visit_campaign_candidates (day, campaign, visitors) VALUES (?, ?, ?)
         ON CONFLICT (day, campaign) DO UPDATE SET visitors = excluded.visitors`,
        day,
        campaign,
        visitors,
      );
    }
    // A candidate no visit of this batch named may have been quoted since.
    for (const [campaign, visitors] of [...candidates].sort(([a], [b]) => (a < b ? -1 : 1)))
      if (!pending.has(dayKey(day, campaign)) && earned(campaign, visitors)) {
        candidates.delete(campaign);
        yield* promote(day, campaign);
        stored.add(campaign);
      }
  }

  const place = <T extends { day: string; campaign: string }>(rows: T[]) =>
    rows.map((row) => (!named(row.campaign) || kept.has(dayKey(row.day, row.campaign)) ? row : { ...row, campaign: OTHER_CAMPAIGN }));
  const waitingRows = <T extends { day: string; campaign: string }>(rows: T[]) => rows.filter((row) => pending.has(dayKey(row.day, row.campaign)));
  return {
    ...batch,
    pages: merged(place(batch.pages), pageKey, ['views', 'visitors']),
    visitors: merged(place(batch.visitors), visitorsKey, ['visitors']),
    candidatePages: waitingRows(batch.pages),
    candidateVisitors: waitingRows(batch.visitors),
  };
}

function* addRows<T extends object>(table: string, keys: (keyof T & string)[], counts: (keyof T & string)[], rows: readonly T[]): Work<void> {
  const columns = [...keys, ...counts];
  const sorted = [...rows].sort((a, b) => {
    for (const key of keys) {
      const x = String(a[key]);
      const y = String(b[key]);
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  });
  for (let i = 0; i < sorted.length; i += CHUNK) {
    const chunk = sorted.slice(i, i + CHUNK);
    const values = chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
    yield* run(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}
       ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${counts.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')}`,
      ...chunk.flatMap((row) => columns.map((c) => row[c])),
    );
  }
}

/** Adds a flush's counts to the stored totals, each campaign in its own row, or in "(other)" and its candidate rows. */
export function* addVisitCounts(counted: VisitBatch, limits: VisitLimits): Work<void> {
  const batch = yield* placeCampaigns(counted, limits);
  yield* addRows<PageCount>('visit_pages', ['day', 'page', 'source', 'campaign', 'device'], ['views', 'visitors'], batch.pages);
  yield* addRows<VisitorCount>('visit_visitors', ['day', 'source', 'campaign', 'device'], ['visitors'], batch.visitors);
  yield* addRows<PageCount>('visit_candidate_pages', ['day', 'page', 'source', 'campaign', 'device'], ['views', 'visitors'], batch.candidatePages);
  yield* addRows<VisitorCount>('visit_candidate_visitors', ['day', 'source', 'campaign', 'device'], ['visitors'], batch.candidateVisitors);
  yield* addRows<FormCount>('visit_forms', ['day', 'page'], ['seen', 'started'], batch.forms);
  yield* addRows<VitalCount>('visit_vitals', ['day', 'kind', 'device', 'metric', 'bucket'], ['samples'], batch.vitals);
}

/** The range's quote requests (spam left out) by page, source, campaign and device. */
export interface LeadCount {
  path: string;
  source: string;
  campaign: string;
  device: string;
  count: number;
}

export interface VisitCounts {
  /** Views and visitors by page. */
  pages: { page: string; views: number; visitors: number }[];
  /** Views by source, campaign and device (every page). */
  views: { source: string; campaign: string; device: string; views: number }[];
  /** Visitors of the whole site by source, campaign and device. */
  visitors: { source: string; campaign: string; device: string; visitors: number }[];
  forms: { page: string; seen: number; started: number }[];
  vitals: { kind: string; device: string; metric: string; bucket: number; samples: number }[];
  leads: LeadCount[];
}

const text = (r: Row, column: string) => String(r[column]);
const number = (r: Row, column: string) => Number(r[column]);

/** The stored totals of the days `from` to `to` (NZ dates, inclusive), and the leads that arrived in [start, end). */
export function* visitCounts(from: string, to: string, start: Date, end: Date): Work<VisitCounts> {
  const days = 'day >= ? AND day <= ?';
  const pages = yield* all(`SELECT page, SUM(views) AS views, SUM(visitors) AS visitors FROM visit_pages WHERE ${days} GROUP BY page`, from, to);
  const views = yield* all(`SELECT source, campaign, device, SUM(views) AS views FROM visit_pages WHERE ${days} GROUP BY source, campaign, device`, from, to);
  const visitors = yield* all(
    `SELECT source, campaign, device, SUM(visitors) AS visitors FROM visit_visitors WHERE ${days} GROUP BY source, campaign, device`,
    from,
    to,
  );
  const forms = yield* all(`SELECT page, SUM(seen) AS seen, SUM(started) AS started FROM visit_forms WHERE ${days} GROUP BY page`, from, to);
  const vitals = yield* all(
    `SELECT kind, device, metric, bucket, SUM(samples) AS samples FROM visit_vitals WHERE ${days} GROUP BY kind, device, metric, bucket`,
    from,
    to,
  );
  // The same rows the reports count: spam left out, by arrival time.
  const leads = yield* all(
    `SELECT path, source, utm_campaign, device, COUNT(*) AS n FROM leads
     WHERE spam = FALSE AND created_at >= ? AND created_at < ? GROUP BY path, source, utm_campaign, device`,
    start.toISOString(),
    end.toISOString(),
  );
  return {
    pages: pages.map((r) => ({ page: text(r, 'page'), views: number(r, 'views'), visitors: number(r, 'visitors') })),
    views: views.map((r) => ({ source: text(r, 'source'), campaign: text(r, 'campaign'), device: text(r, 'device'), views: number(r, 'views') })),
    visitors: visitors.map((r) => ({
      source: text(r, 'source'),
      campaign: text(r, 'campaign'),
      device: text(r, 'device'),
      visitors: number(r, 'visitors'),
    })),
    forms: forms.map((r) => ({ page: text(r, 'page'), seen: number(r, 'seen'), started: number(r, 'started') })),
    vitals: vitals.map((r) => ({
      kind: text(r, 'kind'),
      device: text(r, 'device'),
      metric: text(r, 'metric'),
      bucket: number(r, 'bucket'),
      samples: number(r, 'samples'),
    })),
    leads: leads.map((r) => ({
      path: text(r, 'path'),
      source: text(r, 'source'),
      campaign: text(r, 'utm_campaign'),
      device: text(r, 'device'),
      count: number(r, 'n'),
    })),
  };
}
