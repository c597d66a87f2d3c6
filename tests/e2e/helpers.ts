import { DatabaseSync } from 'node:sqlite';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Reads leads straight from the server's SQLite file (WAL lets a second reader in). */
export function storedLeads(where: string, ...params: string[]): Record<string, unknown>[] {
  const db = new DatabaseSync(process.env.E2E_DATABASE!, { readOnly: true });
  try {
    return db.prepare(`SELECT * FROM leads WHERE ${where}`).all(...params) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

/** Blocks every request that leaves this machine, so pages behave the same on any network; logos then fail. */
export async function offline(context: BrowserContext, logos: 'fail' | 'succeed' = 'fail') {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => {
    if (logos === 'succeed' && route.request().url().includes('favicons')) {
      return route.fulfill({
        contentType: 'image/svg+xml',
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#0b5ea8"/></svg>',
      });
    }
    return route.abort('internetdisconnected');
  });
}

/** A gtag stub that records its calls in sessionStorage, so they survive navigation. */
export async function stubGtag(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { gtag: (...args: unknown[]) => void }).gtag = (...args: unknown[]) => {
      const calls = JSON.parse(sessionStorage.getItem('gtag-calls') ?? '[]') as unknown[];
      calls.push(args);
      sessionStorage.setItem('gtag-calls', JSON.stringify(calls));
    };
  });
}

export async function gtagCalls(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('gtag-calls') ?? '[]') as unknown[][]);
}

export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export type JsonLdNode = Record<string, unknown>;

/** Every JSON-LD node on the page (arrays and @graph flattened). */
export async function jsonLd(page: Page): Promise<JsonLdNode[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.flatMap((text) => {
    const data = JSON.parse(text) as JsonLdNode | JsonLdNode[];
    return (Array.isArray(data) ? data : [data]).flatMap((node) => (node['@graph'] as JsonLdNode[] | undefined) ?? [node]);
  });
}

/**
 * Waits until the page has been open as long as a person takes over the quote form: the spam screen
 * holds a form sent within a few seconds of the page opening, and a test fills it in a moment.
 */
export async function afterHumanPause(page: Page) {
  await page.waitForFunction(() => performance.now() > 5000);
}

/** A line of an ARIA snapshot for a link, button, field or image that has no accessible name. */
const UNNAMED =
  /^\s*- (link|button|textbox|searchbox|combobox|listbox|checkbox|radio|switch|slider|spinbutton|menuitem|tab|option|img|dialog)(\s+\[[^\]]*\])*:?\s*$/gm;

/**
 * The cheap checks of every page, in a fraction of axe-core's time (no script to inject): by
 * Playwright's own accessible-name computation (the page's ARIA snapshot), no link, button, field
 * or image without a name; the page has a title and a language.
 */
export async function expectEveryControlNamed(page: Page, what = 'the page'): Promise<void> {
  const snapshot = await page.locator('body').ariaSnapshot();
  expect(snapshot.match(UNNAMED) ?? [], `${what}: elements without an accessible name in\n${snapshot}`).toEqual([]);
  const { title, lang } = await page.evaluate(() => ({ title: document.title.trim(), lang: document.documentElement.lang }));
  expect(title, `${what}: the page's title`).not.toBe('');
  expect(lang, `${what}: the page's language`).not.toBe('');
}

/**
 * Fails with every axe-core violation on the page as it is now, each named by `what` and its elements.
 * axe runs in the page and its same-origin frames (the builder's legacy mode): its default mode opens
 * a blank page for every scan to gather the results in, which took two thirds of the scan's time.
 * That mode alone tests frames of another origin, so a page with one fails here rather than pass unscanned.
 */
export async function expectAxeClean(page: Page, what = 'the page'): Promise<void> {
  const origin = new URL(page.url()).origin;
  const foreign = page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => URL.canParse(url) && new URL(url).protocol !== 'about:' && new URL(url).origin !== origin);
  expect(foreign, `${what}: frames of another origin, which this scan would not test`).toEqual([]);
  // In the inbox, every control's spoken name must hold its visible words (WCAG 2.5.3, label in
  // name), so voice control finds it: axe's check of that is off unless asked for.
  const inbox = new URL(page.url()).pathname.startsWith('/inbox/');
  const results = await new AxeBuilder({ page })
    // A page of the site shown inside the inbox (the editor's phone view) is scanned as the site's own page, not as part of the inbox.
    .exclude('iframe[data-site-page]')
    .setLegacyMode()
    .options(inbox ? { rules: { 'label-content-name-mismatch': { enabled: true } } } : {})
    .analyze();
  expect(results.violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The same at a phone's width and then a desktop's; the page is then as wide as it was. */
export async function expectAxeCleanAtBothWidths(page: Page, what: string): Promise<void> {
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAxeClean(page, `${what} at ${width}px`);
  }
  // The journey goes on at the width it was walking at (a phone's, mostly), not the last one scanned.
  if (size) await page.setViewportSize(size);
}
