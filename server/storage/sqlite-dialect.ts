/** How SQLite runs the shared SQL of units of work: its clock and arrival tokens, its booleans, statements prepared once. */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { ARRIVED_MS, NOW_MS, type Query } from './steps.ts';

/** SQLite's clock in epoch milliseconds. */
export const SQLITE_NOW_MS = "CAST(unixepoch('subsec') * 1000 AS INTEGER)";
/** A lead's ISO created_at in epoch milliseconds (rounded: the seconds come back as a float). */
export const SQLITE_ARRIVED_MS = "CAST(round(unixepoch(created_at, 'subsec') * 1000) AS INTEGER)";

/** A cache of prepared statements for one connection: the insert path runs the same few for every post. */
export function statementCache(db: DatabaseSync): (sql: string) => StatementSync {
  const statements = new Map<string, StatementSync>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
}

/**
 * Runs one query of a unit of work on a connection: the rows, or how many rows changed. `queued` is
 * told when the unit of work queued jobs (one process uses the file, so there is nobody to announce
 * them to but its own workers); a new version of the site has nobody else to hear it at all.
 */
export function sqliteExecutor(statement: (sql: string) => StatementSync, queued: () => void): (query: Query) => unknown {
  return (query) => {
    if (query.mode === 'announce') {
      if (query.news === 'jobs') queued();
      return 0;
    }
    const prepared = statement(query.sql.replaceAll(NOW_MS, SQLITE_NOW_MS).replaceAll(ARRIVED_MS, SQLITE_ARRIVED_MS));
    // node:sqlite binds no booleans: they are stored as 1 and 0, as the spam column is.
    const params = query.params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : (p ?? null))) as (string | number | null)[];
    if (query.mode === 'all') return prepared.all(...params);
    return Number(prepared.run(...params).changes);
  };
}

/** For a connection that only reads: a unit of work that queues jobs there is a mistake. */
export function readOnlyQueue(): never {
  throw new Error('a read-only connection cannot queue jobs');
}
