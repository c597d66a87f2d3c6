/**
 * The quote form end to end: a real browser submits to the real
 * lead server, and the test reads the lead back from the server's SQLite file.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { gtagCalls, offline, storedLeads, stubGtag, uniqueName, afterHumanPause } from './helpers.ts';

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
  await form.getByLabel('Service type').selectOption('Repair');
  await form.getByLabel('Number of units').selectOption('2–3');
  await form.getByLabel('Site type').selectOption('Repair call-out');
  await form.getByLabel('Timeframe').selectOption('Urgent (24–72h)');
  await form.getByLabel('Budget range').selectOption('$2k–$10k');
  await form.getByLabel('Project details').fill('Two under-bench fridges\nnot holding temperature.');

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
  await page.waitForURL('**/thank-you/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Thanks — we're on it!");

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
