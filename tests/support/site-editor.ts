/**
 * The site editor's pieces for server tests: a publisher over a real store, whose build is a
 * small stand-in (each page's file holds its entry's heading and date line, read from the content
 * folder the builder wrote, as Astro would read it), so a test publishes in milliseconds and sees
 * exactly which content a build was given. The real build runs in the browser tests.
 */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readEntries, routeOf } from '../../src/lib/content-entries.ts';
import { pricesVerifiedOn, hasPriceDate } from '../../src/lib/price-dates.ts';
import { LiveSite } from '../../server/site/live-site.ts';
import { BuildFailed } from '../../server/site/build-child.ts';
import { SiteBuilder, type RunBuild } from '../../server/site/site-builder.ts';
import { SitePublisher } from '../../server/site/site-publisher.ts';
import type { QuickPreview } from '../../server/site/quick-preview.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { photoRefsOf } from '../../core/photo-refs.ts';
import { PHOTO_PATH, photoFileName } from '../../core/photo-sizes.ts';
import { photoFiles } from '../../server/storage/site-photos.ts';
import { precompressDir } from '../../scripts/precompress.ts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { INBOX_ORIGIN } from './inbox-session.ts';

export const ROOT = resolve(import.meta.dirname, '../..');

/** A heading that makes the stand-in build fail, as a real build fails on content it cannot take. */
export const BREAKS_THE_BUILD = 'This heading breaks the build';

/** What the stand-in writes for an entry's page: its heading (or title), its photos as the real page names them and, for a guide, its date line. */
export function pageText(data: Record<string, unknown>, dated: string | undefined): string {
  const heading = String(data.heading ?? data.title ?? '');
  const photos = photoRefsOf({ data })
    .map(({ id }) => `<img src="${PHOTO_PATH}${photoFileName(id, 800, 'webp')}" srcset="${PHOTO_PATH}${photoFileName(id, 480, 'avif')} 480w">`)
    .join('');
  return `<!doctype html><title>${heading}</title><body><main><h1>${heading}</h1>${photos}${dated ? `<p>Last updated ${dated}</p>` : ''}</main></body>`;
}

export const fakeBuild: RunBuild = async (contentDir, outDir) => {
  await new Promise((r) => setTimeout(r, 5));
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, '404.html'), '<!doctype html><title>Not found | Site</title><main>Not found</main>');
  const entries = readEntries(contentDir);
  const verified = pricesVerifiedOn(entries.values());
  for (const entry of entries.values()) {
    const route = routeOf(entry);
    if (!route) continue;
    if (entry.data.heading === BREAKS_THE_BUILD)
      throw new BuildFailed('the site build failed (exit code 1)', `[InvalidContentEntryDataError] ${entry.id}: heading`);
    const dir = join(outDir, route);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.html'), pageText(entry.data, hasPriceDate(entry) ? verified : undefined));
  }
};

/**
 * A copy of the project's content as another release would ship it, with `change` made to its
 * files (a developer's edit): the root to give siteInstance.
 */
export function anotherRelease(change: (contentDir: string) => void): string {
  const root = mkdtempSync(join(tmpdir(), 'crnz-release-'));
  cpSync(join(ROOT, 'src/content'), join(root, 'src/content'), { recursive: true });
  change(join(root, 'src/content'));
  return root;
}

/** What else an instance is given: how often it checks, a real release build to serve, a quick preview. */
export interface InstanceOptions {
  checkEveryMs?: number;
  /** A finished build of the release to serve (the project's own dist/) rather than the stand-in's. */
  releaseDist?: string;
  quickPreview?: QuickPreview;
  /** How long a claim on a build lasts unless renewed (renewed every third of it). */
  buildLeaseMs?: number;
}

/** A publisher on `store`, with a live site and build folders of its own (an instance), of the project's release or another (`root`). */
export function siteInstance(
  store: LeadStore,
  run: RunBuild = fakeBuild,
  root = ROOT,
  { checkEveryMs = 50, releaseDist: given, quickPreview, buildLeaseMs }: InstanceOptions = {},
) {
  const work = mkdtempSync(join(tmpdir(), 'crnz-site-'));
  const releaseDist = given ?? join(work, 'release');
  // The release's own build: the stand-in run on the release's content, unless one is given.
  const ready = (given ? Promise.resolve() : run(join(root, 'src/content'), releaseDist)).then(() => {
    const site = new LiveSite(releaseDist);
    const publisher = new SitePublisher({
      store,
      root,
      site,
      checkEveryMs,
      quickPreview,
      buildLeaseMs,
      builder: new SiteBuilder({
        root,
        workDir: join(work, 'builds'),
        releaseDist,
        run,
        // The build's own compressor, in this process: the stand-in pages are small.
        compress: async (dir) => void precompressDir(dir, join(work, 'compressed')),
        photos: (ids) => store.read(() => photoFiles(ids)),
      }),
    });
    return { site, publisher, work };
  });
  return ready;
}

/** An instance as the server tests drive it: the app over a started publisher. */
export interface SiteApp {
  app: FastifyInstance;
  site: LiveSite;
  publisher: SitePublisher;
  work: string;
}

/**
 * An instance's app with the site editor, over `store`: a started publisher (siteInstance) and the
 * inbox on INBOX_ORIGIN. Limits are set high enough that no test meets them; `rateLimit` says how high.
 */
export async function siteApp(
  store: LeadStore,
  {
    run = fakeBuild,
    root = ROOT,
    rateLimit = 1000,
    logger,
    ...instance
  }: { run?: RunBuild; root?: string; rateLimit?: number; logger?: FastifyBaseLogger } & Omit<InstanceOptions, 'checkEveryMs'> = {},
): Promise<SiteApp> {
  const { site, publisher, work } = await siteInstance(store, run, root, instance);
  publisher.start();
  const app = await buildApp({
    store,
    site,
    businessDetails: () => publisher.businessDetails,
    ...(logger ? { logger } : {}),
    leadPurposes: [],
    rateLimit: { max: rateLimit, windowMs: 600_000 },
    inbox: { publicOrigin: INBOX_ORIGIN, signInLimit: { max: rateLimit, windowMs: 600_000 }, site: publisher },
  });
  return { app, site, publisher, work };
}
