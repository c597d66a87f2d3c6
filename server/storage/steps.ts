/**
 * Database work written once for both stores. A unit of work is a generator that yields each
 * query and receives its rows; the store drives it: SQLite synchronously inside one transaction
 * (so nothing else on its single connection can run in between), PostgreSQL query by query on one
 * pooled connection. SQL is written with `?` placeholders, the token NOW_MS for the database's
 * clock in epoch milliseconds and ARRIVED_MS for a lead's created_at in epoch milliseconds; each
 * store turns them into its own dialect.
 */
export type Row = Record<string, unknown>;

/** What a unit of work can tell other instances once it commits: it queued outbox jobs, or stored a version of the site. */
export type News = 'jobs' | 'site';

/** all: rows; run: a count of changed rows; announce: no SQL, the unit of work has news (announce). */
export type Query = { mode: 'all' | 'run'; sql: string; params: unknown[] } | { mode: 'announce'; news: News };

/** A unit of work returning T. */
export type Work<T> = Generator<Query, T, unknown>;

/** The rows a query returns. */
export function* all(sql: string, ...params: unknown[]): Work<Row[]> {
  return (yield { mode: 'all', sql, params }) as Row[];
}

/** The first row a query returns, if any. */
export function* one(sql: string, ...params: unknown[]): Work<Row | undefined> {
  return (yield* all(sql, ...params))[0];
}

/** Runs a statement; returns how many rows it changed. */
export function* run(sql: string, ...params: unknown[]): Work<number> {
  return (yield { mode: 'run', sql, params }) as number;
}

/**
 * The one way a unit of work announces its news. On PostgreSQL the announcement is made inside
 * the transaction, so other instances hear it only once it commits, and never after a rollback.
 * - jobs: it queued outbox jobs; once it commits the store wakes the workers, its own at once and
 *   every other instance's. No caller has to remember to: enqueue (job-queue.ts) says it.
 * - site: it stored a new version of the site (insertVersion, site-versions.ts), which every
 *   other instance then builds and serves. SQLite has one instance, which serves its own publish.
 */
export function* announce(news: News): Work<void> {
  yield { mode: 'announce', news };
}

/** The database's clock in epoch milliseconds, in SQL both stores understand once translated. */
export const NOW_MS = 'NOW_MS';

/** A lead's created_at in epoch milliseconds (SQLite keeps ISO text, PostgreSQL a timestamp), in SQL both stores understand once translated. */
export const ARRIVED_MS = 'ARRIVED_MS';

/** Drives a unit of work with a synchronous executor (SQLite). */
export function driveSync<T>(work: Work<T>, execute: (query: Query) => unknown): T {
  let step = work.next();
  while (!step.done) step = work.next(execute(step.value));
  return step.value;
}

/** Drives a unit of work with an asynchronous executor (PostgreSQL). */
export async function driveAsync<T>(work: Work<T>, execute: (query: Query) => Promise<unknown>): Promise<T> {
  let step = work.next();
  while (!step.done) step = work.next(await execute(step.value));
  return step.value;
}

/** `?` → `$1`, `$2`…, for PostgreSQL (the shared SQL never has a `?` inside a literal). */
export function numberedParams(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
