/**
 * The quote form end to end: a real browser submits to the real
 * lead server, and the test reads the lead back from the server's SQLite file.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { gtagCalls, offline, storedLeads, stubGtag, uniqueName, afterHumanPause, expectAxeCleanAtBothWidths } from './helpers.ts';

const FAILURE = 'Submission failed. Please try again.';

async function fillRequired(form: Locator, name: string) {
  await form.getByLabel('Contact name').fill(name);
  await form.getByLabel('Work email').fill('owner@example.co.nz');
}

/** Accepts every alert as a visitor would, recording its text (an open alert would block the page). */
function acceptAlerts(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.type() === 'alert' ? dialog.message() : `unexpected ${dialog.type()}`);
    void dialog.accept();
  });
  return messages;
}

function leadNamed(name: string) {
  return storedLeads('contact_name = ?', name);
}

const CALL_24_7 = /^Call 0800\s+FRIDGE, 24\/7$/;

/**
 * The thank-you page as an urgent request sees it: the area's response target first, then the 24/7
 * call button within the first screen, and none of the quote steps ("within 24 hours").
 */
async function expectUrgentThanks(page: Page, target: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Thanks — we're on it!");
  const line = page.getByText(target);
  await expect(line).toBeVisible();
  const call = page.getByRole('main').getByRole('link', { name: CALL_24_7 });
  await expect(call).toHaveCount(1);
  await expect(call).toHaveAttribute('href', 'tel:+64800374343');
  // The first call button on the page, near the top: within the first screen and right after the target.
  await expect(page.getByRole('link', { name: /^Call 0800/ }).first()).toHaveText(CALL_24_7);
  const [lineBox, callBox, height] = await Promise.all([line.boundingBox(), call.boundingBox(), page.evaluate(() => window.innerHeight)]);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(callBox!.y).toBeGreaterThan(lineBox!.y);
  expect(callBox!.y + callBox!.height).toBeLessThan(height);
  // Only this area's line, and not the quote steps or the standard lead.
  await expect(page.locator('.urgent-target:visible')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'What Happens Next' })).toBeHidden();
  await expect(page.getByText('We have received your quote request.')).toBeHidden();
}

test.beforeEach(async ({ context }) => {
  await offline(context);
});

test('from a city page with campaign values: Submitting..., generate_lead, /thank-you/, and the stored lead carries city and tracking', async ({ page }) => {
  await stubGtag(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/auckland?utm_source=google&utm_medium=cpc&utm_campaign=akl-repairs&utm_term=fridge%20repair&utm_content=ad1&gclid=TeSt-123');
  const form = page.locator('form[name="commercialLead"]');
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByLabel('City')).toHaveValue('Auckland');

  const name = uniqueName('Aroha Ngata');
  await fillRequired(form, name);
  await form.getByLabel('Phone').fill('021 555 0101');
  await form.getByLabel('Company name').fill('Ngata Kai Ltd');
  await form.getByLabel('Industry').selectOption('Hospitality');
  // The site fields are worded for a quote until the visitor asks for a repair (once React owns the form).
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  const site = form.getByRole('group', { name: 'Where is the site? (optional)' });
  await expect(site.getByLabel('Street address')).toHaveAttribute('autocomplete', 'address-line1');
  await expect(site.getByLabel('Access notes')).toBeVisible();
  await form.getByLabel('Service type').selectOption('Repair');
  const technician = form.getByRole('group', { name: 'Where should the technician go? (optional)' });
  await expect(technician).toBeVisible();
  await form.getByLabel('Number of units').selectOption('2–3');
  await form.getByLabel('Site type').selectOption('Repair call-out');
  await form.getByLabel('Timeframe').selectOption('Urgent (24–72h)');
  await form.getByLabel('Budget range').selectOption('$2k–$10k');
  await form.getByLabel('Project details').fill('Two under-bench fridges\nnot holding temperature.');
  await technician.getByLabel('Site address, so the technician can find you').fill('14 Karangahape Road');
  await technician.getByLabel('Suburb or town').fill('Newton');
  await technician.getByLabel('Gate codes, parking or after-hours access').fill('Back door code 2580\nPark in the loading bay.');

  // Hold the response so the in-flight state can be seen.
  let release!: () => void;
  let sentElapsed = Number.NaN;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('/', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    expect(route.request().headers()['content-type']).toContain('application/x-www-form-urlencoded');
    // The script reports how long after page load the form was sent, for the spam screen.
    sentElapsed = Number(new URLSearchParams(route.request().postData() ?? '').get('elapsed_ms'));
    await held;
    return route.continue();
  });

  // Hydration happens when the form scrolls into view; wait until React owns it.
  const submit = form.getByRole('button', { name: 'Get Commercial Quotes' });
  await expect(submit).toBeVisible();
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await afterHumanPause(page);
  await submit.click();
  const busy = form.getByRole('button', { name: 'Submitting...' });
  await expect(busy).toBeDisabled();
  release();
  // An urgent repair: the thank-you page leads with Auckland's response target and the 24/7 line.
  await page.waitForURL('**/thank-you/#urgent-auckland');
  await expectUrgentThanks(page, 'A technician will call you; we aim to be on site in Auckland within 2-4 hours.');
  await expectAxeCleanAtBothWidths(page, 'the urgent thank-you page');

  expect(sentElapsed).toBeGreaterThan(0);
  const leads = leadNamed(name);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({
    work_email: 'owner@example.co.nz',
    phone: '021 555 0101',
    company_name: 'Ngata Kai Ltd',
    industry: 'Hospitality',
    city: 'Auckland',
    service_type: 'Repair',
    num_units: '2–3',
    site_type: 'Repair call-out',
    timeframe: 'Urgent (24–72h)',
    budget_range: '$2k–$10k',
    notes: 'Two under-bench fridges\nnot holding temperature.',
    site_street: '14 Karangahape Road',
    site_suburb: 'Newton',
    access_notes: 'Back door code 2580\nPark in the loading bay.',
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'akl-repairs',
    utm_term: 'fridge repair',
    utm_content: 'ad1',
    gclid: 'TeSt-123',
    device: 'desktop',
    path: '/auckland',
    spam: 0,
  });
  expect(String(leads[0]!.page_url)).toContain('/auckland?utm_source=google');

  await expect
    .poll(() => gtagCalls(page))
    .toEqual([
      ['event', 'generate_lead', { form_name: 'commercialLead', service_type: 'Repair', city: 'Auckland' }],
      ['event', 'generate_lead', { form_name: 'commercialLead' }],
    ]);
});

test('first touch: campaign values from the landing page go with a quote sent later from /contact, from a phone', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  });
  await offline(context);
  const page = await context.newPage();
  await page.goto('/hamilton?utm_source=facebook&utm_campaign=waikato-spring&gclid=first-touch');
  // A second page with other values must not overwrite the first touch.
  await page.goto('/commercial-freezer?utm_source=newsletter');
  await page.getByRole('banner').getByRole('link', { name: 'Get Quote', exact: true }).tap();
  await expect(page).toHaveURL(/\/contact$/);

  const form = page.locator('form[name="commercialLead"]');
  await form.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  const name = uniqueName('Sione Tupou');
  await fillRequired(form, name);
  await form.getByRole('button', { name: 'Get Commercial Quotes' }).tap();
  await page.waitForURL('**/thank-you/');

  const [lead] = leadNamed(name);
  expect(lead).toMatchObject({ utm_source: 'facebook', utm_campaign: 'waikato-spring', gclid: 'first-touch', path: '/contact', device: 'mobile' });
  await context.close();
});

for (const failure of ['a 503 answer', 'a network failure'] as const) {
  test(`on ${failure} the visitor sees the alert and the form is usable again with its values`, async ({ page }) => {
    await stubGtag(page);
    await page.goto('/repairs');
    const form = page.locator('form[name="commercialLead"]').last();
    await form.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    const name = uniqueName('Failure Case');
    await fillRequired(form, name);
    await form.getByLabel('Project details').fill('Keep this text');
    await page.route('/', (route) =>
      route.request().method() !== 'POST'
        ? route.continue()
        : failure === 'a 503 answer'
          ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"ok":false}' })
          : route.abort('connectionreset'),
    );

    const alerts = acceptAlerts(page);
    await form.getByRole('button', { name: 'Get Commercial Quotes' }).click();
    await expect.poll(() => alerts).toEqual([FAILURE]);

    const submit = form.getByRole('button', { name: 'Get Commercial Quotes' });
    await expect(submit).toBeEnabled();
    await expect(form.getByLabel('Contact name')).toHaveValue(name);
    await expect(form.getByLabel('Project details')).toHaveValue('Keep this text');
    expect(page.url()).toMatch(/\/repairs$/);
    expect(await gtagCalls(page)).toEqual([]);
    expect(leadNamed(name)).toHaveLength(0);

    // The visitor tries again once the server is back, and it goes through.
    await page.unroute('/');
    await submit.click();
    await page.waitForURL('**/thank-you/');
    expect(leadNamed(name)).toHaveLength(1);
  });
}

test('a lead the server rejects (400) is never reported as success', async ({ page }) => {
  // The page must treat every non-ok answer as failure, not only 5xx.
  await page.goto('/contact');
  const form = page.locator('form[name="commercialLead"]');
  await form.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  const name = uniqueName('Invalid Choice');
  await fillRequired(form, name);
  // A choice outside the list (as a tampered page would send) is rejected by the server.
  await form.getByLabel('Budget range').evaluate((select: HTMLSelectElement) => {
    select.add(new Option('$1m', '$1m'));
    select.value = '$1m';
  });
  const alerts = acceptAlerts(page);
  await form.getByRole('button', { name: 'Get Commercial Quotes' }).click();
  await expect.poll(() => alerts).toEqual([FAILURE]);
  expect(leadNamed(name)).toHaveLength(0);
});

test('the browser will not send a form without the required name and a valid e-mail', async ({ page }) => {
  await page.goto('/contact');
  const form = page.locator('form[name="commercialLead"]');
  await form.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  let posted = false;
  page.on('request', (request) => {
    // The form's post, not the page's visit beacons.
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/') posted = true;
  });
  await form.getByLabel('Contact name').fill('No Email');
  await form.getByLabel('Work email').fill('not-an-address');
  await form.getByRole('button', { name: 'Get Commercial Quotes' }).click();
  await expect(form.getByLabel('Work email')).toHaveJSProperty('validity.valid', false);
  expect(posted).toBe(false);
  await expect(page).toHaveURL(/\/contact$/);
});

test('the honeypot is hidden from people and from assistive technology, and the form carries Netlify attributes', async ({ page }) => {
  await page.goto('/contact');
  const form = page.locator('form[name="commercialLead"]');
  await expect(form).toHaveAttribute('data-netlify', 'true');
  await expect(form).toHaveAttribute('netlify-honeypot', 'bot-field');
  const honeypot = form.locator('input[name="bot-field"]');
  await expect(honeypot).toBeHidden();
  const snapshot = await form.ariaSnapshot();
  expect(snapshot).not.toMatch(/Leave this field empty/i);
  await expect(form.getByLabel('Project details')).toHaveAttribute('rows', '3');
  await expect(form.getByRole('link', { name: /privacy/i })).toHaveAttribute('href', '/privacy');
});

test('the thank-you page sends generate_lead once on load', async ({ page }) => {
  await stubGtag(page);
  await page.goto('/thank-you');
  await page.waitForLoadState('load');
  await expect.poll(() => gtagCalls(page)).toEqual([['event', 'generate_lead', { form_name: 'commercialLead' }]]);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  // Without an urgent fragment it is the standard page: the quote steps, no urgent line.
  await expect(page.getByRole('heading', { name: 'What Happens Next' })).toBeVisible();
  await expect(page.locator('.urgent-target:visible')).toHaveCount(0);
  await expect(page.getByRole('link', { name: CALL_24_7 })).toHaveCount(0);
});

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts natively, ends on /thank-you/ and the lead is stored with its page and device', async ({ page }) => {
    await page.goto('/wellington');
    const form = page.locator('form[name="commercialLead"]');
    await expect(form.getByLabel('City')).toHaveValue('Wellington');
    const name = uniqueName('No Script');
    await fillRequired(form, name);
    await form.getByLabel('Service type').selectOption('Maintenance');
    await form.getByRole('button', { name: 'Get Commercial Quotes' }).click();
    await page.waitForURL('**/thank-you/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Thanks — we're on it!");
    const [lead] = leadNamed(name);
    expect(lead).toMatchObject({ city: 'Wellington', service_type: 'Maintenance', path: '/wellington', device: 'desktop', spam: 0 });
  });

  test.describe('on a phone', () => {
    test.use({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    });

    test('an urgent request from the emergency page posts natively and lands on its area: target and 24/7 line first', async ({ page }) => {
      await page.goto('/emergency-repairs');
      const form = page.locator('form[name="commercialLead"]');
      // Worded for a technician in the HTML itself: the page presets a repair.
      const technician = form.getByRole('group', { name: 'Where should the technician go? (optional)' });
      const name = uniqueName('Night Chiller');
      await fillRequired(form, name);
      await form.getByLabel('City').selectOption('Hamilton');
      await technician.getByLabel('Site address, so the technician can find you').fill('3 Anglesea Street');
      await technician.getByLabel('Suburb or town').fill('Hamilton Central');
      await technician.getByLabel('Gate codes, parking or after-hours access').fill('Side gate code 1066; ring the night manager.');
      await form.getByRole('button', { name: 'Get Commercial Quotes' }).click();
      await page.waitForURL('**/thank-you/#urgent-hamilton');
      await expectUrgentThanks(page, 'A technician will call you; we aim to be on site in Hamilton within 4-6 hours.');
      // (axe needs a script to run: the same page is checked with JavaScript on above and in audit.spec.ts.)
      const [lead] = leadNamed(name);
      expect(lead).toMatchObject({
        city: 'Hamilton',
        service_type: 'Repair',
        path: '/emergency-repairs',
        device: 'mobile',
        site_street: '3 Anglesea Street',
        site_suburb: 'Hamilton Central',
        access_notes: 'Side gate code 1066; ring the night manager.',
        urgent: 1,
      });
    });
  });

  test('an invalid native post gets a page that explains and links back, and nothing is stored', async ({ page, request }) => {
    const name = uniqueName('Bad Email');
    const response = await request.post('/', {
      form: { 'form-name': 'commercialLead', 'bot-field': '', contact_name: name, work_email: 'nope' },
      headers: { Accept: 'text/html' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    await page.setContent(await response.text());
    await expect(page.getByText(/e-mail address/i).first()).toBeVisible();
    await expect(page.getByRole('link').first()).toBeVisible();
    expect(leadNamed(name)).toHaveLength(0);
  });
});
