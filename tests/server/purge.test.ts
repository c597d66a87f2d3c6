/**
 * Purge keeps leads whose notification was never delivered (pending or dead) unless
 * --force, and on SQLite the deleted data is really gone from the files on disk.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { buildApp } from '../../server/http/app.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type StoreKind, type TestStore } from '../support/stores.ts';

const cli = new URL('../../server/cli.ts', import.meta.url).pathname;
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

const run = (url: string, ...args: string[]) => spawnSync(process.execPath, [cli, ...args], { env: { ...process.env, DATABASE_URL: url }, encoding: 'utf8' });

/** Three leads made 400 days old: one delivered, one pending, one dead. */
async function oldLeads(kind: StoreKind): Promise<TestStore> {
  const t = await createTestStore(kind);
  cleanups.push(() => t.cleanup());
  const app = await buildApp({ store: t.store, leadPurposes: ['new-lead'] });
  for (const name of ['Delivered Zqxjv', 'Pending Zqxjv', 'Dead Zqxjv'])
    expect((await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ contact_name: name }) })).statusCode).toBe(200);
  await app.close();
  const byName = new Map((await t.store.listLeads()).map((l) => [l.contact_name, l.id]));
  for (const job of await t.store.claimJobs({ purposes: ['new-lead'], limit: 10, leaseMs: 60_000, owner: 'test' })) {
    if (job.lead_id === byName.get('Delivered Zqxjv')) await t.store.completeJob(job);
    else if (job.lead_id === byName.get('Dead Zqxjv')) await t.store.failJob(job, 'refused', null);
    else await t.store.releaseJob(job);
  }
  for (const id of byName.values()) await t.backdate(id, new Date(Date.now() - 400 * 86_400_000));
  return t;
}

describe.each(storeKinds)('purge on %s', (kind) => {
  it('keeps leads never delivered, says so, and deletes them only with --force', async () => {
    const t = await oldLeads(kind);
    const first = run(t.url, 'purge', '--older-than', '365');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('1 lead(s) older than 365 days deleted');
    expect(first.stdout).toContain('2 older lead(s) kept: their notification was never delivered');
    expect((await t.store.listLeads()).map((l) => l.contact_name).sort()).toEqual(['Dead Zqxjv', 'Pending Zqxjv']);

    const forced = run(t.url, 'purge', '--older-than', '365', '--force');
    expect(forced.stdout).toContain('2 lead(s) older than 365 days deleted');
    expect(await t.store.listLeads()).toEqual([]);
    expect(await t.store.listJobs()).toEqual([]);
  });
});

describe('purge on SQLite', () => {
  it('leaves no trace of a deleted lead in the database file or its write-ahead log', async () => {
    const t = await oldLeads('sqlite');
    const onDisk = () =>
      [t.url, `${t.url}-wal`]
        .filter((f) => existsSync(f))
        .map((f) => readFileSync(f).toString('latin1'))
        .join('');
    await t.store.close(); // the server is stopped; its WAL is on disk
    expect(onDisk()).toContain('Delivered Zqxjv'); // the check can see a lead that is there
    expect(run(t.url, 'purge', '--older-than', '365', '--force').status).toBe(0);
    expect(onDisk()).not.toContain('Zqxjv');
  });
});
