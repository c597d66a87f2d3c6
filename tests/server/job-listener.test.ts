/**
 * Instances hear of new outbox jobs at once on PostgreSQL: jobs committed by one store are announced
 * to a listener on another, and the listening connection comes back after the database drops it
 * (calling the listener then, for what it may have missed). On SQLite the method is there and never
 * calls. Test schemas share one database, so another file's jobs may be heard too: the tests only
 * ask that an announcement comes, not that it is the only one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { parseLead } from '../../core/lead/schema.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { waitFor } from '../support/peers.ts';
import { queueNudges } from '../../server/storage/notice-queue.ts';
import { createTestStore, rawQuery, type TestStore } from '../support/stores.ts';

const lead = () => parseLead({ contact_name: 'Heard Soon', work_email: `heard-${randomUUID().slice(0, 8)}@example.co.nz`, city: 'Hamilton' }).lead!;

describe('new outbox jobs announced on postgres', () => {
  let t: TestStore;
  let other: LeadStore;
  let heard = 0;

  beforeAll(async () => {
    t = await createTestStore('postgres');
    other = t.reopen();
    other.onNewJobs(() => heard++);
    // The listening connection is opened on the first listener; wait until it is in place.
    await waitFor(async () => (await rawQuery('postgres', t.url, "SELECT 1 FROM pg_stat_activity WHERE query = 'LISTEN outbox_jobs'")).length > 0, {
      what: 'the listening connection',
    });
  });
  afterAll(async () => {
    await other?.close();
    await t?.cleanup();
  });

  // A lead's own jobs are not announced (the instance that stored it starts them): a nudge is one
  // that whichever instance is free should take.
  const queueNudge = async () => {
    const { id } = await t.store.insertLead(lead(), { spam: false, channels: [] });
    const started = Date.now();
    expect(await t.store.transact(() => queueNudges([id]))).toBe(1);
    return started;
  };

  it('tells another instance of a job within a moment of the commit', async () => {
    const before = heard;
    const started = await queueNudge();
    await waitFor(() => heard > before, { what: 'the announcement', timeoutMs: 2000, intervalMs: 5 });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('listens again after the database drops the connection', async () => {
    const before = heard;
    await rawQuery('postgres', t.url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN outbox_jobs'");
    // Back after its pause, it calls the listener once for whatever was missed.
    await waitFor(() => heard > before, { what: 'the listener called on reconnecting', timeoutMs: 5000 });
    const after = heard;
    await queueNudge();
    await waitFor(() => heard > after, { what: 'an announcement after reconnecting', timeoutMs: 2000 });
  });
});

describe('new outbox jobs on sqlite', () => {
  it('has nothing to announce: one instance wakes its own worker', async () => {
    const t = await createTestStore('sqlite');
    let heard = 0;
    const stop = t.store.onNewJobs(() => heard++);
    const { id } = await t.store.insertLead(lead(), { spam: false, channels: ['email'] });
    await t.store.transact(() => queueNudges([id]));
    stop();
    expect(heard).toBe(0);
    await t.cleanup();
  });
});
