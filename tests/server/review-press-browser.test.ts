/**
 * A review link as the customer's phone opens it, in Chromium: the page (the built site's shell and
 * its script policy) runs its script, which posts the press and goes on to Google's review page;
 * the press is counted once. With JavaScript off, as a mail system's scanner fetches it, the page
 * shows the button to Google (axe finds nothing at 390 px) and counts nothing; nor does a scanner
 * that runs it in a browser it drives. Google's page is a
 * local stand-in here.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import released from '#business-details' with { type: 'json' };
import { buildApp } from '../../server/http/app.ts';
import type { BusinessDetails } from '../../core/business-details.ts';
import { randomToken, secretHash } from '../../server/security/secrets.ts';
import { keepReviewLink, markRequestSent, reviewRequestOf, settleRequest } from '../../server/storage/review-records.ts';
import { chromiumArgs, chromiumPath } from '../support/chromium.ts';
import { waitFor } from '../support/peers.ts';
import { freePort } from '../support/server-process.ts';
import { createTestStore, formBody, JSON_ACCEPT, type TestStore } from '../support/stores.ts';

const PLACE = 'ChIJN1t_tDeuEmsRUsoyG83frY4';
const withPlace: BusinessDetails = { ...(released as BusinessDetails), googlePlaceId: PLACE };

let t: TestStore;
let app: FastifyInstance;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  t = await createTestStore('sqlite');
  // The links are the inbox's (they go with its public origin), served here at the address listened on.
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  app = await buildApp({ store: t.store, leadPurposes: [], distDir: 'dist', hsts: false, inbox: { publicOrigin: origin }, businessDetails: () => withPlace });
  await app.listen({ port, host: '127.0.0.1' });
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await t?.cleanup();
});

/** A lead whose review request went, and the token of its link. */
async function sentRequest(): Promise<{ lead: string; token: string }> {
  const res = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({}) });
  expect(res.statusCode, res.body).toBe(200);
  const lead = (await t.store.listLeads()).at(-1)!.id;
  const token = randomToken();
  await t.store.transact(function* () {
    yield* settleRequest(lead, 'sending', { channel: 'sms' });
    yield* markRequestSent(lead);
    yield* keepReviewLink(secretHash(token), lead, 'review', 86_400_000);
  });
  return { lead, token };
}
const presses = async (lead: string) => (await t.store.read(() => reviewRequestOf(lead)))?.presses ?? 0;

it('counts the press of a phone that runs the page, on its way to Google, and not a scanner that runs nothing or drives a browser', async () => {
  const { lead, token } = await sentRequest();
  const visitors = [
    { who: 'a scanner that runs no script', javaScriptEnabled: false, person: false },
    { who: 'a scanner driving a browser (navigator.webdriver)', javaScriptEnabled: true, person: false },
    { who: "the customer's phone", javaScriptEnabled: true, person: true },
  ];
  for (const { who, javaScriptEnabled, person } of visitors) {
    const context = await browser.newContext({
      javaScriptEnabled,
      viewport: { width: 390, height: 844 },
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131 Mobile Safari/537.36',
    });
    // This Chromium is driven by the test, so it says so; a person's phone does not.
    if (person) await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    // The press as the browser sends it: a beacon leaves before the page goes on to Google.
    const beacons: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && beacons.push(r.url()));
    await context.route('https://search.google.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Google review</title>' }));
    await page.goto(`${origin}/r/${token}`);
    if (javaScriptEnabled) {
      await page.waitForURL(`https://search.google.com/local/writereview?placeid=${PLACE}`);
      if (person) await waitFor(async () => (await presses(lead)) === 1, { what: 'the press counted' });
      expect(beacons, who).toEqual(person ? [`${origin}/r/${token}`] : []);
      // Back leads to where the customer came from, not to the page that would go on again.
      await page.goBack();
      expect(page.url()).toBe('about:blank');
    } else {
      const button = page.getByRole('link', { name: 'Write a Google review' });
      expect(await button.getAttribute('href', { timeout: 5000 })).toBe(`https://search.google.com/local/writereview?placeid=${PLACE}`);
      expect(await presses(lead), who).toBe(0);
      await page.screenshot({ path: 'bench/results/screenshots/reviews/link-without-script-390.png' });
    }
    // The page's own policy let its script run and post: nothing was refused.
    expect(problems).toEqual([]);
    await context.close();
  }
  expect(await presses(lead)).toBe(1);

  // The page as it stands when its script cannot load: axe runs (it needs script), and finds nothing.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await context.route('**/r/press.js', (route) => route.abort());
  await page.goto(`${origin}/r/${token}`);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  await context.close();
});
