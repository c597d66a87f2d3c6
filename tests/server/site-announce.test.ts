/**
 * On PostgreSQL a publish is announced to every other instance, which builds and serves it at
 * once: here the other instance looks for new versions only once an hour, so the announcement is
 * the only way it can learn of the publish within the test's wait. (The listening connection's
 * return after the database drops it is job-listener.test.ts's, on a database of its own.)
 * The announcement is made by the unit of work that stores the version, as new jobs are: a row
 * written by anything else is not announced, a rolled-back version is not either, and a database
 * of the previous release loses the trigger that used to announce versions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import pg from 'pg';
import type { LiveSite } from '../../server/site/live-site.ts';
import type { SitePublisher } from '../../server/site/site-publisher.ts';
import { insertVersion } from '../../server/storage/site-versions.ts';
import { migrations } from '../../server/storage/migrations.ts';
import { createTestStore, rawQuery, type TestStore } from '../support/stores.ts';
import { siteInstance } from '../support/site-editor.ts';
import { waitFor } from '../support/peers.ts';

const GUIDE = 'guides/commercial-fridge-prices-nz';
const HOUR_MS = 3_600_000;
const BY = { email: 'owner@example.nz', ip: '127.0.0.1' };

describe('a publish announced on PostgreSQL', () => {
  let t: TestStore;
  let a: { site: LiveSite; publisher: SitePublisher; work: string };
  let other: { site: LiveSite; publisher: SitePublisher; work: string };

  beforeAll(async () => {
    t = await createTestStore('postgres');
    a = await siteInstance(t.store, undefined, undefined, { checkEveryMs: HOUR_MS });
    // A second store on the same database: another instance, with its own listening connection.
    other = await siteInstance(t.reopen(), undefined, undefined, { checkEveryMs: HOUR_MS });
    a.publisher.start();
    other.publisher.start();
  });

  afterAll(async () => {
    for (const i of [a, other]) {
      await i.publisher.stop();
      rmSync(i.work, { recursive: true, force: true });
    }
    await t.cleanup();
  });

  const publishHeading = async (heading: string) => {
    const latest = await a.publisher.latest();
    const guide = a.publisher.contentOf(latest).get(GUIDE)!;
    return a.publisher.publishEntry({ ...guide, data: { ...guide.data, heading } }, latest.number, BY);
  };

  it('reaches the other instance at once, each time', async () => {
    for (const heading of ['Commercial Fridge Prices, Announced Once', 'Commercial Fridge Prices, Announced Twice']) {
      const { number } = await publishHeading(heading);
      await waitFor(() => other.site.version === number, { what: `the other instance serving version ${number}`, timeoutMs: 15_000 });
      expect(other.site.version).toBe(number);
    }
  });
});

describe('who announces a site version on PostgreSQL', () => {
  let t: TestStore;
  let listener: pg.Client;
  let schema: string;
  /** Announcements heard on the site channel naming this test's schema (other files' schemas share the channel). */
  const heard: string[] = [];

  beforeAll(async () => {
    t = await createTestStore('postgres');
    schema = (await rawQuery<{ schema: string }>('postgres', t.url, 'SELECT current_schema() AS schema'))[0]!.schema;
    listener = new pg.Client({ connectionString: t.url });
    await listener.connect();
    listener.on('notification', (message) => {
      if (message.payload === schema) heard.push(message.channel);
    });
    await listener.query('LISTEN site_versions');
  });

  afterAll(async () => {
    await listener.end();
    await t.cleanup();
  });

  const version = (number: number) => ({
    number,
    entries: {},
    bases: {},
    changed: [],
    action: 'publish' as const,
    restoredFrom: null,
    authorEmail: 'owner@example.nz',
  });
  /** Gives a notification already sent time to arrive, so "none heard" means none was sent. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('is the unit of work that stores it, once it commits: a rollback or a row written by other means announces nothing', async () => {
    await expect(
      t.store.transact(function* () {
        yield* insertVersion(version(1));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await rawQuery(
      'postgres',
      t.url,
      "INSERT INTO site_versions (number, entries, bases, changed, action, created_at) VALUES (1, '{}', '{}', '[]', 'publish', 0)",
    );
    await settle();
    expect(heard).toEqual([]);
    expect(await t.store.transact(() => insertVersion(version(2)))).toBe(true);
    await waitFor(() => heard.length > 0, { what: 'the stored version announced', timeoutMs: 5000 });
    // A number already taken stores nothing and announces nothing.
    expect(await t.store.transact(() => insertVersion(version(2)))).toBe(false);
    await settle();
    expect(heard).toEqual(['site_versions']);
  });

  it('upgrades a database of the previous release (version 26): the trigger and its function are gone', async () => {
    const old = await createTestStore('postgres', { migrate: false });
    try {
      const triggers = "SELECT tgname FROM pg_trigger WHERE tgrelid = 'site_versions'::regclass AND NOT tgisinternal";
      const functions = "SELECT proname FROM pg_proc WHERE proname = 'announce_site_version' AND pronamespace = current_schema()::regnamespace";
      // Stop at version 26 (the later ones marked done, so they wait), then let them run.
      await rawQuery('postgres', old.url, 'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)');
      const later = migrations('postgres')
        .map((_, i) => i + 1)
        .filter((v) => v > 26);
      await rawQuery('postgres', old.url, `INSERT INTO schema_migrations (version) VALUES ${later.map((v) => `(${v})`).join(', ')}`);
      await old.store.migrate();
      expect(await rawQuery('postgres', old.url, triggers)).toEqual([{ tgname: 'site_version_announced' }]);
      expect(await rawQuery('postgres', old.url, functions)).toHaveLength(1);
      await rawQuery('postgres', old.url, 'DELETE FROM schema_migrations WHERE version > 26');
      await old.store.migrate();
      expect(await rawQuery('postgres', old.url, triggers)).toEqual([]);
      expect(await rawQuery('postgres', old.url, functions)).toEqual([]);
      expect(await old.store.transact(() => insertVersion(version(1)))).toBe(true);
    } finally {
      await old.cleanup();
    }
  });
});
