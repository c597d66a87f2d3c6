/**
 * Without JavaScript, a refused or rate-limited quote post lands on a page that looks like the
 * site (its stylesheet, header and footer), with the way back to the form and the emergency line
 *. Real Chromium, real server; the rate-limit case runs a server of its own (fixtures.ts) with a
 * limit of one.
 */
import type { Browser, Page } from '@playwright/test';
import { business } from '../../src/config/site.ts';
import { serverPageLabels } from '../../server/http/page-words.ts';
import { serverOptions, test, expect } from './fixtures.ts';
import { expectAxeClean, offline, storedLeads } from './helpers.ts';

test.use({ javaScriptEnabled: false });
// The server of the rate-limit case (the other uses the site at baseURL): a limit of one quote per address.
test.use({ serverOptions: serverOptions({ env: { RATE_LIMIT_MAX: '1', RATE_LIMIT_WINDOW: '10 minutes' } }) });

/** The site's frame and styles are there, with the emergency line. */
async function expectSitePage(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByRole('banner').getByRole('link', { name: `${business.name}, home` })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  // The stylesheet applies: the hero is the brand's dark gradient with white text, not the browser's defaults.
  const h1 = page.getByRole('heading', { level: 1 });
  expect(await h1.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
  expect(await h1.evaluate((el) => getComputedStyle(el.closest('section')!).backgroundImage)).toContain('gradient');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: business.emergencyLine.display }).first()).toHaveAttribute('href', business.emergencyLine.href);
}

/**
 * axe needs script, which the visitor's context has off: the same post is made natively (a plain
 * form submitted from a page of the site) in a context with script on, and axe checks the answer.
 */
async function expectNoAxeViolations(browser: Browser, origin: string, fields: Record<string, string>, status: number) {
  // The runner would give a new context this file's options (script off): switch it back on.
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    await offline(context);
    const page = await context.newPage();
    await page.goto(`${origin}/contact`);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/'),
      page.evaluate((values) => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = '/';
        for (const [name, value] of Object.entries(values)) form.append(Object.assign(document.createElement('input'), { type: 'hidden', name, value }));
        document.body.append(form);
        form.submit();
      }, fields),
    ]);
    expect(response.status()).toBe(status);
    await page.waitForURL(`${origin}/`, { waitUntil: 'load' });
    await expectAxeClean(page, 'the page after the post');
  } finally {
    await context.close();
  }
}

const quoteFields = (name: string, email: string) => ({ 'form-name': 'commercialLead', 'bot-field': '', contact_name: name, work_email: email });

test('a refused post: the site page, the fields to fix, a way back to the same form, nothing stored', async ({ page, context, browser }) => {
  await offline(context);
  await page.goto('/hamilton');
  const form = page.locator('form[name="commercialLead"]');
  const name = `Styled Refusal ${Date.now()}`;
  await form.getByLabel('Contact name').fill(name);
  // The browser accepts this address; the server wants a real domain ending.
  await form.getByLabel('Work email').fill('owner@example.c');
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/'),
    form.getByRole('button', { name: 'Get Commercial Quotes' }).click(),
  ]);
  expect(response.status()).toBe(400);
  await expectSitePage(page, serverPageLabels.checkTitle);
  await expect(page.getByRole('main')).toContainText('Work email');
  await page.screenshot({ path: 'test-results/no-js-refused.png', fullPage: true });
  const back = page.getByRole('link', { name: serverPageLabels.goBack });
  await expect(back).toHaveAttribute('href', '/hamilton');
  await back.click();
  await expect(page).toHaveURL(/\/hamilton$/);
  expect(storedLeads('contact_name = ?', name)).toHaveLength(0);
  await expectNoAxeViolations(browser, new URL(page.url()).origin, quoteFields(name, 'owner@example.c'), 400);
  expect(storedLeads('contact_name = ?', name)).toHaveLength(0);
});

test.describe('with a limit of one quote per address', () => {
  test('the rate-limit page: the site page, when to try again, the way back and the emergency line', async ({ page, context, browser, server }) => {
    await offline(context);
    await page.goto(`${server.url}/contact`);
    const form = page.locator('form[name="commercialLead"]');
    for (const attempt of [1, 2]) {
      await form.getByLabel('Contact name').fill(`Limited ${attempt}`);
      await form.getByLabel('Work email').fill('owner@example.co.nz');
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/'),
        form.getByRole('button', { name: 'Get Commercial Quotes' }).click(),
      ]);
      if (attempt === 1) {
        await page.waitForURL('**/thank-you/');
        await page.goto(`${server.url}/contact`);
      } else {
        expect(response.status()).toBe(429);
      }
    }
    await expectSitePage(page, serverPageLabels.tooManyTitle);
    await expect(page.getByRole('main')).toContainText(/try again in \d+ minutes/);
    await page.screenshot({ path: 'test-results/no-js-rate-limited.png', fullPage: true });
    await expect(page.getByRole('link', { name: serverPageLabels.goBack })).toHaveAttribute('href', '/contact');
    await expectNoAxeViolations(browser, server.url, quoteFields('Limited 3', 'owner@example.co.nz'), 429);
  });
});
