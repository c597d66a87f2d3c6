/**
 * On PostgreSQL a publish is announced to every other instance, which fetches and serves its build
 * once one instance has made it (each publish is built once, by whichever claims it): here the
 * other instance looks for new versions only once an hour, so the announcement is the only way it
 * can learn of the publish within the test's wait. (The listening connection's
 * return after the database drops it is job-listener.test.ts's, on a database of its own.)
 * The announcement is made by the unit of work that stores the version, as new jobs are: a row
 * written by anything else is not announced, a rolled-back version is not either, and a database
 * of the previous release loses the trigger that used to announce versions.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { LiveSite } from '../../server/site/live-site.ts';
import type { SitePublisher } from '../../server/site/site-publisher.ts';
import { insertVersion } from '../../server/storage/site-versions.ts';
import type { Work } from '../../server/storage/steps.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { EditConflict } from '../../server/site/version-publisher.ts';
import { migrations } from '../../server/storage/migrations.ts';
import { createTestStore, rawQuery, type TestStore } from '../support/stores.ts';
import { fakeBuild, siteInstance } from '../support/site-editor.ts';
import type { RunBuild } from '../../server/site/site-builder.ts';
import { waitFor } from '../support/peers.ts';
import { freePort, startServer, tinySite, type ServerProcess } from '../support/server-process.ts';
import { call, signIn } from '../../bench/owner-session.ts';
import { readEntries } from '../../server/site/content.ts';

const GUIDE = 'guides/commercial-fridge-prices-nz';
const GUIDE_API = '/site/entries/guides/commercial-fridge-prices-nz';
const ROUTE = '/commercial-fridge-prices-nz';
const HOUR_MS = 3_600_000;
const BY = { email: 'owner@example.nz', ip: '127.0.0.1' };
const STOPS = 'Stops Its Builders';

/**
 * A store whose units of work, while `holdFor` names an author, stop after their first read of the
 * site's versions until that author's version is committed: another instance's publish then lands
 * between that read and the unit's next, as it can on PostgreSQL, where each statement sees what
 * was committed when it began.
 */
function holdingStore(store: LeadStore) {
  const state = { holdFor: null as string | null, held: 0 };
  function* held<T>(work: Work<T>): Work<T> {
    let step = work.next();
    let waited = false;
    while (!step.done) {
      const query = step.value;
      const result: unknown = yield query;
      if (state.holdFor && !waited && query.mode === 'all' && /\bFROM site_versions\b/.test(query.sql)) {
        waited = true;
        state.held++;
        const author = state.holdFor.replace(/'/g, "''");
        // At most 10 s, in steps of 20 ms; each check sees what was committed by then.
        yield {
          mode: 'run',
          sql: `DO $$ DECLARE i int := 0; BEGIN WHILE NOT EXISTS (SELECT 1 FROM site_versions WHERE author_email = '${author}') AND i < 500 LOOP PERFORM pg_sleep(0.02); i := i + 1; END LOOP; END $$`,
          params: [],
        };
      }
      step = work.next(result);
    }
    return step.value;
  }
  const wrapped = new Proxy(store, {
    get(target, prop) {
      if (prop === 'transact') return <T>(work: () => Work<T>) => target.transact(() => held(work()));
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: wrapped, state };
}

describe('a publish announced on PostgreSQL', () => {
  let t: TestStore;
  let a: { site: LiveSite; publisher: SitePublisher; work: string };
  let other: { site: LiveSite; publisher: SitePublisher; work: string };
  let otherStore: ReturnType<typeof holdingStore>;

  /** The content folders each site build (either instance's) was run on, after the release's own. */
  const builds: string[] = [];
  const counted: RunBuild = async (contentDir, outDir, signal, ...rest) => {
    builds.push(contentDir);
    // A build of a heading saying STOPS never ends by itself: it runs until its claim is lost.
    if (String(readEntries(contentDir).get(GUIDE)?.data.heading).includes(STOPS)) {
      await new Promise((done) => signal?.addEventListener('abort', done));
      signal?.throwIfAborted();
    }
    return fakeBuild(contentDir, outDir, signal, ...rest);
  };

  beforeAll(async () => {
    t = await createTestStore('postgres');
    // A claim on a build renewed every second: a claim lost is noticed within one.
    a = await siteInstance(t.store, counted, undefined, { checkEveryMs: HOUR_MS, buildLeaseMs: 3000 });
    // A second store on the same database: another instance, with its own listening connection.
    otherStore = holdingStore(t.reopen());
    other = await siteInstance(otherStore.store, counted, undefined, { checkEveryMs: HOUR_MS, buildLeaseMs: 3000 });
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

  it('reaches the other instance at once, each time, built once by the instance that published it and fetched by the other', async () => {
    builds.length = 0;
    for (const heading of ['Commercial Fridge Prices, Announced Once', 'Commercial Fridge Prices, Announced Twice']) {
      const { number } = await publishHeading(heading);
      await waitFor(() => other.site.version === number, { what: `the other instance serving version ${number}`, timeoutMs: 15_000 });
      expect(other.site.version).toBe(number);
    }
    // Each publish built once across both instances (no shared disk: each has its own work folder),
    // by the one it was published on, which may have built it ahead of the publish already.
    expect(builds).toHaveLength(2);
    expect(builds.filter((dir) => !dir.startsWith(`${a.work}/`))).toEqual([]);
  });

  it('builds each of two publishes made at once on the two instances once', async () => {
    builds.length = 0;
    const latest = await a.publisher.latest();
    const guide = a.publisher.contentOf(latest).get(GUIDE)!;
    const home = a.publisher.contentOf(latest).get('pages/index')!;
    const [x, y] = await Promise.all([
      a.publisher.publishEntry({ ...guide, data: { ...guide.data, heading: 'Commercial Fridge Prices, From A' } }, latest.number, BY),
      other.publisher.publishEntry({ ...home, data: { ...home.data, title: 'Commercial Refrigeration NZ, From the Other' } }, latest.number, BY),
    ]);
    const newest = Math.max(x.number, y.number);
    for (const i of [a, other]) await waitFor(() => i.site.version === newest, { what: `version ${newest} served`, timeoutMs: 15_000 });
    expect(builds).toHaveLength(2);
    const jobs = await rawQuery<{ period: string; attempts: number; status: string }>(
      'postgres',
      t.url,
      "SELECT period, attempts, status FROM outbox WHERE purpose = 'site-build' ORDER BY period",
    );
    expect(jobs.filter((j) => j.status === 'done').map((j) => j.attempts)).toEqual([1, 1, 1, 1]);
  });

  it('makes one version of two publishes of a page from the same version, though one instance’s version is committed between the other’s reads', async () => {
    const latest = await a.publisher.latest();
    const guide = a.publisher.contentOf(latest).get(GUIDE)!;
    const edit = (heading: string) => ({ ...guide, data: { ...guide.data, heading } });
    // The other instance reads the versions, then waits until this instance's publish is committed.
    otherStore.state.holdFor = 'first@example.nz';
    otherStore.state.held = 0;
    try {
      const late = other.publisher.publishEntry(edit('Commercial Fridge Prices, Pressed Second'), latest.number, { ...BY, email: 'second@example.nz' });
      await waitFor(() => otherStore.state.held > 0, { what: 'the other instance held after its first read' });
      const first = await a.publisher.publishEntry(edit('Commercial Fridge Prices, Pressed First'), latest.number, { ...BY, email: 'first@example.nz' });
      await expect(late).rejects.toBeInstanceOf(EditConflict);
      expect((await a.publisher.latest()).number).toBe(first.number);
    } finally {
      otherStore.state.holdFor = null;
    }
  });

  it('stops trying a build whose builders keep dying under it: the version fails, saying so, and the site stays as it was', async () => {
    const heading = `Commercial Fridge Prices, ${STOPS}`;
    const served = a.site.version;
    const published = publishHeading(heading).catch((error: unknown) => error);
    const build = "purpose = 'site-build' AND claim_token IS NOT NULL";
    await waitFor(async () => (await rawQuery('postgres', t.url, `SELECT id FROM outbox WHERE ${build}`)).length === 1, { what: 'the build claimed' });
    // As if five builders had died mid-build: five claims that no try ended, the last one's lease gone.
    await rawQuery('postgres', t.url, `UPDATE outbox SET claims = 5, locked_until = 0, claim_token = 'died' WHERE ${build}`);
    await waitFor(
      async () =>
        (await rawQuery<{ status: string }>('postgres', t.url, "SELECT status FROM outbox WHERE purpose = 'site-build'")).every((j) => j.status !== 'pending'),
      {
        what: 'the build given up',
      },
    );
    const [failed] = await rawQuery<{ status: string; failure: string }>(
      'postgres',
      t.url,
      'SELECT status, failure FROM site_versions ORDER BY number DESC LIMIT 1',
    );
    expect(failed).toEqual({ status: 'failed', failure: expect.stringContaining('stopped the server 5 times') });
    await published;
    expect([a.site.version, other.site.version]).toEqual([served, served]);
    expect(await rawQuery('postgres', t.url, "SELECT id FROM outbox WHERE purpose = 'site-build' AND status = 'dead'")).toHaveLength(1);
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

describe('a build killed mid-way, with two server processes on PostgreSQL', () => {
  let t: TestStore;
  const works: string[] = [];
  let release: string | undefined;
  const servers: ServerProcess[] = [];

  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    // A killed server's build child ends as its standard input closes, a moment after the server.
    for (const folder of [...works, release ?? '']) if (folder) rmSync(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    await t?.cleanup();
  });

  // Two real builds (the one killed, and the one that finishes it): about 30 s on a quiet machine.
  it('is finished by the other instance once the dead one’s claim runs out; the live site stays as it was meanwhile', { timeout: 240_000 }, async () => {
    // What each server said, when it fails: the build's own output is in its log.
    onTestFailed(() => {
      for (const server of servers) console.error(server.output().slice(-4000));
    });
    t = await createTestStore('postgres');
    works.push(mkdtempSync(join(tmpdir(), 'crnz-kill-a-')), mkdtempSync(join(tmpdir(), 'crnz-kill-b-')));
    release = tinySite();
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    const env = {
      DATABASE_URL: t.url,
      PUBLIC_ORIGIN: origin,
      HSTS: 'false',
      SITE_BUILD_LEASE: '3s',
      SITE_CHECK_INTERVAL: '500ms',
      SITE_QUICK_PREVIEW: 'false',
      LOG_LEVEL: 'info',
    };
    // No disk shared: each instance has a work folder of its own. The release they serve is a tiny
    // site, touched before each start so that neither rebuilds it from sources edited meanwhile.
    const start = (work: string, options: { port?: number; startMs?: number } = {}) => {
      const now = new Date();
      utimesSync(join(release!, 'index.html'), now, now);
      return startServer({ ...env, DIST_DIR: release!, SITE_WORK_DIR: work }, { startMs: 90_000, ...options });
    };
    servers.push(await start(works[0]!, { port }));
    servers.push(await start(works[1]!));
    const owner = await signIn(t.url, origin, servers[0]!);
    const entry = (await call(servers[0]!, origin, owner, 'GET', `/inbox/api${GUIDE_API}`)).json as {
      version: number;
      published: { data: Record<string, unknown>; body: string };
    };
    const heading = 'Commercial Fridge Prices, Built Once Despite a Crash';
    const publish = call(servers[0]!, origin, owner, 'POST', `/inbox/api${GUIDE_API}/publish`, {
      data: { ...entry.published.data, heading },
      body: entry.published.body,
      basedOn: entry.version,
    }).catch((error: unknown) => error);
    // Whichever instance claimed the build is killed once Astro is at work on it.
    const claimedBy = await waitFor(
      async () =>
        (
          await rawQuery<{ claimed_by: string | null }>(
            'postgres',
            t.url,
            "SELECT claimed_by FROM outbox WHERE purpose = 'site-build' AND claim_token IS NOT NULL",
          )
        )[0]?.claimed_by,
      { what: 'the build claimed', timeoutMs: 30_000 },
    );
    const i = servers.findIndex((s) => claimedBy.includes(`:${s.child.pid}:`));
    const [dying, survivor] = [servers[i]!, servers[1 - i]!];
    await waitFor(() => readdirSync(works[i]!).some((name) => name.startsWith('own-') && existsSync(join(works[i]!, name, 'project', '.astro'))), {
      what: 'Astro at work on the build',
      timeoutMs: 60_000,
    });
    dying.child.kill('SIGKILL');
    await dying.exited;
    // Meanwhile the survivor serves the site as it was.
    expect(await (await fetch(`${survivor.url}${ROUTE}`)).text()).not.toContain(heading);
    await waitFor(async () => (await (await fetch(`${survivor.url}${ROUTE}`)).text()).includes(heading), {
      what: 'the survivor serving the version the dead instance was building',
      timeoutMs: 180_000,
      intervalMs: 500,
    });
    const [version] = await rawQuery<{ status: string }>('postgres', t.url, 'SELECT status FROM site_versions WHERE number = 1');
    expect(version).toEqual({ status: 'live' });
    const jobs = await rawQuery<{ status: string; attempts: number }>('postgres', t.url, "SELECT status, attempts FROM outbox WHERE purpose = 'site-build'");
    expect(jobs).toEqual([{ status: 'done', attempts: 1 }]);
    expect(survivor.output()).toContain('built and stored a published version of the site');
    // The publish answered by the survivor itself, or cut off with the instance that took it.
    await publish;
  });
});
