/** The scheduled-backup settings: read and checked at start like the others, with their defaults. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

describe('backup settings', () => {
  it('are off by default, every 24 hours and 14 kept', () => {
    const config = loadConfig({});
    expect(config.BACKUP_DIR).toBeUndefined();
    expect(config.BACKUP_EVERY).toBe(24 * 3_600_000);
    expect(config.BACKUP_KEEP).toBe(14);
    expect(loadConfig({ BACKUP_DIR: ' ' }).BACKUP_DIR).toBeUndefined();
  });

  it('read durations the way the other settings do', () => {
    const config = loadConfig({ BACKUP_DIR: '/var/backups/leads', BACKUP_EVERY: '6h', BACKUP_KEEP: '30' });
    expect(config).toMatchObject({ BACKUP_DIR: '/var/backups/leads', BACKUP_EVERY: 6 * 3_600_000, BACKUP_KEEP: 30 });
    expect(loadConfig({ BACKUP_EVERY: '300ms' }).BACKUP_EVERY).toBe(300);
  });

  it.each([
    [{ BACKUP_EVERY: 'daily' }, /^Invalid configuration: BACKUP_EVERY must be a duration/],
    [{ BACKUP_EVERY: '0' }, /^Invalid configuration: BACKUP_EVERY must be longer than 0/],
    [{ BACKUP_KEEP: '0' }, /^Invalid configuration: BACKUP_KEEP /],
    [{ BACKUP_KEEP: 'all' }, /^Invalid configuration: BACKUP_KEEP /],
    [{ BACKUP_DIR: 'backups', DATABASE_URL: 'postgres://u@db.example.nz/leads' }, /^Invalid configuration: BACKUP_DIR is for the SQLite store: .*pg_dump/],
  ])('refuses %j with one line naming it', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
