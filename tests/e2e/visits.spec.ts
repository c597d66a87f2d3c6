/**
 * Visits counted in Chromium, end to end: three people walk the site (each their own browser; on
 * this one machine they share an address, so each has a browser of its own make) and one sends a
 * quote from /auckland; a crawler walks it too. The Reports then show /auckland with 3 visitors,
 * 1 quote and a 33% quote rate, the quote form's funnel and the Web Vitals, with nothing for axe to
 * report at 390 and 1280 px; no public page set a cookie.
 */
import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { nzParts } from '../../core/nz-time.ts';
import type { VisitReport } from '../../core/visit/visit-figures.ts';
import { test, expect, type TestServer } from './fixtures.ts';
import { afterHumanPause, expectAxeClean, offline } from './helpers.ts';
import { dumpDatabase } from '../support/visits.ts';

const today = nzParts(new Date()).date;

const person = (n: number) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Person/${n}`;
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A person's own browser, every beacon it sends kept. */
async function visitor(browser: Browser, userAgent: string): Promise<{ context: BrowserContext; page: Page; beacons: string[] }> {
  const context = await browser.newContext({ userAgent, viewport: { width: 1280, height: 800 } });
  await offline(context);
  const beacons: string[] = [];
  context.on('request', (request) => {
    if (request.url().endsWith('/visit')) beacons.push(request.postData() ?? '');
  });
  return { context, page: await context.newPage(), beacons };
}

/** Opens a page and waits for its page view to be sent. */
async function open(server: TestServer, page: Page, beacons: string[], path: string) {
  const before = beacons.length;
  await page.goto(`${server.url}${path}`);
  await expect.poll(() => beacons.slice(before).some((b) => b.includes('"view"') && b.includes(`"path":"${path}"`))).toBe(true);
}

test('three people walk the site, one sends a quote from /auckland: the Reports show 3 visitors, 1 quote, 33%', async ({ browser, server, signIn }) => {
  test.setTimeout(150_000);
  const people = await Promise.all([1, 2, 3].map((n) => visitor(browser, person(n))));
  for (const [i, { page, beacons }] of people.entries()) {
    await open(server, page, beacons, '/');
    await open(server, page, beacons, '/auckland');
    // The first scroll brings in web-vitals; leaving the page sends its measures.
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('web-vitals')))).toBe(true);
    // LCP is final at the first real click or key after web-vitals starts listening (a made-up event
    // does not count), and the module may still be starting when its file has arrived: the visitor
    // clicks until it has been sent.
    await expect
      .poll(async () => {
        await page.getByRole('heading', { level: 1 }).click();
        return beacons.some((b) => b.includes('"vital"') && b.includes('"LCP"'));
      })
      .toBe(true);
    // The visitor switches to another tab: web-vitals reports what it has (headless Chromium does
    // not hide a page it navigates away from, as a visible browser does).
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => beacons.some((b) => b.includes('"CLS"'))).toBe(true);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    if (i === 0) {
      const form = page.locator('form[name="commercialLead"]').first();
      await form.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
      await form.getByLabel('Contact name').fill('Visits Person');
      await form.getByLabel('Work email').fill('visits@example.co.nz');
      await afterHumanPause(page);
      await form.getByRole('button', { name: 'Get Commercial Quotes' }).click();
      await page.waitForURL('**/thank-you/');
    } else {
      await open(server, page, beacons, '/contact');
    }
    expect(beacons.some((b) => b.includes('"vital"') && b.includes('"LCP"'))).toBe(true);
    if (i === 0) expect(beacons.filter((b) => b.includes('"seen"'))).toHaveLength(1);
    if (i === 0) expect(beacons.filter((b) => b.includes('"started"'))).toHaveLength(1);
  }
  const crawler = await visitor(browser, GOOGLEBOT);
  await open(server, crawler.page, crawler.beacons, '/auckland');

  // No public page set a cookie, for anyone.
  for (const { context } of [...people, crawler]) expect(await context.cookies()).toEqual([]);
  await Promise.all([...people, crawler].map(({ context }) => context.close()));

  // The owner signs in; the counts reach the database within a few seconds (each instance flushes on a timer).
  const owner = await browser.newContext({ viewport: { width: 390, height: 900 } });
  const page = await owner.newPage();
  await signIn(page, 'owner');
  const { origin } = server;
  const visits = async () => (await page.request.get(`${origin}/inbox/api/visits?from=${today}&to=${today}`)).json() as Promise<VisitReport>;
  await expect.poll(async () => (await visits()).byPage.find((p) => p.label === '/auckland'), { timeout: 20_000 }).toMatchObject({ visitors: 3, quotes: 1 });
  await expect
    .poll(async () => (await visits()).vitals.find((v) => v.metric === 'LCP' && v.kind === null)?.samples ?? 0, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(3);
  const report = await visits();
  // A copy of the database holds none of the visitors' browsers (nor the crawler's).
  const dump = await dumpDatabase('sqlite', server.store.url);
  for (const trace of ['Person/', 'Chrome/131', 'Googlebot']) expect(dump).not.toContain(trace);
  expect(report.visitors).toBe(3);
  expect(report.formFunnel.find((f) => f.page === '/auckland')).toMatchObject({ started: 1, sent: 1 });

  await page.goto(`${origin}/inbox/?page=reports&from=${today}&to=${today}`);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const byPage = page.getByRole('region', { name: 'Visits by page' });
    await expect(byPage).toBeVisible();
    await expect(byPage.locator('svg[role="img"]')).toHaveAttribute('aria-label', /\/auckland: 3 visitors \(33% quote rate, few visitors\)/);
    await expect(page.getByRole('region', { name: 'The quote form, page by page' }).locator('svg[role="img"]')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Web Vitals of real visitors' })).toContainText('Largest Contentful Paint');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAxeClean(page, `the reports at ${width}px`);
    await page.getByRole('heading', { name: 'Visits and the quote rate' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/visits-${width}.png`, fullPage: true });
    await page
      .getByRole('region', { name: 'Visits and the quote rate' })
      .locator('..')
      .screenshot({ path: `test-results/visits-sections-${width}.png` });
  }
  const byPage = page.getByRole('region', { name: 'Visits by page' });
  await byPage.getByText('Show the numbers').click();
  const auckland = byPage.getByRole('table').getByRole('row', { name: /\/auckland/ });
  expect(await auckland.locator('th, td').allTextContents()).toEqual(['/auckland', '3', expect.any(String), '1', '33% (few visitors)']);
  await axeCleanAfterOpening(page);
  // On a phone with the tables open: wide ones stacked, the page no wider than the screen.
  await page.setViewportSize({ width: 390, height: 900 });
  // Waited on: the page lays itself out again for the new width, later on a busy machine.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(byPage.getByRole('group', { name: 'Visits by page' }).getByRole('listitem').filter({ hasText: '/auckland' })).toContainText(
    '33% (few visitors)',
  );
  await expectAxeClean(page, 'the reports at 390px with their tables open');
  await page.getByRole('heading', { name: 'Visits and the quote rate' }).scrollIntoViewIfNeeded();
  await page
    .getByRole('heading', { name: 'Visits and the quote rate' })
    .locator('xpath=ancestor::section/..')
    .screenshot({ path: 'bench/results/screenshots/inbox-reports-visits-390.png' });
  await owner.close();
});

async function axeCleanAfterOpening(page: Page) {
  for (const name of ['The quote form, page by page', 'Web Vitals of real visitors']) {
    const details = page.getByRole('region', { name }).getByText('Show the numbers');
    if (await details.count()) await details.click();
  }
  await expectAxeClean(page, 'the reports with their tables open');
}
