/**
 * Screenshots of one page of every kind, plus every page with its own hero artwork, at a phone's
 * width (390 px) and a desktop's (1280 px), for looking at the site rather than measuring it.
 * Serves the built site (`npm run build` first) with the lead server and writes PNGs into
 * `bench/results/screenshots/` (ignored by git): `<page>-<width>.png` is the first screen,
 * `<page>-<width>-hero.png` the page's opening section, `<page>-<width>-makes.png` its supplier
 * strip if it has one, and `<page>-<width>-full.png` the whole
 * page with `--full`.
 *
 *   node bench/screenshots.ts [--full] [--page /auckland] [--logos names|loaded|failed]
 *
 * `--logos` sets what the supplier logo service does: never answers (the default, so the home
 * strip shows the makes' names), answers with a stand-in image, or refuses.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { startServer } from '../tests/support/server-process.ts';
import { chromiumArgs, chromiumPath } from '../tests/support/chromium.ts';
import { distDir } from '../tests/support/dist.ts';
import { ownArtRoutes } from '../tests/support/routes.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { full: { type: 'boolean', default: false }, page: { type: 'string' }, logos: { type: 'string', default: 'names' } },
});
if (!['names', 'loaded', 'failed'].includes(values.logos)) throw new Error('--logos is names, loaded or failed');

/** Home, every product, service and industry page (each has its own artwork), a city, contact, the blog, an article, a guide and a legal page. */
const allPages = ['/', ...ownArtRoutes, '/auckland', '/hamilton', '/contact', '/blog', '/blog/lease-vs-buy', '/commercial-fridge-prices-nz', '/privacy'];
const pages = values.page ? [values.page] : allPages;
const widths = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const out = join(root, 'bench', 'results', 'screenshots');
mkdirSync(out, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), 'shots-data-'));
const server = await startServer({ DIST_DIR: distDir, DATABASE_URL: join(dataDir, 'leads.sqlite') });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  for (const size of widths) {
    const context = await browser.newContext({ viewport: size, reducedMotion: 'reduce' });
    // Nothing leaves this machine; the logo service behaves as asked.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => {
      const isLogo = route.request().url().includes('favicons');
      if (isLogo && values.logos === 'names') return; // never answered
      if (isLogo && values.logos === 'loaded') {
        return route.fulfill({
          contentType: 'image/svg+xml',
          body: '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" rx="8" fill="#0b5ea8"/></svg>',
        });
      }
      return route.abort('internetdisconnected');
    });
    const page = await context.newPage();
    for (const path of pages) {
      await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
      const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '_');
      await page.screenshot({ path: join(out, `${name}-${size.width}.png`) });
      await page
        .locator('main section')
        .first()
        .screenshot({ path: join(out, `${name}-${size.width}-hero.png`) });
      const strip = page.locator('section:has([data-logo-fallback]):visible');
      if (await strip.count()) await strip.first().screenshot({ path: join(out, `${name}-${size.width}-makes.png`) });
      if (values.full) await page.screenshot({ path: join(out, `${name}-${size.width}-full.png`), fullPage: true });
      console.log(`${path} at ${size.width} px`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`screenshots written to ${out}`);
