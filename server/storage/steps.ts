/**
 * Database work written once for both stores. A unit of work is a generator that yields each
 * query and receives its rows; the store drives it: SQLite synchronously inside one transaction
 * (so nothing else on its single connection can run in between), PostgreSQL query by query on one
 * pooled connection. SQL is written with `?` placeholders, the token NOW_MS for the database's
 * clock in epoch milliseconds and ARRIVED_MS for a lead's created_at in epoch milliseconds; each
 * store turns them into its own dialect.
 */
export type Row = Record<string, unknown>;

export interface Query {
  /** all: rows; run: a count of changed rows; queued: no SQL, the unit of work queued outbox jobs. */
  mode: 'all' | 'run' | 'queued';
  sql: string;
  params: unknown[];
}

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
 * Tells the store that this unit of work queued outbox jobs: once it commits, the store wakes the
 * workers, its own at once and, on PostgreSQL, every other instance's (announced inside the
 * transaction, so a rollback announces nothing). No caller has to remember to.
 */
export function* jobsQueued(): Work<void> {
  yield { mode: 'queued', sql: '', params: [] };
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
