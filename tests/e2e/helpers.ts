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

/**
 * The axe-core rules of the cheap checks, run on every route where the full scan is not: every link,
 * button, field, image and frame has an accessible name, and the page a title and a language.
 */
export const NAME_RULES = [
  'area-alt',
  'aria-command-name',
  'aria-dialog-name',
  'aria-input-field-name',
  'aria-meter-name',
  'aria-progressbar-name',
  'aria-toggle-field-name',
  'aria-tooltip-name',
  'button-name',
  'document-title',
  'empty-heading',
  'empty-table-header',
  'frame-title',
  'html-has-lang',
  'html-lang-valid',
  'image-alt',
  'input-button-name',
  'input-image-alt',
  'label',
  'link-name',
  'object-alt',
  'role-img-alt',
  'select-name',
  'summary-name',
  'svg-img-alt',
] as const;

/** Fails with every axe-core violation on the page as it is now, each named by `what` and its elements; `rules` limits the scan to those. */
export async function expectAxeClean(page: Page, what = 'the page', rules?: readonly string[]): Promise<void> {
  const builder = new AxeBuilder({ page });
  const results = await (rules ? builder.withRules([...rules]) : builder).analyze();
  expect(results.violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The same at a phone's width and then a desktop's; the page is left at the desktop's. */
export async function expectAxeCleanAtBothWidths(page: Page, what: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAxeClean(page, `${what} at ${width}px`);
  }
}
