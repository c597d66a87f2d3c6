/**
 * The site editor's builds and their compressed copies: a preview's build is made without them (it
 * is served as it is, so it does not wait for brotli); a build to be served is made with them; a
 * preview's build published afterwards gets them then, once; and the compressor run in a process of
 * its own writes copies that unpack to the files, whole even when two run on one folder at once. A publish is served as soon as its pages are
 * built, and with their copies once they are made, unless a newer version is served by then, which
 * stops the older one's compressing process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { runNode } from '../../server/site/build-child.ts';
import { compressInChild, SiteBuilder } from '../../server/site/site-builder.ts';
import { releaseContent } from '../../server/site/release-content.ts';
import { LiveSite } from '../../server/site/live-site.ts';
import { SitePublisher } from '../../server/site/site-publisher.ts';
import { fakeBuild, ROOT } from '../support/site-editor.ts';
import { createTestStore, type TestStore } from '../support/stores.ts';
import { waitFor } from '../support/peers.ts';

const GUIDE = 'guides/commercial-fridge-prices-nz';
const ROUTE = '/commercial-fridge-prices-nz';
const BY = { email: 'owner@example.nz', ip: '127.0.0.1' };

describe('a site build and its compressed copies', () => {
  let work: string;
  let builder: SiteBuilder;
  const compressed: string[] = [];
  /** Whether each build was asked for its compressed copies, in order. */
  const asked: boolean[] = [];

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'crnz-builder-'));
    const releaseDist = join(work, 'release');
    await fakeBuild(join(ROOT, 'src/content'), releaseDist);
    builder = new SiteBuilder({
      root: ROOT,
      workDir: join(work, 'builds'),
      releaseDist,
      run: async (contentDir, outDir, signal, withCopies = true) => {
        asked.push(withCopies);
        await fakeBuild(contentDir, outDir, signal);
      },
      compress: async (dir) => {
        // The folder is finished when it is compressed: its home page is there.
        expect(existsSync(join(dir, 'index.html'))).toBe(true);
        compressed.push(dir);
      },
    });
  });

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const withHeading = (heading: string) => {
    const guide = releaseContent(ROOT).get(GUIDE)!;
    return { [GUIDE]: { ...guide, data: { ...guide.data, heading } } };
  };

  it('leaves a preview uncompressed, and compresses it once when it is published', async () => {
    const entries = withHeading('Commercial Fridge Prices, Previewed Then Published');
    const preview = await builder.build(entries, { compressed: false });
    expect(asked).toEqual([false]);
    expect(compressed).toEqual([]);
    expect(readdirSync(preview)).not.toContain('.compressed');

    expect(await builder.build(entries)).toBe(preview);
    expect(asked).toEqual([false]);
    expect(compressed).toEqual([preview]);
    expect(readdirSync(preview)).toContain('.compressed');
    expect(await builder.build(entries)).toBe(preview);
    expect(await builder.build(entries, { compressed: false })).toBe(preview);
    expect(compressed).toEqual([preview]);
  });

  it('makes a build to be served with its copies, and compresses nothing afterwards', async () => {
    compressed.length = 0;
    asked.length = 0;
    const folder = await builder.build(withHeading('Commercial Fridge Prices, Published at Once'));
    expect(asked).toEqual([true]);
    expect(compressed).toEqual([]);
    expect(readdirSync(folder)).toEqual(expect.arrayContaining(['.complete', '.compressed']));
  });

  it('compresses in a process of its own, into copies that unpack to the files', async () => {
    const dir = join(work, 'site');
    mkdirSync(join(dir, 'guide'), { recursive: true });
    const page = Buffer.from(`<!doctype html><title>Prices</title><main>${'<p>A cool room, a chiller and a freezer.</p>'.repeat(40)}</main>`);
    writeFileSync(join(dir, 'guide', 'index.html'), page);
    await compressInChild(ROOT, work)(dir);
    expect(brotliDecompressSync(readFileSync(join(dir, 'guide', 'index.html.br')))).toEqual(page);
    expect(gunzipSync(readFileSync(join(dir, 'guide', 'index.html.gz')))).toEqual(page);
    // The copies are kept for the next build, which then compresses only what changed.
    expect(readdirSync(join(work, 'compressed')).length).toBe(2);
  });
  it('leaves whole copies and no temporary files when two instances compress one folder at once', async () => {
    const dir = join(work, 'shared');
    mkdirSync(dir, { recursive: true });
    const pages = Array.from({ length: 12 }, (_, i) =>
      Buffer.from(`<!doctype html><title>Page ${i}</title><main>${`<p>Cool room ${i}, chiller and freezer checks.</p>`.repeat(400 + i)}</main>`),
    );
    pages.forEach((page, i) => writeFileSync(join(dir, `page-${i}.html`), page));
    // Two caches, so neither process finds the other's copies made and both write every file.
    await Promise.all([compressInChild(ROOT, join(work, 'first'))(dir), compressInChild(ROOT, join(work, 'second'))(dir)]);
    pages.forEach((page, i) => {
      expect(brotliDecompressSync(readFileSync(join(dir, `page-${i}.html.br`)))).toEqual(page);
      expect(gunzipSync(readFileSync(join(dir, `page-${i}.html.gz`)))).toEqual(page);
    });
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('ends the compressing process when told to stop, leaving no temporary file behind', async () => {
    const dir = join(work, 'stopped');
    mkdirSync(dir, { recursive: true });
    const pages = 200;
    for (let i = 0; i < pages; i++)
      writeFileSync(
        join(dir, `page-${i}.html`),
        `<!doctype html><title>Page ${i}</title><main>${`<p>Cool room ${i}, chiller ${i * 7} and freezer checks.</p>`.repeat(600)}</main>`,
      );
    /** The processes still running the compressor on this folder, read from the system's process table. */
    const compressorsOf = (folder: string) =>
      readdirSync('/proc')
        .filter((pid) => /^\d+$/.test(pid))
        .filter((pid) => {
          try {
            return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(folder);
          } catch {
            return false; // ended while being read
          }
        });
    const stop = new AbortController();
    const compressing = compressInChild(ROOT, join(work, 'stopped-cache'))(dir, stop.signal);
    const outcome = compressing.then(
      () => 'finished',
      (error: unknown) => (error as Error).name,
    );
    await waitFor(() => readdirSync(dir).some((name) => name.endsWith('.br')), { what: 'the first copy written' });
    expect(compressorsOf(dir)).toHaveLength(1);
    stop.abort();
    expect(await outcome).toBe('AbortError');
    expect(compressorsOf(dir)).toEqual([]);
    const names = readdirSync(dir);
    expect(names.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(names.filter((name) => name.endsWith('.br')).length).toBeLessThan(pages);
  });

  it('kills outright a child that carries on after it is told to stop', async () => {
    const ready = join(work, 'stubborn-ready');
    // A child that ignores the polite stop, and says (by a file) once it is ignoring it.
    const stubborn = `process.on('SIGTERM', () => {}); require('node:fs').writeFileSync(${JSON.stringify(ready)}, ''); setInterval(() => {}, 1000);`;
    const stop = new AbortController();
    const outcome = runNode('a stubborn child', ROOT, ['--eval', stubborn], {}, { signal: stop.signal, killAfterMs: 300 }).then(
      () => 'finished',
      (error: unknown) => (error as Error).name,
    );
    await waitFor(() => existsSync(ready), { what: 'the child ignoring SIGTERM' });
    stop.abort();
    const hung = new Promise<string>((settle) => setTimeout(() => settle('still running'), 5000).unref());
    expect(await Promise.race([outcome, hung])).toBe('AbortError');
  });
});

describe('a publish served before its compressed copies', () => {
  let t: TestStore;
  let work: string;
  let site: LiveSite;
  let publisher: SitePublisher;
  /** Each compression waits here until the test lets it finish. */
  const gates: (() => void)[] = [];
  /** The folders whose compression has finished, in order. */
  const finished: string[] = [];
  /** Whether each compression had been told to stop by the time it was let through, in order. */
  const stopped: boolean[] = [];

  beforeAll(async () => {
    t = await createTestStore('sqlite');
    work = mkdtempSync(join(tmpdir(), 'crnz-publisher-'));
    const releaseDist = join(work, 'release');
    await fakeBuild(join(ROOT, 'src/content'), releaseDist);
    site = new LiveSite(releaseDist);
    const builder = new SiteBuilder({
      root: ROOT,
      workDir: join(work, 'builds'),
      releaseDist,
      run: fakeBuild,
      compress: async (dir, signal) => {
        await new Promise<void>((open) => gates.push(open));
        stopped.push(signal?.aborted ?? false);
        writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(readFileSync(join(dir, 'index.html'))));
        finished.push(dir);
      },
    });
    publisher = new SitePublisher({ store: t.store, root: ROOT, site, builder });
  });

  afterAll(async () => {
    for (const open of gates.splice(0)) open();
    await publisher.stop();
    rmSync(work, { recursive: true, force: true });
    await t.cleanup();
  });

  const publishHeading = async (heading: string) => {
    const latest = await publisher.latest();
    const guide = publisher.contentOf(latest).get(GUIDE)!;
    return publisher.publishEntry({ ...guide, data: { ...guide.data, heading } }, latest.number, BY);
  };
  const guidePage = () => site.assets.get(ROUTE)?.body.toString('utf8') ?? '';

  it('serves the new pages at once, then the same pages with their copies', async () => {
    const { number } = await publishHeading('Commercial Fridge Prices, Served at Once');
    expect(site.version).toBe(number);
    expect(guidePage()).toContain('Served at Once');
    expect(site.assets.get('/')?.br).toBeUndefined();
    await waitFor(() => gates.length === 1, { what: 'the compression to start' });
    gates.shift()!();
    await waitFor(() => site.assets.get('/')?.br, { what: 'the home page served with its brotli copy' });
    expect(site.version).toBe(number);
    expect(guidePage()).toContain('Served at Once');
  });

  it('stops an older version’s compression once a newer one is served, and keeps serving the newer', async () => {
    const older = await publishHeading('Commercial Fridge Prices, Older');
    await waitFor(() => gates.length === 1, { what: 'the older version’s compression to start' });
    const newer = await publishHeading('Commercial Fridge Prices, Newer');
    expect(site.version).toBe(newer.number);
    gates.shift()!();
    // Waited on in a later turn of the event loop than the older version's copies were done in.
    await waitFor(() => finished.length === 2, { what: 'the older version’s copies done' });
    expect(stopped).toEqual([false, true]);
    expect(gates).toHaveLength(1);
    expect(site.version).toBe(newer.number);
    expect(guidePage()).toContain('Newer');
    expect(older.number).toBeLessThan(newer.number);
    gates.shift()!();
    await waitFor(() => site.assets.get('/')?.br, { what: 'the newer version served with its copies' });
    expect(stopped).toEqual([false, true, false]);
    expect(site.version).toBe(newer.number);
    expect(guidePage()).toContain('Newer');
  });
});

/**
 * A real `astro build` into a work folder beside the project whose name begins with the project's
 * folder's: Astro took it for one inside the project, and every build there failed (exit 1) on
 * packages its prerendered chunks could not find. The project here is a copy of the checkout's
 * site sources, which the build must leave exactly as they were (a read-only checkout serves).
 */
describe('a build into a work folder beside the project', () => {
  let root: string;
  let work: string;

  /** Every file and folder under the project but its packages, with its size and time. */
  const snapshot = () =>
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => !join(d.parentPath, d.name).startsWith(join(root, 'node_modules')))
      .map((d) => {
        const path = join(d.parentPath, d.name);
        const stat = statSync(path);
        return `${path} ${stat.size} ${stat.mtimeMs}`;
      })
      .sort();

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'crnz-checkout-'));
    for (const source of ['src', 'public', 'core', 'scripts', 'astro.config.ts', 'package.json', 'tsconfig.json'])
      cpSync(join(ROOT, source), join(root, source), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
    work = mkdtempSync(`${root}-a-`);
  });
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
    rmSync(root, { recursive: true, force: true });
  });

  it('builds the site when the folder is named like the project, writing nothing in the project', async () => {
    const before = snapshot();
    const builder = new SiteBuilder({ root, workDir: work, releaseDist: join(ROOT, 'dist') });
    const guide = releaseContent(root).get(GUIDE)!;
    const heading = 'Commercial Fridge Prices, Built Beside the Project';
    const folder = await builder.build({ [GUIDE]: { ...guide, data: { ...guide.data, heading } } }, { compressed: false });
    expect(folder.startsWith(work)).toBe(true);
    expect(readFileSync(join(folder, ROUTE.slice(1), 'index.html'), 'utf8')).toContain(heading);
    expect(snapshot()).toEqual(before);
    // The folder is removed whole, the project's packages left where they are.
    rmSync(work, { recursive: true, force: true });
    expect(existsSync(join(ROOT, 'node_modules', 'astro', 'package.json'))).toBe(true);
  }, 180_000);
});
