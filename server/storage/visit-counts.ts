/**
 * The visits' daily totals, written once for both stores: each instance adds what it counted since
 * its last flush with `INSERT ... ON CONFLICT ... DO UPDATE SET n = table.n + excluded.n`, which is
 * one atomic step per row in both databases, so two instances adding to the same row lose nothing.
 * Rows go in key order, so two instances' batches take their row locks in the same order and never
 * deadlock. The reading side counts the range's days and, beside them, the range's leads by the same
 * page, source, campaign and device.
 *
 * A campaign is whatever text a beacon carries, so each day keeps only its first `campaignsPerDay`
 * campaigns as rows of their own; a flush folds any later campaign into "(other)". The guarantee
 * is exact, however many instances flush at once: the day's campaigns are read and the new rows
 * written in one transaction that holds the database's lock for it (a transaction-level advisory
 * lock on PostgreSQL; on SQLite every write transaction already holds the only write lock), so no
 * two flushes can both see room for the same last places. A day thus has at most `campaignsPerDay`
 * campaigns of its own, plus "(other)" and the empty campaign (no campaign at all).
 */
import { OTHER_CAMPAIGN } from '../../core/visit/visit-figures.ts';
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

/** What one instance counted since its last flush, each row's key once. */
export interface VisitBatch {
  pages: PageCount[];
  visitors: VisitorCount[];
  forms: FormCount[];
  vitals: VitalCount[];
}

/** Rows per statement: well under SQLite's limit of bound parameters. */
const CHUNK = 100;

export interface VisitLimits {
  /** Campaigns a day keeps as rows of their own. */
  campaignsPerDay: number;
  /** Which database: PostgreSQL needs its own lock for the campaigns' places. */
  kind: 'sqlite' | 'postgres';
}

/** The PostgreSQL advisory lock under which flushes decide the day's campaigns (one at a time). */
const CAMPAIGN_LOCK = 7413101;

/**
 * Rows with the same key added up into one: folding campaigns into "(other)" can make several rows
 * one. A visitor of two folded campaigns then counts twice in "(other)"; that happens only when
 * another instance took the day's last places first (each instance folds its own share in memory).
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

/**
 * The batch with every campaign the day has no place for folded into "(other)": a campaign the day
 * already has stays, a new one takes one of the places left, in the order this instance counted them.
 */
function* placeCampaigns(batch: VisitBatch, { campaignsPerDay, kind }: VisitLimits): Work<VisitBatch> {
  const wanted = new Map<string, Set<string>>();
  for (const row of [...batch.visitors, ...batch.pages])
    if (row.campaign !== '' && row.campaign !== OTHER_CAMPAIGN) (wanted.get(row.day) ?? wanted.set(row.day, new Set()).get(row.day)!).add(row.campaign);
  if (wanted.size === 0) return batch;
  if (kind === 'postgres') yield* all(`SELECT pg_advisory_xact_lock(${CAMPAIGN_LOCK})`);
  const kept = new Map<string, Set<string>>();
  for (const [day, campaigns] of wanted) {
    const rows = yield* all('SELECT campaign FROM visit_visitors WHERE day = ? UNION SELECT campaign FROM visit_pages WHERE day = ?', day, day);
    const stored = new Set(rows.map((r) => String(r.campaign)).filter((c) => c !== '' && c !== OTHER_CAMPAIGN));
    let places = campaignsPerDay - stored.size;
    const keep = new Set<string>();
    for (const campaign of campaigns)
      if (stored.has(campaign)) keep.add(campaign);
      else if (places > 0) {
        keep.add(campaign);
        places--;
      }
    kept.set(day, keep);
  }
  const fold = <T extends { day: string; campaign: string }>(rows: T[]) =>
    rows.map((row) =>
      row.campaign === '' || row.campaign === OTHER_CAMPAIGN || kept.get(row.day)!.has(row.campaign) ? row : { ...row, campaign: OTHER_CAMPAIGN },
    );
  return {
    ...batch,
    pages: merged(fold(batch.pages), pageKey, ['views', 'visitors']),
    visitors: merged(fold(batch.visitors), visitorsKey, ['visitors']),
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

/** Adds a flush's counts to the stored totals, each new campaign in its place or in "(other)". */
export function* addVisitCounts(counted: VisitBatch, limits: VisitLimits): Work<void> {
  const batch = yield* placeCampaigns(counted, limits);
  yield* addRows<PageCount>('visit_pages', ['day', 'page', 'source', 'campaign', 'device'], ['views', 'visitors'], batch.pages);
  yield* addRows<VisitorCount>('visit_visitors', ['day', 'source', 'campaign', 'device'], ['visitors'], batch.visitors);
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
