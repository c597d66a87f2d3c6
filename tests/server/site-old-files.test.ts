/**
 * A page loaded before a publish keeps working after it: the scripts and other content-named files
 * it asks for later (its quote form's island, the layout's script, their chunks) are still answered
 * for a day, on the instance that published, on another that followed the publish, after their
 * compressed copies are swapped in, and on an instance started after the publish; the pages served
 * are the new version's only. Past the day they are not answered. Once, after a business-details
 * publish, 8 of 12 such files answered 404. Real builds: a change to the business details changes
 * the hashed names of the scripts that state them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { LiveSite } from '../../server/site/live-site.ts';
import { SiteBuilder } from '../../server/site/site-builder.ts';
import { SitePublisher } from '../../server/site/site-publisher.ts';
import { precompressDir } from '../../scripts/precompress.ts';
import { DAY_MS } from '../../core/nz-time.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';
import { ROOT } from '../support/site-editor.ts';
import { waitFor } from '../support/peers.ts';

const BUSINESS = 'business/details';
const PAGES = ['/', '/commercial-fridge-prices-nz', '/contact'];
const BY = { email: 'owner@example.nz', ip: '127.0.0.1' };
const TYPES: Record<string, RegExp> = { js: /^text\/javascript/, css: /^text\/css/, woff2: /^font\/woff2/, svg: /^image\/svg\+xml/, webp: /^image\/webp/ };

// One folder of builds for every instance and both stores: the same content is built once.
const work = mkdtempSync(join(tmpdir(), 'crnz-old-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** How far ahead of the real clock the instances' clocks run. */
let ahead = 0;
const now = () => Date.now() + ahead;

interface Instance {
  site: LiveSite;
  publisher: SitePublisher;
  app: FastifyInstance;
}

async function instance(store: LeadStore): Promise<Instance> {
  const site = new LiveSite(join(ROOT, 'dist'), 0, { now });
  const publisher = new SitePublisher({
    store,
    root: ROOT,
    site,
    checkEveryMs: 50,
    builder: new SiteBuilder({
      root: ROOT,
      workDir: work,
      releaseDist: join(ROOT, 'dist'),
      compress: async (dir) => void precompressDir(dir, join(work, 'compressed')),
    }),
  });
  await publisher.catchUp();
  publisher.start();
  const app = await buildApp({ store, site, leadPurposes: [] });
  return { site, publisher, app };
}

/** The content-named files a page asks for: those its HTML names, and the chunks those scripts import. */
async function filesOf(app: FastifyInstance, html: string): Promise<Set<string>> {
  const found = new Set(html.match(/\/_astro\/[^"'\s)]+/g) ?? []);
  for (const url of found) {
    if (!url.endsWith('.js')) continue;
    const script = (await app.inject({ method: 'GET', url })).body;
    for (const [, name] of script.matchAll(/["']\.\/([^"']+\.js)["']/g)) found.add(`/_astro/${name}`);
  }
  return found;
}

describe.each(storeKinds)('the files of pages loaded before a publish, on %s', (kind) => {
  let t: TestStore;
  const instances: Instance[] = [];

  beforeAll(async () => {
    ahead = 0;
    t = await createTestStore(kind);
  });

  afterAll(async () => {
    for (const i of instances) {
      await i.publisher.stop();
      await i.app.close();
    }
    await t?.cleanup();
  });

  it('are answered for a day after it, with their types, while every page is the new version’s', { timeout: 300_000 }, async () => {
    const a = await instance(t.store);
    const b = await instance(t.store);
    instances.push(a, b);
    const get = (app: FastifyInstance, url: string, encoding = 'identity') => app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

    // Pages as a visitor loaded them before the publish, and every file they will ask for.
    const before = new Map<string, string>();
    const files = new Set<string>();
    for (const url of PAGES) {
      const html = (await get(a.app, url)).body;
      before.set(url, html);
      for (const file of await filesOf(a.app, html)) files.add(file);
    }
    expect(files.size).toBeGreaterThan(5);

    const latest = await a.publisher.latest();
    const details = a.publisher.contentOf(latest).get(BUSINESS)!;
    const oldEmail = String(details.data.email);
    const newEmail = 'hello@coldnow.example.nz';
    const { number } = await a.publisher.publishEntry({ ...details, data: { ...details.data, email: newEmail } }, latest.number, BY);
    await waitFor(() => b.site.version === number, { what: 'the other instance serving the publish', timeoutMs: 240_000 });

    // The publish renamed some of those files: the new build lacks them.
    const gone = [...files].filter((file) => !a.site.assets.has(file));
    expect(gone.length).toBeGreaterThan(0);

    const answersAll = async (i: Instance, what: string) => {
      for (const file of files) {
        for (const encoding of ['identity', 'br, gzip']) {
          const res = await get(i.app, file, encoding);
          expect(res.statusCode, `${what}: ${file}`).toBe(200);
          expect(res.headers['content-type'], `${what}: ${file}`).toMatch(TYPES[file.split('.').pop()!] ?? /^(?!text\/html)/);
        }
      }
      for (const url of PAGES) {
        const page = (await get(i.app, url)).body;
        expect(page, `${what}: ${url}`).toContain(newEmail);
        expect(page, `${what}: ${url}`).not.toContain(oldEmail);
        expect(page).not.toBe(before.get(url));
      }
    };
    await answersAll(a, 'the instance that published');
    await answersAll(b, 'the instance that followed');

    // Still once each serves the same pages with their compressed copies.
    for (const i of [a, b])
      await waitFor(() => i.site.version === number && i.site.assets.get('/')?.br, { what: 'the compressed copies served', timeoutMs: 120_000 });
    await answersAll(a, 'the publisher, compressed');
    await answersAll(b, 'the follower, compressed');

    // An instance started after the publish (a restart) keeps them from the builds on disk.
    const c = await instance(t.store);
    instances.push(c);
    expect(c.site.version).toBe(number);
    await answersAll(c, 'an instance started after the publish');

    // A day on, the old names are gone from every instance; the new build's files stay.
    ahead = DAY_MS + 1000;
    for (const i of [a, b, c]) {
      for (const file of gone) expect((await get(i.app, file)).statusCode, file).toBe(404);
      for (const file of [...i.site.assets.keys()].filter((path) => path.startsWith('/_astro/')).slice(0, 5))
        expect((await get(i.app, file)).statusCode).toBe(200);
    }
    const restarted = await instance(t.store);
    instances.push(restarted);
    for (const file of gone) expect((await get(restarted.app, file)).statusCode, file).toBe(404);
  });
});
