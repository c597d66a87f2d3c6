/** The leads CLI, run as a real process against a SQLite file and PostgreSQL. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { buildApp } from '../../server/http/app.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

const cli = new URL('../../server/cli.ts', import.meta.url).pathname;

function run(url: string, ...args: string[]) {
  return spawnSync(process.execPath, [cli, ...args], { env: { ...process.env, DATABASE_URL: url }, encoding: 'utf8' });
}

describe.each(storeKinds)('npm run leads on %s', (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await createTestStore(kind);
    const app = await buildApp({ store: t.store, channels: ['email'] });
    await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody() });
    await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ contact_name: 'Bot', 'bot-field': 'x' }) });
    await app.close();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it('lists leads, with spam only when asked', () => {
    const plain = run(t.url, 'list');
    expect(plain.status).toBe(0);
    expect(plain.stdout).toContain('Mere Tane');
    expect(plain.stdout).not.toContain('Bot');
    expect(run(t.url, 'list', '--include-spam').stdout).toContain('SPAM');
  });

  it('exports JSON keyed by the form field names plus id, created_at and spam', () => {
    const out = execFileSync(process.execPath, [cli, 'export', '--format', 'json'], { env: { ...process.env, DATABASE_URL: t.url }, encoding: 'utf8' });
    const [lead] = JSON.parse(out) as Record<string, unknown>[];
    expect(Object.keys(lead!).slice(0, 5)).toEqual(['id', 'created_at', 'spam', 'contact_name', 'work_email']);
    expect(lead).toMatchObject({ city: 'Hamilton', spam: false, gclid: 'gclid-123' });
  });

  it('exports CSV that opens in Excel: a UTF-8 byte-order mark first', () => {
    const res = run(t.url, 'export', '--format', 'csv', '--include-spam');
    expect(res.stdout.trim().split('\r\n')).toHaveLength(3);
    const bytes = Buffer.from(res.stdout, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.stdout).toContain('"2–3"');
  });

  it('queues dead notifications again', async () => {
    const [lead] = await t.store.listLeads();
    const [job] = await t.store.claimJobs({ channels: ['email'], limit: 1, leaseMs: 60_000, owner: 'test' });
    expect(job!.lead_id).toBe(lead!.id);
    await t.store.failJob(job!, 'smtp refused', null);
    expect(run(t.url, 'retry-dead').stdout).toContain('1 dead notification(s) queued again');
    expect((await t.store.listJobs(lead!.id))[0]!.status).toBe('pending');
  });

  it('purges leads older than N days, with their notifications, and keeps the newer ones', async () => {
    expect(run(t.url, 'purge', '--older-than', '30').stdout).toContain('0 lead(s)');
    // The genuine lead (with its e-mail job) becomes 40 days old; the spam one stays recent.
    const [old, recent] = await t.store.listLeads({ includeSpam: true });
    expect(await t.store.listJobs(old!.id)).toHaveLength(1);
    // Its e-mail was delivered (purge keeps a lead whose notification never was; see purge.test.ts).
    const [job] = await t.store.claimJobs({ channels: ['email'], limit: 1, leaseMs: 60_000, owner: 'test' });
    expect(await t.store.completeJob(job!)).toBe(true);
    await t.backdate(old!.id, new Date(Date.now() - 40 * 86_400_000));
    const res = run(t.url, 'purge', '--older-than', '30');
    expect(res.status).toBe(0);
    expect(res.stdout).toContain('1 lead(s) older than 30 days deleted');
    const store = t.reopen();
    expect((await store.listLeads({ includeSpam: true })).map((l) => l.id)).toEqual([recent!.id]);
    expect(await store.listJobs(old!.id)).toEqual([]);
  });

  it('refuses a bad purge age and deletes nothing', async () => {
    const bad = run(t.url, 'purge', '--older-than', 'soon');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--older-than');
    expect(await t.store.listLeads({ includeSpam: true })).toHaveLength(2);
  });

  it('prints usage and exits 1 for an unknown command', () => {
    const res = run(t.url, 'frobnicate');
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Usage');
  });
});
