/**
 * The outbox with fencing. A claim carries a token; complete and fail change a job only
 * while that token holds and the job is pending. Then two real server processes on one PostgreSQL
 * with a mail server slower than the lease, and one of them killed mid-send.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { parseLead } from '../../core/lead/schema.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds } from '../support/stores.ts';
import { startSmtp, waitFor, mailedLeadIds, countBy } from '../support/peers.ts';
import { startServer, tinySite, type ServerProcess } from '../support/server-process.ts';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function addLead(store: LeadStore, name: string) {
  const parsed = parseLead(Object.fromEntries(new URLSearchParams(formBody({ contact_name: name }))));
  if (!parsed.lead) throw new Error(`test lead invalid: ${JSON.stringify(parsed.errors)}`);
  return store.insertLead(parsed.lead, { spam: false, purposes: ['new-lead'] });
}

const claim = (store: LeadStore, leaseMs = 60_000, owner = 'a') => store.claimJobs({ purposes: ['new-lead'], limit: 10, leaseMs, owner });

describe.each(storeKinds)('fenced claims on %s', (kind) => {
  it('a late fail after complete changes nothing', async () => {
    const t = await createTestStore(kind);
    cleanups.push(() => t.cleanup());
    const lead = await addLead(t.store, 'Late Fail');
    const [job] = await claim(t.store);
    expect(await t.store.completeJob(job!)).toBe(true);
    expect(await t.store.failJob(job!, 'timed out', 1000)).toBe(false);
    expect(await t.store.failJob(job!, 'timed out', null)).toBe(false);
    expect(await t.store.renewClaim(job!, 60_000)).toBe(false);
    expect((await t.store.listJobs(lead.id))[0]).toMatchObject({ status: 'done', attempts: 1, last_error: null });
  });

  it('a claim whose lease ran out and was taken over can neither send, complete nor fail', async () => {
    const t = await createTestStore(kind);
    cleanups.push(() => t.cleanup());
    const lead = await addLead(t.store, 'Taken Over');
    const [stale] = await claim(t.store, 1, 'slow');
    let fresh: Awaited<ReturnType<typeof claim>> = [];
    await waitFor(async () => (fresh = await claim(t.store, 60_000, 'fast')).length === 1, {
      what: 'another worker to claim the expired job',
      timeoutMs: 2000,
      intervalMs: 5,
    });
    expect(fresh[0]!.claim).not.toBe(stale!.claim);
    expect(await t.store.renewClaim(stale!, 60_000)).toBe(false);
    expect(await t.store.completeJob(stale!)).toBe(false);
    expect(await t.store.failJob(stale!, 'late', null)).toBe(false);
    expect((await t.store.listJobs(lead.id))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await t.store.completeJob(fresh[0]!)).toBe(true);
    expect((await t.store.listJobs(lead.id))[0]).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('claims only the channels asked for, and a released job is claimable at once', async () => {
    const t = await createTestStore(kind);
    cleanups.push(() => t.cleanup());
    await addLead(t.store, 'Channels');
    expect(await t.store.claimJobs({ purposes: ['webhook'], limit: 10, leaseMs: 60_000, owner: 'a' })).toEqual([]);
    expect(await t.store.claimJobs({ purposes: [], limit: 10, leaseMs: 60_000, owner: 'a' })).toEqual([]);
    const [job] = await claim(t.store);
    expect(await claim(t.store, 60_000, 'other')).toEqual([]); // a held lease is not claimed twice
    await t.store.releaseJob(job!);
    const [again] = await claim(t.store);
    expect(again!.id).toBe(job!.id);
  });
});

/** SIGTERM each server and wait for it to exit cleanly (a clean stop finishes the sends in flight). */
async function stopAll(servers: ServerProcess[]): Promise<void> {
  for (const server of servers) server.child.kill('SIGTERM');
  expect(await Promise.all(servers.map((server) => server.exited))).toEqual(servers.map(() => '0'));
}

async function twoInstances(env: Record<string, string>) {
  const t = await createTestStore('postgres');
  cleanups.push(() => t.cleanup());
  const dist = tinySite();
  cleanups.push(() => rmSync(dist, { recursive: true, force: true }));
  const full = { DATABASE_URL: t.url, DIST_DIR: dist, ...env };
  const servers: ServerProcess[] = [];
  for (let i = 0; i < 2; i++) {
    const s = await startServer(full);
    cleanups.push(() => s.child.kill('SIGKILL'));
    servers.push(s);
  }
  return { t, servers };
}

async function postLeads(servers: ServerProcess[], count: number, prefix: string) {
  for (let i = 0; i < count; i++) {
    const res = await fetch(servers[i % servers.length]!.url, {
      method: 'POST',
      headers: JSON_ACCEPT,
      body: formBody({ contact_name: `${prefix} ${i}` }),
    });
    expect(res.status).toBe(200);
  }
}

describe('two instances on one PostgreSQL', () => {
  it('with a mail server slower than the lease, e-mail each lead exactly once', async () => {
    // Each message takes 500 ms; the lease is 3 s. Batches of ten (the old claim size) took five
    // seconds, past the lease, so the other instance re-sent the rest of a batch. The send timeout
    // (2 s) leaves a loaded machine room for one message, so no send is cut off and repeated.
    const smtp = await startSmtp(0, '127.0.0.1', { delayMs: 500 });
    cleanups.push(() => smtp.close());
    const { t, servers } = await twoInstances({
      SMTP_URL: smtp.url,
      OUTBOX_LEASE: '3s',
      OUTBOX_SEND_TIMEOUT: '2s',
      OUTBOX_CONCURRENCY: '3',
      OUTBOX_POLL_INTERVAL: '50ms',
    });
    await postLeads(servers, 12, 'Slow');
    const leads = await t.store.listLeads();
    expect(leads).toHaveLength(12);
    await waitFor(async () => (await t.store.listJobs()).every((j) => j.status === 'done'), { what: 'every job to be done', timeoutMs: 30_000 });
    // A clean stop waits for the sends in flight: after it, no late duplicate can still arrive.
    await stopAll(servers);
    expect(mailedLeadIds(smtp).sort()).toEqual(leads.map((l) => l.id).sort());
  }, 60_000);

  it('SIGKILL of one instance mid-send: the other finishes the work, repeating at most the jobs in flight', async () => {
    const smtp = await startSmtp(0, '127.0.0.1', { delayMs: 300 });
    cleanups.push(() => smtp.close());
    const concurrency = 2;
    const { t, servers } = await twoInstances({
      SMTP_URL: smtp.url,
      OUTBOX_LEASE: '3s',
      OUTBOX_SEND_TIMEOUT: '2s',
      OUTBOX_CONCURRENCY: String(concurrency),
      OUTBOX_POLL_INTERVAL: '50ms',
    });
    await postLeads(servers, 12, 'Kill');
    const [victim, survivor] = servers as [ServerProcess, ServerProcess];
    await waitFor(() => smtp.messages.length >= 2, { what: 'the first two e-mails', timeoutMs: 10_000 });
    victim.child.kill('SIGKILL');
    expect(await victim.exited).toBe('SIGKILL');

    await waitFor(async () => (await t.store.listJobs()).every((j) => j.status === 'done'), { what: 'every job to be done', timeoutMs: 30_000 });
    expect(survivor.child.exitCode).toBeNull();
    await stopAll([survivor]);
    const leads = await t.store.listLeads();
    const counts = countBy(mailedLeadIds(smtp));
    expect([...counts.keys()].sort()).toEqual(leads.map((l) => l.id).sort());
    const repeated = [...counts.values()].filter((n) => n > 1);
    expect(repeated.every((n) => n === 2)).toBe(true);
    expect(repeated.length).toBeLessThanOrEqual(concurrency);
  }, 60_000);
});
