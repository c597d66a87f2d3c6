/**
 * Backup files dated in the future (after the clock jumped, or copied in from elsewhere) in
 * BACKUP_DIR: sorted by name they would stand as the newest, so pruning would delete every real
 * backup right after writing it and /healthz would report a backup from 2099 and no failure. They
 * are left alone, never counted as the newest, and reported as a failure by /healthz and `status`.
 * SQLite only: scheduled backups are of the SQLite file.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from '../../server/http/app.ts';
import { BackupNames, BackupSchedule, CLOCK_SKEW_MS, readBackupState } from '../../server/backup/schedule.ts';
import { createTestStore } from '../support/stores.ts';

const START = Date.now() - 2 * 86_400_000;
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function setUp(keep: number) {
  const t = await createTestStore('sqlite');
  cleanups.push(() => t.cleanup());
  const folder = mkdtempSync(join(tmpdir(), 'crnz-future-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  // Two days ago: `status` below reads the folder by the real clock, for which these backups are past.
  let now = new Date(START);
  const schedule = new BackupSchedule({ databaseFile: t.url, folder, everyMs: 3_600_000, keep, log: pino({ level: 'silent' }), now: () => now });
  const advance = (ms: number) => (now = new Date(now.getTime() + ms));
  return { t, folder, schedule, names: new BackupNames(t.url), advance, now: () => now };
}

describe('backup files dated in the future', () => {
  it('keeps the real backups, never deletes the future ones, and reports them in /healthz and status', async () => {
    const { t, folder, schedule, names, advance } = await setUp(2);
    const future = [names.name(new Date('2099-01-01T00:00:00.000Z')), names.name(new Date('2098-06-01T12:00:00.000Z'))];
    for (const f of future) writeFileSync(join(folder, f), 'from a clock that jumped');

    const real: string[] = [];
    for (let i = 0; i < 3; i++) {
      await schedule.backUp();
      real.unshift(names.name(new Date(START + i * 3_600_000)));
      advance(3_600_000);
    }
    // The newest two real backups are kept, the oldest pruned; the future files are untouched.
    expect(readdirSync(folder).sort()).toEqual([...real.slice(0, 2), ...future].sort());
    expect(existsSync(join(folder, real[2]!))).toBe(false);

    const app = await buildApp({ store: t.store, backups: () => schedule.state(), healthCacheMs: 0 });
    cleanups.push(() => app.close());
    const health = (await app.inject({ method: 'GET', url: '/healthz' })).json() as {
      ok: boolean;
      backup: { last: { file: string; at: string } | null; failure: { at: string; error: string } | null };
    };
    expect(health.ok).toBe(true);
    expect(health.backup.last).toMatchObject({ file: real[0], at: names.timeOf(real[0]!)!.toISOString() });
    expect(health.backup.failure).not.toBeNull();
    for (const f of future) expect(health.backup.failure!.error).toContain(f);
    expect(health.backup.failure!.error).toMatch(/dated in the future/);

    // `status` (another process, the real clock) reads the same from the folder.
    const state = readBackupState(folder, t.url);
    expect(state.last?.file).toBe(real[0]);
    for (const f of future) expect(state.failure?.error).toContain(f);

    // Moved away, the failure is gone.
    for (const f of future) rmSync(join(folder, f));
    expect(schedule.state().failure).toBeNull();
  });

  it('counts a backup dated within the clock skew allowed as a backup, and one just past it as in the future', async () => {
    const { folder, schedule, names, now } = await setUp(5);
    const ahead = names.name(new Date(now().getTime() + CLOCK_SKEW_MS - 1000));
    const beyond = names.name(new Date(now().getTime() + CLOCK_SKEW_MS + 1000));
    writeFileSync(join(folder, ahead), 'another process, its clock a little ahead');
    expect(schedule.state()).toMatchObject({ last: { file: ahead }, failure: null });
    writeFileSync(join(folder, beyond), 'too far ahead');
    expect(schedule.state().last?.file).toBe(ahead);
    expect(schedule.state().failure?.error).toContain(beyond);
  });
});
