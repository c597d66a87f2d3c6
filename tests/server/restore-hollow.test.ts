/**
 * `leads -- restore` refuses a file that claims to be a lead database but lacks its tables: one with
 * only `schema_migrations` (every version recorded) would otherwise start a server that says it is
 * ready and answers every quote with 503. A whole database, at any version, still passes. SQLite
 * only: on PostgreSQL restore points to pg_dump and touches nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { databaseFileProblem } from '../../server/storage/backup-check.ts';
import { migrations } from '../../server/storage/migrations.ts';
import { createTestStore, rawQuery, type TestStore } from '../support/stores.ts';

const cli = new URL('../../server/cli.ts', import.meta.url).pathname;
const known = migrations('sqlite').length;
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function database(): Promise<TestStore> {
  const t = await createTestStore('sqlite');
  cleanups.push(() => t.cleanup());
  await t.store.close();
  return t;
}

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'crnz-hollow-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A file with a schema_migrations table recording versions 1 to `upTo`, and no other table. */
function hollow(file: string, upTo: number): string {
  const db = new DatabaseSync(file);
  db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)');
  for (let v = 1; v <= upTo; v++) db.prepare('INSERT INTO schema_migrations (version) VALUES (?)').run(v);
  db.close();
  return file;
}

describe('restore refuses a hollow database file', () => {
  it('refuses a file with only schema_migrations, naming the missing lead tables, and leaves the database alone', async () => {
    const t = await database();
    const file = hollow(join(folder(), 'hollow.sqlite'), known);
    const res = spawnSync(process.execPath, [cli, 'restore', file], { env: { ...process.env, DATABASE_URL: t.url }, encoding: 'utf8' });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/was not restored: it is not a whole lead database: it has no leads, .*\boutbox\b.* tables/);
    expect(readdirSync(join(t.url, '..')).filter((f) => f !== 'leads.sqlite')).toEqual([]);
    const [leads] = await rawQuery<{ n: number }>('sqlite', t.url, 'SELECT COUNT(*) AS n FROM leads');
    expect(leads!.n).toBe(0);
  });

  it('refuses a file at its first version without the tables of that version', () => {
    expect(databaseFileProblem(hollow(join(folder(), 'first.sqlite'), 1))).toMatch(/it has no leads, outbox tables/);
  });

  it('refuses a file that lost one table, and names it', async () => {
    const t = await database();
    const file = join(folder(), 'partial.sqlite');
    copyFileSync(t.url, file);
    await rawQuery('sqlite', file, 'DROP TABLE outbox');
    expect(databaseFileProblem(file)).toBe(`it is not a whole lead database: it has no outbox table, which its schema version ${known} must have`);
  });

  it('passes a whole database as the code makes it', async () => {
    const t = await database();
    expect(databaseFileProblem(t.url)).toBeUndefined();
  });
});
