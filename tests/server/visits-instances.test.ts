/**
 * Two lead servers on one PostgreSQL database, both counting visits of the same page at once: every
 * beacon each answered with 204 is in the stored totals once both have flushed (on their timer, then
 * at shutdown), because each adds its counts to the shared rows rather than writing them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SITE_PAGES_FILE } from '../../core/visit/beacon-fields.ts';
import { createTestStore, rawQuery, type TestStore } from '../support/stores.ts';
import { startServer, tinySite, type ServerProcess } from '../support/server-process.ts';
import { waitFor } from '../support/peers.ts';
import { CHROME } from '../support/visits.ts';

describe('visits counted by two instances on one PostgreSQL', () => {
  let t: TestStore;
  let servers: ServerProcess[] = [];
  let dist: string;

  beforeEach(async () => {
    t = await createTestStore('postgres');
    dist = tinySite();
  });
  afterEach(async () => {
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    servers = [];
    await t.cleanup();
    rmSync(dist, { recursive: true, force: true });
  });

  it('adds both instances’ counts to the same rows without losing any', async () => {
    writeFileSync(join(dist, SITE_PAGES_FILE), JSON.stringify([{ path: '/auckland', kind: 'city' }]));
    servers = await Promise.all([0, 1].map(() => startServer({ DIST_DIR: dist, DATABASE_URL: t.url })));
    const views = (total: number) =>
      rawQuery<{ views: string; visitors: string }>(
        'postgres',
        t.url,
        "SELECT SUM(views) AS views, SUM(visitors) AS visitors FROM visit_pages WHERE page = '/auckland'",
      ).then((r) => Number(r[0]?.views ?? 0) === total && r[0]);

    // 40 visitors, each seen by one instance only, each viewing the page three times.
    const send = (server: ServerProcess, visitor: number) =>
      fetch(`${server.url}/visit`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': `${CHROME} Visitor/${visitor}` },
        body: JSON.stringify({ kind: 'view', path: '/auckland' }),
      }).then((res) => res.status);
    const statuses = await Promise.all(Array.from({ length: 120 }, (_, i) => send(servers[i % 2]!, i % 40)));
    expect(statuses.every((s) => s === 204)).toBe(true);
    // Both flush on their own timer.
    const flushed = await waitFor(() => views(120), { what: 'both instances to flush', timeoutMs: 20_000, intervalMs: 200 });
    expect(Number(flushed.visitors)).toBe(40);

    // More, then a shutdown: what is still in memory is added before the database closes.
    const more = await Promise.all(Array.from({ length: 60 }, (_, i) => send(servers[i % 2]!, 100 + i)));
    expect(more.every((s) => s === 204)).toBe(true);
    for (const s of servers) s.child.kill('SIGTERM');
    expect(await Promise.all(servers.map((s) => s.exited))).toEqual(['0', '0']);
    const [row] = await rawQuery<{ views: string; visitors: string }>(
      'postgres',
      t.url,
      "SELECT SUM(views) AS views, SUM(visitors) AS visitors FROM visit_pages WHERE page = '/auckland'",
    );
    expect(Number(row!.views)).toBe(180);
    expect(Number(row!.visitors)).toBe(100);
  }, 60_000);
});
