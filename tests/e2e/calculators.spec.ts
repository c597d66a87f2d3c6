/**
 * The calculators in real Chromium (issue 17): no script until a tool scrolls into view, live
 * results in a polite <output>, inline messages for unusable figures (never NaN), and "Get a
 * quote for this" carrying a one-line summary into the page's quote form, which then sends it to
 * the lead server. Without JavaScript each tool shows its rule and a worked example, and no controls.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { offline, storedLeads, uniqueName } from './helpers.ts';

interface ToolCase {
  path: string;
  heading: string;
  /** Text the output shows for the default figures (also the no-JavaScript worked example). */
  defaults: string[];
  /** Figures typed in, by label, and what the output must then show. */
  fill: Record<string, string>;
  expected: string[];
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
    summary:
      'Fridge and freezer sizer: 120 seats, 12,000–18,000 L of refrigeration (8,400–12,600 L fridge, 3,600–5,400 L freezer); suggested fridges: 7 × triple-door upright (1600-2500 L), 1 × double-door upright (800-1500 L), 1 × single-door upright (400-700 L), 2 × under-counter fridge (100-300 L).',
    serviceType: 'Installation',
    invalid: [
      { label: 'Number of seats', value: 'sixty', message: 'Number of seats: enter a number, such as 60.' },
      { label: 'Number of seats', value: '12.5', message: 'Number of seats: enter a whole number.' },
      { label: 'Number of seats', value: '0', message: 'Number of seats: enter 1 or more.' },
      { label: 'Number of seats', value: '', message: 'Number of seats: enter a number.' },
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
      for (const text of tool.defaults) await expect(output).toContainText(text);

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

      for (const [label, value] of Object.entries(tool.fill)) await section.getByLabel(label, { exact: true }).fill(value);
      for (const text of tool.expected) await expect(output).toContainText(text);
      await expect(section).not.toContainText('NaN');

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
      for (const text of tool.defaults) await expect(section.locator('output')).toContainText(text);
      await expect(section.locator('input, button, select, textarea')).toHaveCount(0);
    });
  }
});
