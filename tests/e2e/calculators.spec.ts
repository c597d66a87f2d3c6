/**
 * The calculators in real Chromium: no script until a tool scrolls into view, live
 * results in a polite <output>, inline messages for unusable figures (never NaN), and "Get a
 * quote for this" carrying a one-line summary into the page's quote form, which then sends it to
 * the lead server. Without JavaScript each tool shows its rule and a worked example, and no controls.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { offline, storedLeads, uniqueName } from './helpers.ts';

interface ToolCase {
  path: string;
  heading: string;
  /** Text the output shows for the default figures (also the no-JavaScript worked example). */
  defaults: string[];
  /** Figures typed in, by label, and what the output must then show. */
  fill: Record<string, string>;
  expected: string[];
  /** Part of `expected` that the polite <output> itself must hold (tables sit beside it). */
  announced: string;
  /** The exact line the quote form's notes receive for `fill`. */
  summary: string;
  serviceType: string;
  /** A figure to spoil and the inline message it must give. */
  invalid: { label: string; value: string; message: string }[];
}

const tools: ToolCase[] = [
  {
    path: '/restaurant-refrigeration-nz',
    heading: 'Fridge and freezer sizer',
    defaults: ['6,000–9,000 L', '4,200–6,300 L', '1,800–2,700 L', '3 × triple-door upright (1600-2500 L)'],
    fill: { 'Number of seats': '120' },
    expected: [
      '12,000–18,000 L',
      '8,400–12,600 L',
      '3,600–5,400 L',
      'Fridges for 12,600 L',
      '7 × triple-door upright (1600-2500 L)',
      '1 × double-door upright (800-1500 L)',
      '1 × single-door upright (400-700 L)',
      '2 × under-counter fridge (100-300 L)',
    ],
    announced: '12,000–18,000 L',
    summary:
      'Fridge and freezer sizer: 120 seats, 12,000–18,000 L of refrigeration (8,400–12,600 L fridge, 3,600–5,400 L freezer); suggested fridges: 7 × triple-door upright (1600-2500 L), 1 × double-door upright (800-1500 L), 1 × single-door upright (400-700 L), 2 × under-counter fridge (100-300 L); or 4m x 4m cool room (large restaurant): 38,400 L, 100% of the fridge share.',
    serviceType: 'Installation',
    invalid: [
      { label: 'Number of seats', value: 'sixty', message: 'Number of seats: enter a number, such as 60.' },
      { label: 'Number of seats', value: '12.5', message: 'Number of seats: enter a whole number.' },
      { label: 'Number of seats', value: '0', message: 'Number of seats: enter 1 or more.' },
      { label: 'Number of seats', value: '', message: 'Number of seats: enter a number.' },
    ],
  },
  {
    path: '/cool-rooms',
    heading: 'Cool room size estimator',
    defaults: ['3–4 m³', 'A standard 2 m x 2 m room (9.6 m³ inside) holds the upper figure.', '38.4 m³'],
    fill: { 'Daily food purchases (NZ$)': '$25,000' },
    expected: ['37.5–50 m³', 'That is more than our standard sizes: a custom room of about 5 m x 5 m (60 m³ inside) holds the upper figure.'],
    announced: 'a custom room of about 5 m x 5 m',
    summary: 'Cool room estimate: $25,000 of food a day, 37.5–50 m³ of storage; suggested room: 5 m x 5 m.',
    serviceType: 'Cool Room / Walk-in Freezer',
    invalid: [
      { label: 'Daily food purchases (NZ$)', value: 'lots', message: 'Daily food purchases (NZ$): enter a number, such as 2,000.' },
      { label: 'Daily food purchases (NZ$)', value: '-5', message: 'Daily food purchases (NZ$): enter 1 or more.' },
      { label: 'Daily food purchases (NZ$)', value: '20000000', message: 'Daily food purchases (NZ$): enter 10,000,000 or less.' },
    ],
  },
  {
    path: '/blog/lease-vs-buy',
    heading: 'Lease or buy calculator',
    defaults: ['$19,200', '$5,376', '$13,824', '$10,800', 'Leasing costs $4,200 more before tax and $3,024 more after tax.'],
    fill: { 'Purchase price (NZ$)': '15,000', 'Monthly lease payment (NZ$)': '280', 'Lease term (months)': '48', 'Tax rate (%)': '33%' },
    expected: [
      '$13,440',
      '$4,435.20',
      '$9,004.80',
      '$4,950',
      '$10,050',
      '$280 for 48 months',
      'Leasing costs $1,560 less before tax and $1,045.20 less after tax.',
    ],
    announced: 'Leasing costs $1,560 less before tax and $1,045.20 less after tax.',
    summary:
      'Lease or buy: $15,000 to buy, or $280 a month for 48 months, at 33% tax; lease total $13,440 ($9,004.80 after tax), buy $15,000 ($10,050 after tax).',
    // No obvious service: the article's own preset stays.
    serviceType: 'Installation',
    invalid: [
      { label: 'Lease term (months)', value: '60.5', message: 'Lease term (months): enter a whole number.' },
      { label: 'Tax rate (%)', value: '120', message: 'Tax rate (%): enter 100 or less.' },
      { label: 'Purchase price (NZ$)', value: '', message: 'Purchase price (NZ$): enter a number.' },
    ],
  },
  {
    path: '/blog/energy-saving-tips',
    heading: 'Running cost and savings calculator',
    defaults: ['2,920 kWh', '$817.60 a year', '$204.40–$245.28 a year', '$572.32–$613.20 a year'],
    fill: { 'Energy use (kWh a day)': '60', 'Price per kWh (NZ$)': '0.30' },
    expected: ['21,900 kWh', '$6,570 a year', '$1,642.50–$1,971 a year', '$4,599–$4,927.50 a year'],
    announced: '$1,642.50–$1,971 a year',
    summary: 'Running cost: 60 kWh a day at $0.30/kWh is $6,570 a year; a 25-30% saving is $1,642.50–$1,971 a year.',
    serviceType: 'Maintenance',
    invalid: [
      { label: 'Energy use (kWh a day)', value: '8 kWh', message: 'Energy use (kWh a day): enter a number, such as 8.' },
      { label: 'Price per kWh (NZ$)', value: '0', message: 'Price per kWh (NZ$): enter 0.01 or more.' },
    ],
  },
];

const FRAMEWORK = /client|react|QuoteForm|Calculator/i;

function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

function toolSection(page: Page, heading: string): Locator {
  return page.getByRole('region', { name: heading, exact: true });
}

/** axe-core on the hydrated tool alone (the page audit sees only its server render), in the page itself as expectAxeClean runs it (the tool has no frames). */
async function axeViolations(page: Page, section: Locator): Promise<string[]> {
  const id = await section.getAttribute('id');
  const results = await new AxeBuilder({ page }).include(`#${id}`).setLegacyMode().analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.beforeEach(async ({ context }) => {
  await offline(context);
});

for (const tool of tools) {
  test.describe(`${tool.heading} on ${tool.path}`, () => {
    test('loads no script until scrolled to, then works and fills the quote form, which sends the summary', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const scripts = scriptsOf(page);
      await page.goto(tool.path, { waitUntil: 'networkidle' });
      expect(scripts.filter((s) => FRAMEWORK.test(s))).toEqual([]);

      const section = toolSection(page, tool.heading);
      await section.scrollIntoViewIfNeeded();
      const first = section.getByLabel(Object.keys(tool.fill)[0]!, { exact: true });
      await expect(first, 'the calculator never hydrated after scrolling to it').toBeVisible();
      expect(scripts.some((s) => /Calculator/.test(s))).toBe(true);

      const output = section.locator('output');
      await expect(output).toHaveAttribute('aria-live', 'polite');
      for (const text of tool.defaults) await expect(section).toContainText(text);

      for (const bad of tool.invalid) {
        const box = section.getByLabel(bad.label, { exact: true });
        await box.fill(bad.value);
        await expect(section.getByText(bad.message, { exact: true })).toBeVisible();
        await expect(box).toHaveAttribute('aria-invalid', 'true');
        await expect(box).toHaveAccessibleDescription(new RegExp(bad.message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
        await expect(output).toContainText('Correct the highlighted figure');
        await expect(section.getByRole('button', { name: 'Get a quote for this' })).toHaveCount(0);
        await expect(section).not.toContainText('NaN');
      }
      expect(await axeViolations(page, section)).toEqual([]);

      for (const [label, value] of Object.entries(tool.fill)) await section.getByLabel(label, { exact: true }).fill(value);
      for (const text of tool.expected) await expect(section).toContainText(text);
      await expect(output).toContainText(tool.announced);
      await expect(section).not.toContainText('NaN');
      expect(await axeViolations(page, section)).toEqual([]);

      await section.getByRole('button', { name: 'Get a quote for this' }).click();
      const form = page.locator('form[name="commercialLead"]').last();
      await expect(form.getByLabel('Contact name'), 'focus did not move to the quote form').toBeFocused();
      await expect(form.getByLabel('Project details')).toHaveValue(tool.summary);
      await expect(form.getByLabel('Service type')).toHaveValue(tool.serviceType);
      await expect(section.locator('p[role="status"]')).toContainText('Added to the quote form');

      // The form's island hydrates once it is in view; the filled values must survive that.
      await expect(form.locator('xpath=ancestor::astro-island'), 'the quote form never hydrated').not.toHaveAttribute('ssr', /.*/);
      await expect(form.getByLabel('Project details')).toHaveValue(tool.summary);

      const name = uniqueName('Calculator Lead');
      await form.getByLabel('Contact name').fill(name);
      await form.getByLabel('Work email').fill('owner@example.co.nz');
      await form.getByRole('button', { name: 'Get Commercial Quotes' }).click();
      await expect(page).toHaveURL(/\/thank-you\/$/);
      const [lead] = storedLeads('contact_name = ?', name);
      expect(lead?.notes).toBe(tool.summary);
      expect(lead?.service_type).toBe(tool.serviceType);
    });

    test('a second click replaces its own summary and keeps what the visitor wrote', async ({ page }) => {
      await page.goto(tool.path);
      const section = toolSection(page, tool.heading);
      await section.scrollIntoViewIfNeeded();
      const form = page.locator('form[name="commercialLead"]').last();
      const notes = form.getByLabel('Project details');
      await section.getByRole('button', { name: 'Get a quote for this' }).click();
      await expect(notes).not.toHaveValue('');
      const firstSummary = await notes.inputValue();
      await notes.fill(`${firstSummary}\nDelivery access is via the lane.`);
      for (const [label, value] of Object.entries(tool.fill)) await section.getByLabel(label, { exact: true }).fill(value);
      await section.getByRole('button', { name: 'Get a quote for this' }).click();
      await expect(notes).toHaveValue(`${tool.summary}\nDelivery access is via the lane.`);
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const tool of tools) {
    test(`${tool.path} shows the rule and the worked example, and no controls`, async ({ page }) => {
      await page.goto(tool.path);
      const section = toolSection(page, tool.heading);
      await expect(section).toContainText('Worked example');
      for (const text of tool.defaults) await expect(section).toContainText(text);
      await expect(section.locator('output')).not.toBeEmpty();
      await expect(section.locator('input, button, select, textarea')).toHaveCount(0);
    });
  }
});
