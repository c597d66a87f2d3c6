/**
 * The quick preview with the real preview renderer (dist-renderer/, made by the build) on the
 * release's real content, against the real release build:
 * - a page rendered from the release's entries is the served page, markup for markup, apart from
 *   what differs by design (each island's id, the stylesheet's and scripts' addresses);
 * - an article's edited body, the business details' new e-mail address and a guide's heading
 *   appear on their pages, and vanish again when the next preview no longer has them;
 * - two previews at once with different business details each show their own;
 * - every script and island the page loads is a file of the served build, and the page has the
 *   served stylesheet and names no folder of the server;
 * - any address, however hostile, gets a page or a refusal, never a hang or a leaked path;
 * - its process ends after so many renders and when idle, and the next preview starts another;
 * - a render that ends its process is refused, and the next starts another;
 * - once stopped, it renders nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSite } from '../../server/http/plugins/static.ts';
import { QuickPreview } from '../../server/site/quick-preview.ts';
import { releaseContent } from '../../server/site/release-content.ts';
import { contentOf } from '../../server/site/content-version.ts';
import type { ContentEntry } from '../../server/site/content.ts';
import { PREVIEW_RENDERER_FILE } from '../../core/preview-renderer.ts';
import { ROOT } from '../support/site-editor.ts';
import { waitFor } from '../support/peers.ts';

const release = releaseContent(ROOT);
const served = loadSite(join(ROOT, 'dist'));
const ARTICLE = release.get('blog/common-problems')!;
const DETAILS = release.get('business/details')!;
const GUIDE = release.get('guides/commercial-fridge-prices-nz')!;

/** The site's content with `changed` over the release's, as the site editor hands it over. */
const site = (...changed: ContentEntry[]) => contentOf(release, { entries: Object.fromEntries(changed.map((e) => [`${e.collection}/${e.id}`, e])) });

/** Every address the page loads a script from. */
const scriptsOf = (html: string) => [...html.matchAll(/(?:src|component-url|renderer-url)="([^"]*)"/g)].map((m) => m[1]!).filter((url) => url.endsWith('.js'));

/** A page's markup less what differs by design between a build and a preview of the same entries. */
const comparable = (html: string) =>
  html
    .replace(/<meta http-equiv="content-security-policy"[^>]*>/, '')
    .replace(/\s(?:uid|prefix)="[^"]*"/g, '')
    .replace(/></g, '>\n<')
    .split('\n');

describe('the quick preview', () => {
  let live: QuickPreview;

  beforeAll(() => {
    live = new QuickPreview({ root: ROOT });
  });
  afterAll(async () => {
    await live.stop();
  });

  it('renders each kind of page from the release’s entries as the build made it', { timeout: 60_000 }, async () => {
    for (const route of ['/', '/commercial-fridge', '/auckland', '/contact', '/commercial-fridge-prices-nz', '/blog', '/blog/common-problems', '/thank-you']) {
      const page = (await live.render(site(), route, served)).toString('utf8');
      const built = readFileSync(join(ROOT, 'dist', route === '/' ? '' : route, 'index.html'), 'utf8');
      expect(comparable(page), route).toEqual(comparable(built));
    }
  });

  it('shows an edited article and new business details, then the release again', { timeout: 60_000 }, async () => {
    const article = { ...ARTICLE, body: ARTICLE.body!.replace(/^## .*$/m, '## Frost on the evaporator coil, explained') };
    const page = (await live.render(site(article), '/blog/common-problems', served)).toString('utf8');
    expect(page).toContain('Frost on the evaporator coil, explained');
    expect(page).not.toContain(ROOT);
    for (const url of scriptsOf(page)) expect(served.has(url), url).toBe(true);
    expect(scriptsOf(page).length).toBeGreaterThan(0);

    const details = { ...DETAILS, data: { ...DETAILS.data, email: 'kia.ora@commercialrefrigeration.nz' } };
    const contact = (await live.render(site(details), '/contact', served)).toString('utf8');
    expect(contact).toContain('kia.ora@commercialrefrigeration.nz');

    // One change after another, as an owner previews again and again: each shows the last.
    for (const n of [1, 2, 3]) {
      const heading = `Fridge Prices Checked, Preview Number ${n}`;
      const guide = { ...GUIDE, data: { ...GUIDE.data, heading } };
      const shown = (await live.render(site(guide), '/commercial-fridge-prices-nz', served)).toString('utf8');
      expect(/<h1[^>]*>([^<]*)</.exec(shown)?.[1]).toBe(heading);
    }

    const again = (await live.render(site(), '/blog/common-problems', served)).toString('utf8');
    expect(again).not.toContain('Frost on the evaporator coil, explained');
    expect((await live.render(site(), '/contact', served)).toString('utf8')).not.toContain('kia.ora@');
  });

  it('keeps two previews at once apart: each shows its own business details', { timeout: 60_000 }, async () => {
    const withEmail = (email: string) => site({ ...DETAILS, data: { ...DETAILS.data, email } });
    const [first, second] = await Promise.all([
      live.render(withEmail('first@commercialrefrigeration.nz'), '/contact', served),
      live.render(withEmail('second@commercialrefrigeration.nz'), '/contact', served),
    ]);
    expect(first.toString('utf8')).toContain('first@commercialrefrigeration.nz');
    expect(first.toString('utf8')).not.toContain('second@');
    expect(second.toString('utf8')).toContain('second@commercialrefrigeration.nz');
    expect(second.toString('utf8')).not.toContain('first@');
  });

  it('answers any address with a page or a refusal, never a hang or a folder of the server', { timeout: 60_000 }, async () => {
    const segment = fc.oneof(
      fc.constantFrom('..', '%2e%2e', '@fs', 'src', 'etc', 'passwd', 'node_modules', '%00', '%', '?', '#', 'blog', 'inbox', '404'),
      fc.webSegment(),
    );
    const route = fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`);
    await fc.assert(
      fc.asyncProperty(route, async (path) => {
        const answer = await live.render(site(), path, served).then(
          (page) => ({ page: page.toString('utf8'), refused: undefined }),
          (error: unknown) => ({ page: '', refused: error }),
        );
        // A page with its heading, or a refusal with a reason: one or the other, never both or neither.
        expect([answer.page.includes('<h1'), answer.refused instanceof Error], path).toContain(true);
        expect(answer.page.includes('<h1') && answer.refused !== undefined).toBe(false);
        expect(answer.page).not.toContain(ROOT);
      }),
      { numRuns: 60, examples: [['/inbox'], ['/%E0%A4%A'], ['/blog/no-such-article'], ['//'], ['/../../etc/passwd']] },
    );
  });

  it('refuses an entry its collection’s schema refuses, and an article body the site’s check refuses', { timeout: 30_000 }, async () => {
    await expect(live.render(site({ ...GUIDE, data: { ...GUIDE.data, heading: 42 } }), '/commercial-fridge-prices-nz', served)).rejects.toThrow();
    const code = { ...ARTICLE, body: `${ARTICLE.body}\n\nexport const x = process.exit(1)\n\n{process.exit(1)}\n` };
    await expect(live.render(site(code), '/blog/common-problems', served)).rejects.toThrow(/check/);
  });

  it('ends its process after so many renders, and when idle, and starts another for the next preview', { timeout: 60_000 }, async () => {
    const brief = new QuickPreview({ root: ROOT, rendersPerProcess: 2, idleMs: 300 });
    try {
      for (const n of [1, 2, 3]) {
        const heading = `Fridge Prices, Render ${n}`;
        const shown = (await brief.render(site({ ...GUIDE, data: { ...GUIDE.data, heading } }), '/commercial-fridge-prices-nz', served)).toString('utf8');
        expect(/<h1[^>]*>([^<]*)</.exec(shown)?.[1]).toBe(heading);
      }
      // The third render needed a process of its own.
      expect(brief.started).toBe(2);
      await waitFor(() => !brief.warmed, { what: 'the idle process to end' });
      expect((await brief.render(site(), '/contact', served)).toString('utf8')).toContain('<h1');
      expect(brief.started).toBe(3);
    } finally {
      await brief.stop();
    }
  });

  it('refuses a render that ends its process, and renders the next in a new one', async () => {
    // A stand-in renderer that ends its whole process on one address, as a crash in native code would.
    const root = mkdtempSync(join(tmpdir(), 'crnz-renderer-'));
    mkdirSync(join(root, PREVIEW_RENDERER_FILE, '..'), { recursive: true });
    writeFileSync(
      join(root, PREVIEW_RENDERER_FILE),
      `export async function ready() {}
       export async function renderPage(route) { if (route === '/crash') process.exit(1); return '<html><head></head><body><h1>' + route + '</h1></body></html>'; }`,
    );
    const standIn = new QuickPreview({ root });
    try {
      await expect(standIn.render(site(), '/crash', served)).rejects.toThrow(/ended while rendering \/crash/);
      expect((await standIn.render(site(), '/contact', served)).toString('utf8')).toContain('<h1>/contact</h1>');
      expect(standIn.started).toBe(2);
    } finally {
      await standIn.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('renders nothing once stopped', async () => {
    await live.stop();
    await expect(live.render(site(), '/', served)).rejects.toThrow(/stopped/);
  });
});
