/**
 * Instances hear of new outbox jobs at once on PostgreSQL: jobs committed by one store are announced
 * to a listener on another, and the listening connection comes back after the database drops it
 * (calling the listener then, for what it may have missed). On SQLite one store never hears
 * another's jobs: there is no second instance to tell.
 *
 * PostgreSQL announces on a channel of the whole database, not of a schema, so the test schemas of
 * files running beside this one would be heard too (and their listeners dropped by this one). These
 * tests use a database no other file uses, and a schema of their own in it, named in the connection's
 * application_name too: every announcement heard is one of their own jobs, so they count
 * announcements exactly instead of asking only that one comes, and they drop only their own listener.
 *
 * The database is made once and kept; each run drops only its schema. Dropping a database forces a
 * checkpoint, which under a full suite's writes outlasted the hook's time (twice).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { parseLead } from '../../core/lead/schema.ts';
import { PostgresLeadStore } from '../../server/storage/postgres.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { waitFor, within } from '../support/peers.ts';
import { queueNudges } from '../../server/storage/notice-queue.ts';
import { createTestStore, rawQuery, TEST_DATABASE_URL } from '../support/stores.ts';

const lead = () => parseLead({ contact_name: 'Heard Soon', work_email: `heard-${randomUUID().slice(0, 8)}@example.co.nz`, city: 'Hamilton' }).lead!;

/** Runs one statement on a connection of its own (by default to TEST_DATABASE_URL's database). */
async function admin(sql: string, connectionString = TEST_DATABASE_URL): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The database only this file uses, beside the test database. */
const DATABASE = 'jobs_heard';

/** A new schema in DATABASE (made the first time), as a connection string; `drop` removes the schema. */
async function privateSchema(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  await admin(`CREATE DATABASE ${DATABASE}`).catch((error: { code?: string }) => {
    // Made by an earlier run (or by one starting at the same moment).
    if (error.code !== '42P04' && error.code !== '23505') throw error;
  });
  const name = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${DATABASE}`;
  const inDatabase = url.toString();
  await admin(`CREATE SCHEMA ${name}`, inDatabase);
  url.searchParams.set('options', `-c search_path=${name}`);
  url.searchParams.set('application_name', name);
  return { url: url.toString(), name, drop: () => admin(`DROP SCHEMA ${name} CASCADE`, inDatabase) };
}

/** The listening connections of this run (the store's job listener, once it has said LISTEN). */
const listenersOf = (name: string) =>
  `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = '${name}' AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`;

describe('new outbox jobs announced on postgres', () => {
  let database: { url: string; name: string; drop(): Promise<void> };
  let store: LeadStore;
  let other: LeadStore;
  let heard = 0;
  let listener: number;

  beforeAll(async () => {
    database = await privateSchema();
    store = new PostgresLeadStore(database.url);
    await store.migrate();
    other = new PostgresLeadStore(database.url);
    other.onNewJobs(() => heard++);
    // The listening connection is opened on the first listener; wait until it is in place.
    const listening = await waitFor(
      async () => {
        const rows = await rawQuery<{ pid: number }>('postgres', database.url, listenersOf(database.name));
        return rows.length > 0 && rows;
      },
      { what: 'the listening connection' },
    );
    expect(listening).toHaveLength(1);
    listener = listening[0]!.pid;
  });
  afterAll(async () => {
    // Each step on a clock of its own: once, under a full suite's load, these together outlasted the
    // hook's 30 s, and a failure should name the step that hung.
    await within(Promise.resolve(other?.close()), 9000, 'the listening store did not close within 9 s');
    await within(Promise.resolve(store?.close()), 9000, 'the store did not close within 9 s');
    await within(Promise.resolve(database?.drop()), 9000, 'the schema was not dropped within 9 s');
  });

  // A nudge is a job whichever instance is free should take. The lead itself is stored with no job of its own.
  const queueNudge = async () => {
    const { id } = await store.insertLead(lead(), { spam: false, purposes: [] });
    expect(await store.transact(() => queueNudges([id]))).toBe(1);
    return Date.now();
  };

  it('tells another instance of a job within a moment of the commit, once', async () => {
    // Nobody else uses this database: nothing is heard until this test queues a job.
    expect(heard).toBe(0);
    const committed = await queueNudge();
    await waitFor(() => heard > 0, { what: 'the announcement', timeoutMs: 2000, intervalMs: 5 });
    expect(Date.now() - committed).toBeLessThan(1000);
    // A second job, a second announcement: each heard once, in order (one connection, delivered as committed).
    await queueNudge();
    await waitFor(() => heard > 1, { what: 'the second announcement', timeoutMs: 2000, intervalMs: 5 });
    expect(heard).toBe(2);
  });

  it('listens again after the database drops the connection', async () => {
    const before = heard;
    const dropped = await rawQuery<{ pid: number }>(
      'postgres',
      database.url,
      `SELECT pid FROM (${listenersOf(database.name)}) l WHERE pg_terminate_backend(pid)`,
    );
    expect(dropped.map((r) => r.pid)).toEqual([listener]);
    // Back after its pause, it calls the listener once for whatever was missed (nothing else can call it here).
    await waitFor(() => heard > before, { what: 'the listener called on reconnecting', timeoutMs: 5000 });
    expect(heard).toBe(before + 1);
    const [again] = await rawQuery<{ pid: number }>('postgres', database.url, listenersOf(database.name));
    expect(again?.pid).not.toBe(listener);
    // The listener is called after LISTEN is in place, so a job queued now is heard.
    await queueNudge();
    await waitFor(() => heard > before + 1, { what: 'an announcement after reconnecting', timeoutMs: 2000 });
    expect(heard).toBe(before + 2);
  });
});

describe('new outbox jobs on sqlite', () => {
  it('are never announced to another store on the same file: one instance, which wakes its own worker', async () => {
    const t = await createTestStore('sqlite');
    const other = t.reopen();
    let heard = 0;
    const stop = other.onNewJobs(() => heard++);
    const { id } = await t.store.insertLead(lead(), { spam: false, purposes: ['new-lead'] });
    expect(await t.store.transact(() => queueNudges([id]))).toBe(1);
    // Whatever a store does to wake listeners runs after the commit, on a later turn: give it time.
    await new Promise((resolve) => setTimeout(resolve, 200));
    stop();
    expect(heard).toBe(0);
    await t.cleanup();
  });
});
