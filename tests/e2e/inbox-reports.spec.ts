/**
 * The inbox's Reports in Chromium: leads of several weeks, sources and stages stored in the
 * database, the owner signed in with a one-time link, then the Reports view at 390 px and 1280 px:
 * every chart is an SVG as wide as its column (none wider than the screen), every chart's numbers
 * are in a table one tap away, the figures match the data, axe reports nothing, and the owner's
 * Google Ads download is the conversion file. On a phone no table is cut off: wide ones stack
 * their rows (each figure beside its heading), the rest fit or scroll inside their labelled box
 * with a visible cue, and the page itself never scrolls sideways. The owner sees the last
 * scheduled backup. Screenshots at 390 px go to bench/results/screenshots.
 */
import { join } from 'node:path';
import { parseLead } from '../../core/lead/schema.ts';
import { addDays, nzInstant, nzParts, nzWeekOf } from '../../core/nz-time.ts';
import { changeStatus } from '../../server/storage/lead-work.ts';
import { addPartner } from '../../server/storage/partner-records.ts';
import { run } from '../../server/storage/steps.ts';
import { rawQuery, type TestStore } from '../support/stores.ts';
import { serverOptions, test, expect } from './fixtures.ts';
import { expectAxeClean } from './helpers.ts';
import { words } from '../../src/inbox/app-words.ts';

// Scheduled backups on, so the owner's Reports show the last one (taken as the server starts).
test.use({ serverOptions: serverOptions({ env: { BACKUP_DIR: join('test-results', `e2e-backups-${process.pid}`) } }) });

let from = '';
let to = '';

/** Seeds six weeks of leads ending last week: sources, services, cities, stages and first actions of every kind. */
async function seed(store: TestStore) {
  const lastMonday = addDays(nzWeekOf(new Date()), -7);
  from = addDays(lastMonday, -35);
  to = addDays(lastMonday, 6);
  const kinds = [
    {
      fields: { gclid: 'Cj0KCQiAseedOne', utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'auckland-repairs' },
      status: 'won' as const,
      value: 1_840_000,
    },
    { fields: { referrer: 'https://www.google.co.nz/' }, status: 'quoted' as const },
    { fields: { referrer: 'https://l.facebook.com/' }, status: 'contacted' as const },
    { fields: {}, status: 'lost' as const },
    { fields: { utm_source: 'newsletter', utm_medium: 'email' }, status: 'new' as const },
  ];
  const services = ['Repair', 'Installation', 'Maintenance', 'Cool Room / Walk-in Freezer'];
  const cities = ['Auckland', 'Wellington', 'Christchurch', 'Hamilton', 'Tauranga', 'Dunedin'];
  let i = 0;
  let firstWon = '';
  for (let week = 0; week < 6; week++) {
    for (let k = 0; k < 2 + (week % 3); k++, i++) {
      const kind = kinds[i % kinds.length]!;
      const parsed = parseLead({
        contact_name: `Seed Person ${i}`,
        work_email: `seed${i}@example.co.nz`,
        company_name: `Seed Cafe ${i}`,
        service_type: services[i % services.length]!,
        city: cities[i % cities.length]!,
        path: ['/', '/commercial-fridges', '/auckland', '/cool-rooms'][i % 4]!,
        timeframe: '1–2 weeks',
        ...kind.fields,
      });
      const lead = await store.store.insertLead(parsed.lead!, { spam: false, purposes: [] });
      const arrived = nzInstant(addDays(addDays(from, week * 7), k), (i % 2 ? 20 : 9) * 60 + 15);
      await store.backdate(lead.id, arrived);
      if (kind.status === 'won' && !firstWon) firstWon = lead.id;
      if (kind.status !== 'new') {
        await store.store.transact(() =>
          changeStatus(
            lead.id,
            { status: kind.status, jobValueCents: kind.value ?? null, lostReason: kind.status === 'lost' ? 'price' : null },
            'owner@example.nz',
            'seeded',
          ),
        );
        await rawQuery('sqlite', store.url, `UPDATE leads SET first_action_at = ${arrived.getTime() + (15 + 40 * (i % 5)) * 60_000} WHERE id = '${lead.id}'`);
      }
    }
  }
  // One partner who held the first won job, accepting 25 minutes after the offer.
  const partner = await store.store.transact(() =>
    addPartner({
      name: 'Ana Cooling',
      email: 'ana@example.nz',
      phone: '',
      kind: 'technician',
      regions: ['Auckland'],
      services: ['Repair'],
      industries: [],
      on_call: true,
      paused: false,
      sms: false,
    }),
  );
  const offered = Date.parse(from) + 86_400_000;
  await store.store.transact(() =>
    run(
      // Accepted by a YES to its text: its time to accept shows under text, none under e-mail.
      "INSERT INTO partner_offers (id, lead_id, partner_id, state, created_at, expires_at, answered_at, accepted_at, accepted_via) VALUES ('seeded-offer', ?, ?, 'accepted', ?, ?, ?, ?, 'sms')",
      firstWon,
      partner!.id,
      offered,
      offered + 14 * 86_400_000,
      offered + 25 * 60_000,
      offered + 25 * 60_000,
    ),
  );
  return i;
}

// Before the first test of the file in this worker; the server may hold other specs' data of today, outside the weeks read here.
test.beforeAll(async ({ server }) => {
  await seed(server.store);
});

test('the owner reads the reports on a phone and on a desktop', async ({ page, server, signIn }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 900 });
  await signIn(page, 'owner');

  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  // On a phone every section of the inbox is in sight: no menu item past the screen's edge.
  const menu = page.getByRole('navigation', { name: words.nav.label }).getByRole('link');
  expect(await menu.count()).toBeGreaterThanOrEqual(6);
  for (const box of await menu.evaluateAll((links) => links.map((a) => a.getBoundingClientRect().toJSON() as DOMRect)))
    expect(box.right, 'a menu item ends past the edge').toBeLessThanOrEqual(390);
  // The last scheduled backup, in words, on the owner's screen.
  // (Taken as the server started; read again until it is there.)
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Backups' })).toHaveText(/^BackupsLast backup \d{1,2}:\d{2}\s?[ap]m (today|yesterday), [\d.]+ (KB|MB)\.$/, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByLabel('To', { exact: true }).fill(to);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`page=reports&from=${from}&to=${to}`));

  const weeklyWidths: number[] = [];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole('heading', { name: 'Leads per week by source' })).toBeVisible();
    // Each chart is drawn at the width of the box it sits in, never wider than the page.
    const charts = page.locator('main svg[role="img"]');
    // Ten charts: weekly sources, four breakdowns, the funnel, won value twice, response times (drawn
    // once measured), and the quote form's funnel by page (its sent column: no visits were counted).
    await expect(charts).toHaveCount(10);
    await expect
      .poll(async () =>
        charts.evaluateAll(
          (svgs, w) =>
            svgs.every((svg) => {
              const own = svg.getBoundingClientRect().width;
              const box = svg.parentElement!.getBoundingClientRect().width;
              return own <= w && own <= box && own >= box - 64;
            }),
          width,
        ),
      )
      .toBe(true);
    weeklyWidths.push(
      await page
        .locator('main svg[role="img"]')
        .first()
        .evaluate((svg) => svg.getBoundingClientRect().width),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAxeClean(page, `reports at ${width}px`);
    await page.screenshot({ path: `test-results/reports-${width}.png`, fullPage: true });
  }

  // The same chart redrawn for the desktop, not a phone-sized picture scaled up.
  expect(weeklyWidths[1]!).toBeGreaterThan(weeklyWidths[0]! * 2);

  // The numbers behind the weekly chart, one tap away: a row per week, the seeded counts.
  const weekly = page.getByRole('region', { name: 'Leads per week by source' });
  await weekly.getByText('Show the numbers').click();
  const rows = weekly.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(1 + 6); // the heading row, then a row per week
  await expect(rows.first()).toContainText('Google Ads');
  // Seeded: 2, 3 and 4 leads in turn; the last cell of each week's row is its total.
  expect(await rows.evaluateAll((trs) => trs.slice(1).map((tr) => tr.lastElementChild!.textContent!.trim()))).toEqual(['2', '3', '4', '2', '3', '4']);

  // Won value and the funnel say what the data says.
  await expect(page.getByText('$73,600.00').first()).toBeVisible(); // four won jobs of $18,400
  const funnel = page.getByRole('region', { name: 'Funnel' });
  await funnel.getByText('Show the numbers').click();
  // Seeded in turn: won, quoted, contacted, lost straight from New, new; 18 leads.
  const stages = funnel.getByRole('table', { name: /^Funnel/ }).getByRole('row');
  expect(await stages.evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.children].slice(0, 2).map((c) => c.textContent!.trim())))).toEqual([
    ['New', '18'],
    ['Contacted', '12'],
    ['Quoted', '8'],
    ['Won', '4'],
  ]);
  await expect(funnel.getByRole('table', { name: 'Why leads were lost' })).toContainText('Price');
  // The partner's offer, acceptance, time to accept and the value of the job they held.
  const byPartner = page.getByRole('region', { name: 'Partners' }).getByRole('table', { name: 'Offers by partner' });
  expect(
    await byPartner
      .getByRole('row')
      .nth(1)
      .evaluate((tr) => [...tr.children].map((c) => c.textContent!.trim())),
  ).toEqual(['Ana Cooling', '1', '1', '0', '0', '0', '0', '25 min', '–', '25 min', '$18,400.00']);
  await expectAxeClean(page, 'reports with the tables open');

  // On a phone, with every table open: nothing cut off, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 900 });
  const main = page.getByRole('main');
  const closed = main.locator('details:not([open]) > summary');
  for (let left = await closed.count(); left > 0; left--) await closed.first().click();
  await expect(main.locator('details:not([open])')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Each table box in view either fits or says there is more to the side; most fit.
  const boxes = await main.locator('[role="group"]:has(> table)').evaluateAll((groups) =>
    groups
      .filter((g) => g.getClientRects().length > 0)
      .map((g) => ({
        name: g.getAttribute('aria-label'),
        fits: g.scrollWidth <= g.clientWidth + 1,
        cue: g.parentElement!.textContent!.includes('Scroll sideways for more columns'),
      })),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) expect(box.fits || box.cue, `${box.name} is cut off without a cue`).toBe(true);
  // Tables of four columns or more are stacked: each row a block, each figure beside its heading, with its unit.
  const stacked = page.getByRole('region', { name: 'Partners' }).getByRole('group', { name: 'Offers by partner' });
  await expect(stacked.getByRole('table')).toHaveCount(0);
  const ana = stacked.getByRole('listitem').filter({ hasText: 'Ana Cooling' });
  const figures: [string, string][] = [
    ['Offers', '1'],
    ['Accepted', '1'],
    ['Declined', '0'],
    ['No answer', '0'],
    ['Withdrawn', '0'],
    ['Waiting', '0'],
    ['Median time to accept', '25 min'],
    ['Median time to accept — e-mail', '–'],
    ['Median time to accept — text', '25 min'],
    ['Won value of their jobs', '$18,400.00'],
  ];
  for (const [term, value] of figures)
    await expect(
      ana
        .locator('dt')
        .filter({ hasText: new RegExp(`^${term}$`) })
        .locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(value);
  await expect(
    page.getByRole('region', { name: 'Leads per week by source' }).getByRole('group', { name: 'Leads per week by source' }).getByRole('listitem'),
  ).toHaveCount(6);
  // Bars say their unit.
  await expect(page.getByRole('region', { name: 'By city' }).locator('svg[role="img"]')).toHaveAttribute('aria-label', /: \d+ leads? \(\d+%\)/);
  await expectAxeClean(page, 'reports at 390px with every table open');
  await page.screenshot({ path: 'bench/results/screenshots/inbox-reports-390.png', fullPage: true });

  // The owner's Google Ads file.
  const download = page.getByRole('link', { name: 'Download Google Ads conversions' });
  const href = await download.getAttribute('href');
  const file = await page.request.get(new URL(href!, server.origin).toString());
  expect(file.status()).toBe(200);
  const body = await file.text();
  expect(body.startsWith('Parameters:TimeZone=Pacific/Auckland\r\n')).toBe(true);
  expect(body).toContain(',"Won job",');
  expect(nzParts(new Date()).date >= to).toBe(true);
});
