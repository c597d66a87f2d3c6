/**
 * Backups of the SQLite store, on a real server process taking quotes: `leads -- backup` holds every
 * quote acknowledged before it began and passes SQLite's integrity check; `leads -- restore` is
 * refused while a server holds the database, works after a SIGKILL, keeps the replaced database
 * whole, and a server started on the result lists the leads. Scheduled backups appear, are pruned
 * to BACKUP_KEEP, show in /healthz and status, and a backup folder that stops being one shows as a
 * failure while quotes are still stored. On PostgreSQL the CLI points to pg_dump and touches nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { openSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { BackupNames, BackupSchedule } from '../../server/backup/schedule.ts';
import { createTestStore, formBody, JSON_ACCEPT, rawQuery } from '../support/stores.ts';
import { waitFor } from '../support/peers.ts';
import { startServer, tinySite, type ServerProcess } from '../support/server-process.ts';

const cli = new URL('../../server/cli.ts', import.meta.url).pathname;
const TOKEN = 'a-backup-test-export-token-of-32-chars-or-more';
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

/** The CLI as a child process, without blocking this event loop (the posters keep posting meanwhile). */
function leads(env: Record<string, string>, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'crnz-backup-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function serve(env: Record<string, string>): Promise<ServerProcess> {
  const dist = tinySite();
  cleanups.push(() => rmSync(dist, { recursive: true, force: true }));
  const server = await startServer({ DIST_DIR: dist, ...env });
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  });
  return server;
}

async function post(url: string, name: string): Promise<boolean> {
  const res = await fetch(url, { method: 'POST', headers: JSON_ACCEPT, body: formBody({ contact_name: name, work_email: 'backup@example.co.nz' }) });
  const body = (await res.json().catch(() => null)) as { ok?: boolean } | null;
  return res.status === 200 && body?.ok === true;
}

async function namesIn(file: string): Promise<Set<string>> {
  return new Set((await rawQuery<{ contact_name: string }>('sqlite', file, 'SELECT contact_name FROM leads')).map((r) => r.contact_name));
}

async function integrity(file: string): Promise<string> {
  return (await rawQuery<{ integrity_check: string }>('sqlite', file, 'PRAGMA integrity_check')).map((r) => r.integrity_check).join();
}

interface Health {
  ok: boolean;
  backup?: { last: { file: string; at: string; bytes: number } | null; failure: { at: string; error: string } | null };
}
const health = async (url: string) => (await (await fetch(`${url}/healthz`)).json()) as Health;

describe('leads -- backup and restore on a running server', () => {
  it('copies every acknowledged quote while quotes arrive, refuses to restore under the server, restores after SIGKILL', async () => {
    const dir = tempDir();
    const db = join(dir, 'data', 'leads.sqlite');
    const copy = join(dir, 'copy.sqlite');
    const env = { DATABASE_URL: db };
    let server = await serve(env);

    const acked: string[] = [];
    const startedAfterBackup: string[] = [];
    let backupDone = false;
    let stop = false;
    const poster = async (worker: number) => {
      for (let i = 0; !stop; i++) {
        const name = `Backup ${worker}-${i}`;
        if (backupDone) startedAfterBackup.push(name);
        if (await post(server.url, name)) acked.push(name);
      }
    };
    const posters = [0, 1, 2, 3].map(poster);
    await waitFor(() => acked.length >= 40, { what: '40 acknowledged quotes before the backup', timeoutMs: 20_000 });
    const ackedBefore = [...acked];
    const backup = await leads(env, 'backup', copy);
    backupDone = true;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('integrity check ok');
    const countAtEnd = acked.length;
    expect(countAtEnd).toBeGreaterThan(ackedBefore.length); // quotes were still being taken during the backup
    await waitFor(() => acked.length >= countAtEnd + 20, { what: 'quotes after the backup' });
    stop = true;
    await Promise.all(posters);

    expect(await integrity(copy)).toBe('ok');
    const inCopy = await namesIn(copy);
    expect(ackedBefore.filter((name) => !inCopy.has(name))).toEqual([]);
    expect(startedAfterBackup.filter((name) => inCopy.has(name))).toEqual([]);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    // The server holds the database: restore is refused and changes nothing.
    const refused = await leads(env, 'restore', copy);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Not restored: .*leads\.sqlite is in use .*Stop the server first/);
    expect(readdirSync(join(dir, 'data')).filter((f) => f.includes('before-restore') || f.endsWith('.tmp'))).toEqual([]);
    expect(await post(server.url, 'After the refused restore')).toBe(true);

    // Killed outright: its lock goes with it, and what its write-ahead log held is kept with the replaced file.
    server.child.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');
    const restored = await leads(env, 'restore', copy);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const kept = /kept at (\S+)\.$/m.exec(restored.stdout)?.[1];
    expect(kept).toMatch(/leads\.sqlite\.before-restore-\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z$/);
    expect(readdirSync(join(dir, 'data')).sort()).toEqual(['leads.sqlite', kept!.split('/').at(-1)]);
    expect(await integrity(kept!)).toBe('ok');
    const inKept = await namesIn(kept!);
    expect([...acked, 'After the refused restore'].filter((name) => !inKept.has(name))).toEqual([]);

    // A server on the restored file serves every lead of the backup, and none posted after it.
    server = await serve({ ...env, LEADS_EXPORT_TOKEN: TOKEN });
    const res = await fetch(`${server.url}/api/leads.csv`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const csv = await res.text();
    expect(ackedBefore.filter((name) => !csv.includes(`"${name}"`))).toEqual([]);
    expect(startedAfterBackup.filter((name) => csv.includes(`"${name}"`))).toEqual([]);
    expect(csv).not.toContain('After the refused restore');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe('0');
  }, 120_000);

  it('refuses a damaged file, a database from a newer version and a foreign one, leaving the database alone', async () => {
    const dir = tempDir();
    const t = await createTestStore('sqlite');
    cleanups.push(() => t.cleanup());
    await t.store.close();
    const env = { DATABASE_URL: t.url };

    const newer = join(dir, 'newer.sqlite');
    copyFileSync(t.url, newer);
    await rawQuery('sqlite', newer, 'INSERT INTO schema_migrations (version) VALUES (999)');
    const foreign = join(dir, 'foreign.sqlite');
    await rawQuery('sqlite', foreign, 'CREATE TABLE notes (text TEXT)');
    const damaged = join(dir, 'damaged.sqlite');
    copyFileSync(t.url, damaged);
    const fd = openSync(damaged, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, 4096 * 3);
    closeSync(fd);

    for (const [file, why] of [
      [newer, /schema version\(s\) 999, which this code does not know .*newer version/],
      [foreign, /not a lead database/],
      [damaged, /integrity check|malformed|cannot be read/],
    ] as const) {
      const res = spawnSync(process.execPath, [cli, 'restore', file], { env: { ...process.env, ...env }, encoding: 'utf8' });
      expect(res.status).toBe(1);
      expect(res.stderr).toMatch(why);
    }
    expect(readdirSync(join(t.url, '..')).filter((f) => f !== 'leads.sqlite')).toEqual([]);
    expect(await integrity(t.url)).toBe('ok');
  });
});

describe('scheduled backups', () => {
  it('writes dated copies, keeps BACKUP_KEEP, reports them, and shows a broken folder as a failure while quotes are stored', async () => {
    const dir = tempDir();
    const db = join(dir, 'data', 'leads.sqlite');
    const folder = join(dir, 'backups');
    mkdirSync(folder);
    // Files it did not make are never deleted, even when named like a backup of another database.
    const foreign = ['notes.txt', 'leads-manual.sqlite', 'other-2020-01-01T000000.000Z.sqlite'];
    for (const f of foreign) writeFileSync(join(folder, f), 'not ours');
    const env = { DATABASE_URL: db, BACKUP_DIR: folder, BACKUP_EVERY: '300ms', BACKUP_KEEP: '3' };
    const server = await serve(env);
    expect(await post(server.url, 'Scheduled One')).toBe(true);

    const names = new BackupNames(db);
    const seen = new Set<string>();
    await waitFor(
      () => {
        const now = names.list(folder);
        for (const f of now) seen.add(f);
        return seen.size >= 6 && now.length === 3;
      },
      { what: 'six dated backups made and three kept', timeoutMs: 20_000 },
    );
    for (const f of foreign) expect(existsSync(join(folder, f))).toBe(true);
    const [newest] = names.list(folder);
    expect(await integrity(join(folder, newest!))).toBe('ok');
    expect((await namesIn(join(folder, newest!))).has('Scheduled One')).toBe(true);

    // waitFor returns only once the answer is there.
    const body = (await waitFor(
      async () => {
        const h = await health(server.url);
        return h.backup?.last && seen.has(h.backup.last.file) ? h : undefined;
      },
      { what: '/healthz to name a backup' },
    ))!;
    expect(body.backup!.failure).toBeNull();
    expect(body.backup!.last!.bytes).toBeGreaterThan(0);
    expect(Math.abs(Date.parse(body.backup!.last!.at) - Date.now())).toBeLessThan(60_000);
    const status = await leads(env, 'status');
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/last backup: \d{4}-\d\d-\d\dT[\d:.]+Z {2}\d+ bytes {2}leads-\d{4}-\d\d-\d\dT\d{6}\.\d{3}Z\.sqlite/);
    expect(status.stdout).not.toContain('FAILED');

    // The folder is replaced by a plain file: no one, root included, can write a backup into it.
    // Moved aside in one step, not emptied, because the server may be writing a copy into it right now.
    renameSync(folder, `${folder}-moved`);
    writeFileSync(folder, 'not a folder');
    const failed = (await waitFor(
      async () => {
        const h = await health(server.url);
        return h.backup?.failure ? h : undefined;
      },
      { what: '/healthz to report the failed backup' },
    ))!;
    expect(failed.ok).toBe(true);
    expect(failed.backup!.failure!.error).toContain('is not a folder');
    expect(failed.backup!.last).toBeNull();
    expect(await post(server.url, 'Stored Despite The Failure')).toBe(true);
    const list = await leads(env, 'list');
    expect(list.stdout).toContain('Stored Despite The Failure');
    const failedStatus = await leads(env, 'status');
    expect(failedStatus.stdout).toMatch(/last backup attempt FAILED at .*is not a folder/);
    expect(server.child.exitCode).toBeNull();

    // The folder is back: the next backup succeeds and the failure is cleared everywhere.
    rmSync(folder);
    mkdirSync(folder);
    await waitFor(
      async () => {
        const h = await health(server.url);
        return h.backup?.last && !h.backup.failure;
      },
      { what: 'a backup after the folder came back' },
    );
    expect((await leads(env, 'status')).stdout).not.toContain('FAILED');

    // The timer neither keeps the process alive nor stops it from closing.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe('0');
  }, 60_000);

  it('two schedules on one database and folder never leave a torn or temporary file', async () => {
    const t = await createTestStore('sqlite');
    cleanups.push(() => t.cleanup());
    const folder = tempDir();
    const log = pino({ level: 'silent' });
    const make = () => new BackupSchedule({ databaseFile: t.url, folder, everyMs: 60_000, keep: 4, log });
    const [a, b] = [make(), make()];
    const at = new Date();
    // The same name from both at once, then different names: each rename is whole or absent.
    await Promise.all([a.backUp(at), b.backUp(at), a.backUp(new Date(at.getTime() + 1)), b.backUp(new Date(at.getTime() + 2))]);
    await Promise.all([a.backUp(new Date(at.getTime() + 3)), b.backUp(new Date(at.getTime() + 4))]);
    expect(a.state().failure).toBeNull();
    expect(b.state().failure).toBeNull();
    const files = readdirSync(folder);
    expect(files.every((f) => new BackupNames(t.url).timeOf(f))).toBe(true);
    expect(files.length).toBe(4);
    for (const f of files) expect(await integrity(join(folder, f))).toBe('ok');
  });
});

describe('on PostgreSQL', () => {
  it('backup and restore name the PostgreSQL tools, exit non-zero and touch nothing', async () => {
    const t = await createTestStore('postgres', { migrate: false });
    cleanups.push(() => t.cleanup());
    const dir = tempDir();
    const file = join(dir, 'leads.sqlite');
    const backup = await leads({ DATABASE_URL: t.url }, 'backup', file);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toMatch(/PostgreSQL .*back them up with pg_dump/);
    const restore = await leads({ DATABASE_URL: t.url }, 'restore', file);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('pg_restore');
    expect(existsSync(file)).toBe(false);
    // Not even migrated: the CLI never opened the store.
    expect(await rawQuery('postgres', t.url, 'SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()')).toEqual([]);
  });
});
