/**
 * The migrations, one file each in migrations/, named `NNN-what-it-does.ts`: the three digits are
 * its version, and the folder is the list. Each file exports `migration(dialect)`, its statements
 * (or units of work, steps.ts) for that dialect. A released migration is never edited: an existing
 * database has already run it and would never see the change. Every later change to the schema (a
 * new lead field included) is a new file with the next number.
 *
 * The folder is read once, when this module loads (so at every start): a name that is not
 * `NNN-name.ts`, two files with one number (two branches that each added the next migration) or a
 * missing number stops the server and every test with one error naming the files. A migration file
 * imports nothing from this module but types: this module waits for the files while it loads, so a
 * file waiting for this module would wait for ever.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Row, Work } from './steps.ts';

export type Dialect = 'sqlite' | 'postgres';

/** A step of a migration: a statement, or a unit of work (steps.ts) for what SQL alone cannot compute. */
export type MigrationStep = string | (() => Work<unknown>);

/**
 * Epoch milliseconds by the database's own clock, so every instance's leases agree. It is the
 * statement's start, read once: a statement that writes "now" and "now + 15 minutes" stores
 * exactly 15 minutes apart (clock_timestamp() moves while a statement runs), as SQLite's
 * unixepoch('subsec') does within one step.
 */
export const PG_NOW_MS = '(extract(epoch from statement_timestamp()) * 1000)::bigint';

/** A migration file's name: three digits (its version), a dash, lowercase words joined by dashes, `.ts`. */
export const MIGRATION_FILE_NAME = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.ts$/;

export interface MigrationFile {
  version: number;
  /** The file's name in the folder, e.g. `013-partners.ts`. */
  file: string;
}

export interface LoadedMigration extends MigrationFile {
  migration: (dialect: Dialect) => MigrationStep[];
}

const three = (n: number) => String(n).padStart(3, '0');

/**
 * The files of a migrations folder in version order. Throws, naming every problem at once, when a
 * name is not `NNN-name.ts`, two files share a number, or the numbers do not run 001, 002, … without
 * a gap. Names starting with a dot (an editor's or the system's hidden files) are not files of it.
 */
export function orderMigrationFiles(names: readonly string[], folder = 'the migrations folder'): MigrationFile[] {
  const problems: string[] = [];
  const byVersion = new Map<number, string[]>();
  for (const file of names) {
    if (file.startsWith('.')) continue;
    const match = MIGRATION_FILE_NAME.exec(file);
    if (!match) {
      problems.push(`"${file}" is not named NNN-name.ts (three digits, a dash, lowercase words joined by dashes, .ts)`);
      continue;
    }
    const version = Number(match[1]);
    if (version === 0) {
      problems.push(`"${file}" has the number 000: the numbers start at 001`);
      continue;
    }
    byVersion.set(version, [...(byVersion.get(version) ?? []), file]);
  }
  for (const [version, files] of byVersion)
    if (files.length > 1)
      problems.push(`${[...files].sort().join(' and ')} share the number ${three(version)}: give the one not yet released the next free number`);
  const highest = Math.max(0, ...byVersion.keys());
  const missing = Array.from({ length: highest }, (_, i) => i + 1).filter((v) => !byVersion.has(v));
  if (missing.length > 0) problems.push(`no migration numbered ${missing.map(three).join(', ')}: the numbers run from 001 without a gap`);
  if (problems.length > 0) throw new Error(`Migrations in ${folder}: ${problems.join('; ')}.`);
  return [...byVersion].sort(([a], [b]) => a - b).map(([version, [file]]) => ({ version, file: file! }));
}

/** Reads a migrations folder (a file: URL ending in /) and loads its files in version order; see orderMigrationFiles for what it refuses. */
export async function loadMigrations(folder: URL): Promise<LoadedMigration[]> {
  const path = fileURLToPath(folder);
  const files = orderMigrationFiles(readdirSync(path), path);
  return Promise.all(
    files.map(async ({ version, file }) => {
      const module = (await import(new URL(file, folder).href)) as { migration?: unknown };
      if (typeof module.migration !== 'function') throw new Error(`Migrations in ${path}: ${file} exports no migration(dialect) function.`);
      return { version, file, migration: module.migration as LoadedMigration['migration'] };
    }),
  );
}

const loaded = await loadMigrations(new URL('./migrations/', import.meta.url));

/** The files of server/storage/migrations/, in version order. */
export const migrationFiles: readonly MigrationFile[] = loaded.map(({ version, file }) => ({ version, file }));

/** Every migration's steps for a dialect; migration N is at index N - 1. */
export function migrations(dialect: Dialect): MigrationStep[][] {
  return loaded.map(({ migration }) => migration(dialect));
}

/** The table of the versions a database has run, made where missing; the same SQL in both dialects. */
export const VERSIONS_TABLE = 'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)';

/** The migrations a database has yet to run, in version order, given the rows of its schema_migrations. */
export function pendingMigrations(dialect: Dialect, ran: readonly Row[]): { version: number; steps: MigrationStep[] }[] {
  const done = new Set(ran.map((r) => Number(r.version)));
  return migrations(dialect)
    .map((steps, i) => ({ version: i + 1, steps }))
    .filter(({ version }) => !done.has(version));
}
