/**
 * /healthz proves the database takes a write and reports the notification backlog;
 * 503 on a database that cannot write. `npm run leads -- status` prints the same and why dead
 * notifications failed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { buildApp } from '../../server/http/app.ts';
import { SqliteLeadStore } from '../../server/storage/sqlite.ts';
import { PostgresLeadStore } from '../../server/storage/postgres.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

const cli = new URL('../../server/cli.ts', import.meta.url).pathname;
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

/** The same database, opened so that every write fails. */
function readOnly(kind: string, t: TestStore) {
  if (kind === 'sqlite') return new SqliteLeadStore(t.url, { readOnly: true });
  const url = new URL(t.url);
  url.searchParams.set('options', `${url.searchParams.get('options') ?? ''} -c default_transaction_read_only=on`);
  return new PostgresLeadStore(url.toString());
}

describe.each(storeKinds)('health on %s', (kind) => {
  it('reports pending, the oldest pending age and dead, and the CLI adds the dead jobs’ errors', async () => {
    const t = await createTestStore(kind);
    cleanups.push(() => t.cleanup());
    const app = await buildApp({ store: t.store, leadPurposes: ['new-lead'] });
    cleanups.push(() => app.close());
    for (const name of ['Pending One', 'Dead One', 'Pending Two'])
      expect((await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ contact_name: name }) })).statusCode).toBe(200);
    const dead = (await t.store.listLeads()).find((l) => l.contact_name === 'Dead One')!;
    const jobs = await t.store.claimJobs({ purposes: ['new-lead'], limit: 10, leaseMs: 60_000, owner: 'test' });
    for (const job of jobs) {
      if (job.lead_id === dead.id) await t.store.failJob(job, '550 mailbox unavailable', null);
      else await t.store.releaseJob(job);
    }

    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, database: kind, outbox: { pending: 2, dead: 1 } });
    expect(body.outbox.oldest_pending_seconds).toBeGreaterThanOrEqual(0);
    expect(body.outbox.oldest_pending_seconds).toBeLessThan(60);

    const status = spawnSync(process.execPath, [cli, 'status'], { env: { ...process.env, DATABASE_URL: t.url }, encoding: 'utf8' });
    expect(status.status).toBe(0);
    expect(status.stdout).toContain('pending notifications: 2');
    expect(status.stdout).toContain('dead notifications: 1');
    expect(status.stdout).toMatch(/oldest pending: \d+ s/);
    expect(status.stdout).toContain(`dead new-lead for lead ${dead.id} after 1 attempt(s): 550 mailbox unavailable`);
  });

  it('answers 503 when the database cannot take a write', async () => {
    const t = await createTestStore(kind);
    cleanups.push(() => t.cleanup());
    const store = readOnly(kind, t);
    cleanups.push(() => store.close());
    const app = await buildApp({ store, leadPurposes: ['new-lead'] });
    cleanups.push(() => app.close());
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ok: false, database: kind });
    // The same database, writable, is healthy: the 503 came from the write.
    const writable = await buildApp({ store: t.store });
    cleanups.push(() => writable.close());
    expect((await writable.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
