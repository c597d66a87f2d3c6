/**
 * A DATABASE_URL that is neither a SQLite path/file: URL nor postgres:// stops the server
 * and the CLI at start with one line, and creates nothing; the store in use is logged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { startServer, tinySite } from '../support/server-process.ts';

const root = resolve(import.meta.dirname, '../..');
const cleanups: (() => unknown)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0).reverse()) fn();
});

describe('DATABASE_URL', () => {
  it.each(['./data/leads.sqlite', '/var/lib/leads.sqlite', 'file:./data/leads.sqlite', 'postgres://u:p@db/leads', 'postgresql://db/leads'])(
    'accepts %s',
    (url) => {
      expect(loadConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    },
  );

  it.each([
    ['pg://u:secret@db/leads', /DATABASE_URL must be a file path, a file: URL, or a postgres:\/\/ or postgresql:\/\/ URL, not a "pg:" URL/],
    ['mysql://db/leads', /not a "mysql:" URL/],
    ['sqlite://leads.db', /not a "sqlite:" URL/],
    [':memory:', /DATABASE_URL must not be :memory:/],
  ])('refuses %s with one line', (url, pattern) => {
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(pattern);
  });

  it.each([['server/main.ts'], ['server/cli.ts', 'list']])('%s exits 1 with one line and creates no file for pg://', (script, ...args) => {
    const cwd = mkdtempSync(join(tmpdir(), 'crnz-cwd-'));
    const dist = tinySite();
    cleanups.push(() => rmSync(cwd, { recursive: true, force: true }));
    cleanups.push(() => rmSync(dist, { recursive: true, force: true }));
    const res = spawnSync(process.execPath, [join(root, script), ...args], {
      cwd,
      env: { ...process.env, DATABASE_URL: 'pg://u:secret@db/leads', DIST_DIR: dist },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toContain('DATABASE_URL');
    expect(res.stderr).not.toContain('secret');
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('logs the store in use at start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crnz-db-'));
    const dist = tinySite();
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    cleanups.push(() => rmSync(dist, { recursive: true, force: true }));
    const file = join(dir, 'leads.sqlite');
    const server = await startServer({ DATABASE_URL: file, DIST_DIR: dist, LOG_LEVEL: 'info' });
    cleanups.push(() => server.child.kill('SIGKILL'));
    expect(server.output()).toContain(`leads are stored in the SQLite file ${file}`);
    expect(existsSync(file)).toBe(true);
  });
});
