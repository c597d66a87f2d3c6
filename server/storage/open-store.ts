/** Picks the store from DATABASE_URL: postgres:// or postgresql:// for PostgreSQL, otherwise a SQLite file path or file: URL. */
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { databaseUrlProblem } from './database-url.ts';
import { SqliteLeadStore } from './sqlite.ts';
import { PostgresLeadStore } from './postgres.ts';
import type { LeadStore, ListOptions, StoredLead } from './types.ts';

export const DEFAULT_SQLITE_FILE = './data/leads.sqlite';

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

export function sqlitePath(url: string): string {
  if (url.startsWith('file:')) return fileURLToPath(new URL(url, `file://${process.cwd()}/`));
  return resolve(url);
}

/** The SQLite file DATABASE_URL names (the default when unset), or undefined for PostgreSQL. */
export function sqliteFileOf(databaseUrl: string | undefined): string | undefined {
  const url = databaseUrl || DEFAULT_SQLITE_FILE;
  return isPostgresUrl(url) ? undefined : sqlitePath(url);
}

/** Where the leads go, for the start-up log: the SQLite file, or PostgreSQL's host and database (never the password). */
export function describeStore(databaseUrl: string | undefined): string {
  const url = databaseUrl || DEFAULT_SQLITE_FILE;
  if (!isPostgresUrl(url)) return `SQLite file ${sqlitePath(url)}`;
  const u = new URL(url);
  return `PostgreSQL database ${u.pathname.slice(1) || '(default)'} on ${u.hostname || 'localhost'}:${u.port || 5432}`;
}

export function createStore(databaseUrl: string | undefined, onError?: (error: Error) => void): LeadStore {
  const url = databaseUrl || DEFAULT_SQLITE_FILE;
  const problem = databaseUrlProblem(url);
  if (problem) throw new Error(`DATABASE_URL ${problem}`);
  return isPostgresUrl(url) ? new PostgresLeadStore(url, onError ? { onError } : {}) : new SqliteLeadStore(sqlitePath(url));
}

/**
 * Every lead the options select, in order, fetched a page at a time (keyset paging), so a reader
 * such as the CSV export never holds the whole table.
 */
export async function* eachLead(store: LeadStore, options: Omit<ListOptions, 'after' | 'limit'> = {}, pageSize = 500): AsyncGenerator<StoredLead> {
  let after: StoredLead | undefined;
  for (;;) {
    const page = await store.listLeads({ ...options, after, limit: pageSize });
    yield* page;
    if (page.length < pageSize) return;
    after = page.at(-1);
  }
}
