/**
 * Page by page: the buttons, link targets, sections and form settings each route must have.
 * Labels in quotes are the approved wording, word for word; hrefs are the site's routes.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { jsonLd, offline } from './helpers.ts';
import { ownArtRoutes, productRoutes } from '../support/routes.ts';

const EMERGENCY_TEL = 'tel:+64800374343';
const EMERGENCY_CALL = /^Call 0800\s+FRIDGE$/;
const EMAIL = 'quotes@commercialrefrigeration.nz';

async function faqSchemaQuestions(page: Page): Promise<string[]> {
  const faqs = (await jsonLd(page)).filter((n) => n['@type'] === 'FAQPage');
  expect(faqs, 'one FAQPage block').toHaveLength(1);
  return (faqs[0]!.mainEntity as { name: string }[]).map((q) => q.name);
}

function main(page: Page): Locator {
  return page.getByRole('main');
}

/** The section holding the page's h1. */
function hero(page: Page): Locator {
  return page.locator('main section').filter({ has: page.getByRole('heading', { level: 1 }) });
}

/** The section of main that contains the given element. */
function sectionWith(page: Page, inner: Locator): Locator {
  return page.locator('main section').filter({ has: inner });
}

function serviceType(form: Locator): Locator {
  return form.locator('select[name="service_type"]');
}

/** Every in-page link (#id) in main points at an element that exists. */
async function expectInPageAnchorsResolve(page: Page) {
  const hrefs = await main(page)
    .locator('a[href^="#"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  for (const href of new Set(hrefs)) {
    expect(href.length, 'no empty anchor').toBeGreaterThan(1);
    await expect(page.locator(`[id="${href.slice(1)}"]`), `target of ${href}`).toHaveCount(1);
  }
}

/** Links in main whose href is exactly `href`. */
function linksTo(page: Page, href: string): Locator {
  return main(page).locator(`a[href="${href}"]`);
}

test.beforeEach(async ({ context }) => {
  await offline(context);
});

test.describe('home page', () => {
  test('hero calls to action go to /contact and the emergency line', async ({ page }) => {
    await page.goto('/');
    const h = hero(page);
    await expect(h.getByRole('link', { name: 'Get Free Quote', exact: true })).toHaveAttribute('href', '/contact');
    await expect(h.getByRole('link', { name: EMERGENCY_CALL })).toHaveAttribute('href', EMERGENCY_TEL);
  });

  test.describe('at 360 px', () => {
    test.use({ viewport: { width: 360, height: 800 } });
    test('the hero carries a visible quote form', async ({ page }) => {
      await page.goto('/');
      const form = hero(page).locator('form');
      await expect(form).toHaveCount(1);
      await expect(form).toBeVisible();
      await expect(form.getByRole('button', { name: 'Get Commercial Quotes' })).toBeVisible();
    });
  });

  test.describe('at 1280 px', () => {
    test.use({ viewport: { width: 1280, height: 800 } });
    test('the hero form is in the page but hidden', async ({ page }) => {
      await page.goto('/');
      const form = hero(page).locator('form');
      await expect(form).toHaveCount(1);
      await expect(form).toBeHidden();
    });
  });

  test('six category cards link to the five product pages and /cool-rooms', async ({ page }) => {
    await page.goto('/');
    const grid = sectionWith(page, page.locator('a[href="/display-freezer"]'));
    await expect(grid).toHaveCount(1);
    await expect(grid.getByRole('listitem')).toHaveCount(6);
    const hrefs = await grid
      .getByRole('listitem')
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.sort()).toEqual([...productRoutes, '/cool-rooms'].sort());
  });

  test("'Why Choose' section: expert installation, 24/7 emergency repairs, nationwide service", async ({ page }) => {
    await page.goto('/');
    const why = page.getByRole('region', { name: /^Why Choose/ });
    await expect(why).toBeVisible();
    await expect(why.getByRole('heading', { name: /expert installation/i })).toBeVisible();
    await expect(why.getByRole('heading', { name: /24\/7 emergency repairs/i })).toBeVisible();
    await expect(why.getByRole('heading', { name: /nationwide service/i })).toBeVisible();
  });

  test("closing call to action 'Get Free Quote' links to /contact", async ({ page }) => {
    await page.goto('/');
    const closing = page.locator('main section').last();
    await expect(closing.getByRole('link', { name: 'Get Free Quote', exact: true })).toHaveAttribute('href', '/contact');
  });

  test('trust strip: with every logo failing no broken image shows and the strip is hidden', async ({ page }) => {
    await page.goto('/');
    const strip = main(page).locator('[data-logo-fallback]');
    await expect(strip).toHaveCount(1);
    await expect(main(page).locator('img[data-logo]')).toHaveCount(0);
    await expect(strip).toBeHidden();
    const broken = await main(page)
      .locator('img')
      .evaluateAll((imgs) => (imgs as HTMLImageElement[]).filter((i) => i.checkVisibility() && i.complete && i.naturalWidth === 0).map((i) => i.src));
    expect(broken).toEqual([]);
  });

  test('trust strip at 390 px: while the logo service is slow each tile shows its make, then its logo replaces the name in place', async ({
    page,
    context,
  }) => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    await context.unrouteAll();
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, async (route) => {
      if (!route.request().url().includes('favicons')) return route.abort('internetdisconnected');
      await released;
      return route.fulfill({
        contentType: 'image/svg+xml',
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#0b5ea8"/></svg>',
      });
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const tiles = main(page).locator('[data-logo-item]');
    await tiles.first().scrollIntoViewIfNeeded();
    await expect(tiles).toHaveCount(6);
    const names = ['Skope', 'Williams', 'Bromic', 'Hoshizaki', 'True', 'Turbo Air'];
    const boxes = [];
    for (const [i, name] of names.entries()) {
      await expect(tiles.nth(i).getByText(name, { exact: true })).toBeVisible();
      boxes.push(await tiles.nth(i).boundingBox());
    }
    release();
    for (const [i, name] of names.entries()) {
      await expect(tiles.nth(i), `logo of ${name} never marked as loaded`).toHaveAttribute('data-loaded', '');
      await expect(tiles.nth(i).getByText(name, { exact: true })).toBeHidden();
      await expect(tiles.nth(i).locator('img')).toHaveCSS('opacity', '1');
      // The swap happens inside a fixed tile: nothing moves.
      expect(await tiles.nth(i).boundingBox()).toEqual(boxes[i]);
    }
  });

  test.describe('with the logo service answering', () => {
    test.beforeEach(async ({ context }) => {
      await context.unrouteAll();
      await offline(context, 'succeed');
    });
    test('the six supplier logos are visible', async ({ page }) => {
      await page.goto('/');
      const domains = ['skope.com', 'williamsrefrigeration.com.au', 'bromic.com', 'hoshizaki.com', 'truemfg.com', 'turboairinc.com'];
      await expect(main(page).locator('img[data-logo]')).toHaveCount(6);
      for (const domain of domains) {
        const logo = main(page).locator(`img[src*="domain=${encodeURIComponent(domain)}"]`);
        await logo.scrollIntoViewIfNeeded();
        await expect(logo).toBeVisible();
        await expect(logo).toHaveAttribute('alt', /\S/);
        await expect.poll(() => logo.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
      }
    });
  });
});

const products = [
  { route: '/commercial-fridge', secondary: 'Repair Services' },
  { route: '/commercial-freezer', secondary: 'Emergency Repairs' },
  { route: '/display-fridge', secondary: 'Maintenance Services' },
  { route: '/display-freezer', secondary: 'Service & Repairs' },
  { route: '/commercial-refrigerator', secondary: 'Service Support' },
];

for (const { route, secondary } of products) {
  test.describe(`product page ${route}`, () => {
    test(`hero 'Get Quote' to /contact and '${secondary}' to /repairs`, async ({ page }) => {
      await page.goto(route);
      const h = hero(page);
      await expect(h.getByRole('link', { name: 'Get Quote', exact: true })).toHaveAttribute('href', '/contact');
      await expect(h.getByRole('link', { name: secondary, exact: true })).toHaveAttribute('href', '/repairs');
    });

    test('reference table, related products and the closing block with its form', async ({ page }) => {
      await page.goto(route);
      const table = main(page)
        .getByRole('table')
        .filter({ has: page.getByRole('columnheader', { name: 'Capacity' }) });
      await expect(table.first()).toBeVisible();
      for (const column of [/type/i, /capacity/i, /dimensions/i, /best for/i]) {
        await expect(table.first().getByRole('columnheader', { name: column })).toBeVisible();
      }

      const related = page.getByRole('region', { name: /related products/i });
      const relatedHrefs = await related.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      expect(relatedHrefs.length).toBeGreaterThanOrEqual(2);
      for (const href of relatedHrefs) {
        expect(productRoutes, `${href} is a sibling product page`).toContain(href);
        expect(href).not.toBe(route);
      }

      const closing = sectionWith(page, page.locator('form')).last();
      await expect(closing.getByRole('link', { name: 'Contact Us', exact: true })).toHaveAttribute('href', '/contact');
      const freeQuote = closing.getByRole('link', { name: 'Get Free Quote', exact: true });
      await expect(freeQuote).toBeVisible();
      const href = (await freeQuote.getAttribute('href'))!;
      if (href !== '/contact') {
        // An in-page link must land on the quote form right there.
        expect(href).toMatch(/^#./);
        await expect(page.locator(`form[id="${href.slice(1)}"], [id="${href.slice(1)}"] form`)).toHaveCount(1);
      }
      await expect(serviceType(closing.locator('form'))).toHaveValue('Installation');
      await expectInPageAnchorsResolve(page);
    });

    test('FAQ has four questions, the same four as its FAQPage data', async ({ page }) => {
      await page.goto(route);
      const faq = page.getByRole('region', { name: /frequently asked questions|faq/i });
      const questions = faq.getByRole('term');
      await expect(questions).toHaveCount(4);
      const shown = (await questions.allInnerTexts()).map((q) => q.trim());
      expect(await faqSchemaQuestions(page)).toEqual(shown);
    });

    test("with logo images failing, each make's name shows as text", async ({ page }) => {
      await page.goto(route);
      const makes = main(page).locator('[data-logo-fallback]');
      await makes.scrollIntoViewIfNeeded();
      await expect(makes.locator('img')).toHaveCount(0);
      for (const name of ['Skope', 'Williams', 'Bromic', 'Hoshizaki', 'True', 'Turbo Air']) {
        await expect(makes.getByText(name, { exact: true })).toBeVisible();
      }
    });
  });
}

test('/commercial-fridge sets keywords and a canonical link', async ({ page }) => {
  await page.goto('/commercial-fridge');
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /commercial fridge/i);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical!).protocol).toBe('https:');
  expect(new URL(canonical!).pathname).toBe('/commercial-fridge');
});

test('at 1280 px every product, service and industry page opens with its own decorative artwork', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const routes = ownArtRoutes;
  const drawings = new Map<string, string>();
  for (const route of routes) {
    await page.goto(route);
    const art = hero(page).locator('svg[viewBox="0 0 360 300"]');
    await expect(art, `${route} has no hero artwork`).toBeVisible();
    await expect(art).toHaveAttribute('aria-hidden', 'true');
    const drawing = await art.innerHTML();
    expect(drawings.get(drawing), `${route} repeats the artwork of another page`).toBeUndefined();
    drawings.set(drawing, route);
  }
});

test.describe('cool rooms page', () => {
  test('types, process, sizing guide, links, FAQ and a Cool Room / Walk-in Freezer form', async ({ page }) => {
    await page.goto('/cool-rooms');
    await expect(
      main(page)
        .getByRole('heading', { name: /modular/i })
        .first(),
    ).toBeVisible();
    await expect(
      main(page)
        .getByRole('heading', { name: /custom-built/i })
        .first(),
    ).toBeVisible();

    const process = main(page).locator('ol').filter({ hasText: 'Site Assessment' });
    await expect(process.getByRole('heading')).toHaveText([
      /1\D*Site Assessment$/,
      /2\D*Custom Design$/,
      /3\D*Professional Installation$/,
      /4\D*Testing & Handover$/,
    ]);

    const sizing = main(page).getByRole('table').filter({ hasText: 'Small restaurant' });
    await expect(sizing.getByRole('row', { name: /Small restaurant.*2m x 2m.*0-4°C/ })).toBeVisible();
    await expect(sizing.getByRole('row', { name: /Distribution centre.*20m x 20m\+.*-25 to \+4°C/ })).toBeVisible();

    for (const href of ['/commercial-fridge', '/commercial-freezer', '/repairs']) await expect(linksTo(page, href).first()).toBeVisible();
    await expect(main(page).getByRole('term').first()).toBeVisible();
    expect((await faqSchemaQuestions(page)).length).toBeGreaterThan(0);

    const form = main(page).locator('form');
    await expect(form).toHaveCount(1);
    await expect(serviceType(form)).toHaveValue('Cool Room / Walk-in Freezer');
    await expectInPageAnchorsResolve(page);
  });
});

test.describe('repairs page', () => {
  test("'Emergency Contact' and 'Schedule Service' go to /contact; the form is for Repair", async ({ page }) => {
    await page.goto('/repairs');
    await expect(main(page).getByRole('link', { name: 'Emergency Contact', exact: true }).first()).toHaveAttribute('href', '/contact');
    await expect(main(page).getByRole('link', { name: 'Schedule Service', exact: true }).first()).toHaveAttribute('href', '/contact');
    for (const heading of [/emergency repairs/i, /preventative maintenance/i, /common .*problems/i, /nationwide coverage/i, /questions|faq/i]) {
      await expect(main(page).getByRole('heading', { level: 2, name: heading }).first()).toBeVisible();
    }
    const calls = main(page).getByRole('link', { name: EMERGENCY_CALL });
    await expect(calls.first()).toBeVisible();
    for (const call of await calls.all()) await expect(call).toHaveAttribute('href', EMERGENCY_TEL);
    const form = main(page).locator('form');
    await expect(form).toHaveCount(1);
    await expect(serviceType(form)).toHaveValue('Repair');
  });
});

test.describe('installation page', () => {
  test('services content and an Installation quote form', async ({ page }) => {
    await page.goto('/installation');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/installation/i);
    await expect(main(page).getByRole('heading', { level: 2 }).first()).toBeVisible();
    const form = main(page).locator('form');
    await expect(form).toHaveCount(1);
    await expect(form).toBeVisible();
    await expect(serviceType(form)).toHaveValue('Installation');
    await expectInPageAnchorsResolve(page);
  });
});

test.describe('preventative maintenance page', () => {
  test("the top button 'Emergency Repairs' goes to /repairs; benefits and the savings panel", async ({ page }) => {
    await page.goto('/preventative-maintenance');
    await expect(hero(page).getByRole('link', { name: 'Emergency Repairs', exact: true })).toHaveAttribute('href', '/repairs');
    for (const benefit of [/reduce emergency repairs by .*80%/i, /extend equipment life 5-7 years/i, /save 15-25%.*energy/i, /priority emergency service/i]) {
      await expect(main(page).getByRole('heading', { name: benefit })).toBeVisible();
    }
    const figures = main(page).getByRole('definition');
    for (const value of [/^\$3,000\+/, /^80%$/, /^25%$/, /^7 years$/]) await expect(figures.filter({ hasText: value })).toHaveCount(1);
  });

  const plans = [
    {
      name: 'Basic Plan',
      button: 'Get Basic Plan Quote',
      features: [/quarterly inspections/i, /basic cleaning and adjustments/i, /temperature calibration/i, /priority emergency service/i],
    },
    {
      name: 'Comprehensive Plan',
      button: 'Get Comprehensive Plan',
      features: [
        /monthly inspections/i,
        /deep cleaning and coil maintenance/i,
        /refrigerant level checks/i,
        /door seal replacement included/i,
        /energy efficiency optimi[sz]ation/i,
      ],
    },
    {
      name: 'Premium Plan',
      button: 'Get Premium Plan Quote',
      features: [
        /monthly comprehensive service/i,
        /all parts and labou?r included/i,
        /24\/7 emergency response/i,
        /remote monitoring/i,
        /energy management consulting/i,
      ],
    },
  ];

  test('three plan cards with their features and buttons to /contact; Comprehensive is Most Popular', async ({ page }) => {
    await page.goto('/preventative-maintenance');
    const cards = main(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /^(Basic|Comprehensive|Premium) Plan$/ }) });
    await expect(cards).toHaveCount(3);
    for (const plan of plans) {
      const card = cards.filter({ has: page.getByRole('heading', { name: plan.name, exact: true }) });
      await expect(card.getByRole('link', { name: plan.button, exact: true })).toHaveAttribute('href', '/contact');
      for (const feature of plan.features) await expect(card.getByText(feature)).toBeVisible();
      if (plan.name === 'Comprehensive Plan') await expect(card.getByText('Most Popular', { exact: true })).toBeVisible();
      else await expect(card.getByText('Most Popular')).toHaveCount(0);
    }
  });
});

test.describe('emergency repairs page', () => {
  test("hero 'Emergency Contact' to /contact and 'All Repair Services' to /repairs", async ({ page }) => {
    await page.goto('/emergency-repairs');
    await expect(hero(page).getByRole('link', { name: 'Emergency Contact', exact: true })).toHaveAttribute('href', '/contact');
    await expect(hero(page).getByRole('link', { name: 'All Repair Services', exact: true })).toHaveAttribute('href', '/repairs');
    await expect(hero(page)).toContainText(/0800\s+FRIDGE/);
    // On the emergency page the first button dials the emergency line.
    await expect(hero(page).getByRole('link').first()).toHaveAccessibleName(EMERGENCY_CALL);
    await expect(hero(page).getByRole('link', { name: EMERGENCY_CALL })).toHaveAttribute('href', EMERGENCY_TEL);
  });

  test('response times by area, when-to-call cards, five steps and emergency equipment', async ({ page }) => {
    await page.goto('/emergency-repairs');
    const times = main(page).getByRole('table').filter({ hasText: 'Dunedin' });
    for (const row of [
      /Auckland.*Christchurch.*Wellington.*2-4 hours/,
      /Hamilton.*Tauranga.*4-6 hours/,
      /Dunedin.*6-12 hours/,
      /Regional.*24 hours/i,
      /24-48 hours/,
    ]) {
      await expect(times.getByRole('row', { name: row })).toBeVisible();
    }
    for (const card of [
      /complete system failure/i,
      /temperature control loss/i,
      /refrigerant leaks/i,
      /electrical problems/i,
      /mechanical failures/i,
      /food safety concerns/i,
      /mobile refrigeration units/i,
      /rapid parts supply/i,
      /temporary repairs/i,
    ]) {
      await expect(main(page).getByRole('heading', { level: 3, name: card })).toBeVisible();
    }
    const steps = main(page).locator('ol').filter({ hasText: 'Rapid Dispatch' });
    await expect(steps.getByRole('heading')).toHaveText([
      /1\D*immediate response by phone$/i,
      /2\D*rapid dispatch$/i,
      /3\D*on-site diagnosis$/i,
      /4\D*immediate repair$/i,
      /5\D*follow-up service$/i,
    ]);
  });

  test("closing banner 'Emergency Contact' and 'Schedule Service' to /contact; 'Emergency Repair Request' form for Repair", async ({ page }) => {
    await page.goto('/emergency-repairs');
    const banner = page
      .locator('main section')
      .filter({ has: page.getByRole('link', { name: 'Schedule Service', exact: true }) })
      .filter({ hasNot: page.getByRole('heading', { level: 1 }) });
    await expect(banner).toHaveCount(1);
    await expect(banner.getByRole('link', { name: 'Emergency Contact', exact: true })).toHaveAttribute('href', '/contact');
    await expect(banner.getByRole('link', { name: 'Schedule Service', exact: true })).toHaveAttribute('href', '/contact');

    const form = page.getByRole('form', { name: 'Emergency Repair Request' });
    await expect(form).toBeVisible();
    await expect(form).toContainText(/immediate assistance/i);
    await expect(serviceType(form)).toHaveValue('Repair');
  });
});

test.describe('contact page', () => {
  test('at 1280 px the hero shows the map of New Zealand with all six cities', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/contact');
    const map = hero(page).getByRole('img', { name: 'Map of New Zealand showing Auckland, Christchurch, Wellington, Hamilton, Tauranga and Dunedin' });
    await expect(map).toBeVisible();
    await expect(map.locator('text')).toHaveText(['Auckland', 'Christchurch', 'Wellington', 'Hamilton', 'Tauranga', 'Dunedin']);
  });

  test("call button, e-mail, service areas, business hours and the 'Request a Quote' form", async ({ page }) => {
    await page.goto('/contact');
    const calls = main(page).getByRole('link', { name: EMERGENCY_CALL });
    await expect(calls.first()).toBeVisible();
    for (const call of await calls.all()) await expect(call).toHaveAttribute('href', EMERGENCY_TEL);
    await expect(main(page).getByRole('link', { name: EMAIL })).toHaveAttribute('href', `mailto:${EMAIL}`);

    const areas = sectionWith(page, page.getByRole('heading', { name: /service areas/i }));
    for (const city of ['Auckland', 'Wellington', 'Christchurch', 'Hamilton', 'Tauranga', 'Dunedin']) {
      await expect(areas.getByText(city, { exact: true })).toBeVisible();
    }
    await expect(areas).toContainText(/nationwide/i);
    await expect(areas).toContainText(/and more/i);

    await expect(main(page).getByRole('heading', { name: /business hours/i })).toBeVisible();
    await expect(main(page)).toContainText(/(Mon-Fri|Monday to Friday)\s*7:00\s*(am)?\s*[-–]\s*(18:00|6:00\s*pm)/i);
    await expect(main(page)).toContainText(/(Sat|Saturday)\s*8:00\s*(am)?\s*[-–]\s*(16:00|4:00\s*pm)/i);
    await expect(main(page)).toContainText(/(Sun|Sunday)\s*emergency/i);

    const form = page.getByRole('form', { name: 'Request a Quote' });
    await expect(form).toBeVisible();
    await expect(form.getByRole('button', { name: 'Get Commercial Quotes' })).toBeVisible();
    await expectInPageAnchorsResolve(page);
  });
});

test.describe('industry pages', () => {
  test('hospitality: six segments, spec links and an Installation form', async ({ page }) => {
    await page.goto('/hospitality-refrigeration');
    for (const segment of ['Restaurants', 'Hotels', 'Cafes', 'Bars', 'Fast food', 'Catering']) {
      await expect(main(page).getByRole('heading', { level: 3, name: new RegExp(`^${segment}$`, 'i') })).toBeVisible();
    }
    for (const href of ['/contact', '/repairs', '/commercial-fridge', '/display-fridge', '/cool-rooms']) {
      await expect(linksTo(page, href).first()).toBeVisible();
    }
    const form = main(page).locator('form');
    await expect(form).toHaveCount(1);
    await expect(serviceType(form)).toHaveValue('Installation');
  });

  test("medical: 'Get Medical Quote', a repairs link, application cards, compliance and an Installation form", async ({ page }) => {
    await page.goto('/medical-refrigeration');
    const quote = main(page).getByRole('link', { name: 'Get Medical Quote', exact: true });
    await expect(quote.first()).toBeVisible();
    for (const link of await quote.all()) await expect(link).toHaveAttribute('href', '/contact');
    await expect(linksTo(page, '/repairs').first()).toBeVisible();
    for (const card of [/blood bank/i, /laborator/i, /hospital.*clinic/i, /research.*veterinary/i]) {
      await expect(main(page).getByRole('heading', { level: 3, name: card }).first()).toBeVisible();
    }
    const compliance = page.getByRole('region', { name: /compliance/i });
    for (const body of ['Ministry of Health', 'Medsafe', 'WHO', 'ISO 15189']) await expect(compliance).toContainText(body);
    const form = main(page).locator('form');
    await expect(form).toHaveCount(1);
    await expect(serviceType(form)).toHaveValue('Installation');
  });

  test("supermarket: 'Get Retail Quote' and '24/7 Service Support' buttons and a quote form", async ({ page }) => {
    await page.goto('/supermarket-refrigeration');
    await expect(hero(page).getByRole('link', { name: 'Get Retail Quote', exact: true })).toHaveAttribute('href', '/contact');
    await expect(hero(page).getByRole('link', { name: '24/7 Service Support', exact: true })).toHaveAttribute('href', '/repairs');
    for (const link of await main(page).getByRole('link', { name: 'Get Retail Quote', exact: true }).all())
      await expect(link).toHaveAttribute('href', '/contact');
    const form = main(page).locator('form');
    await expect(form).toHaveCount(1);
    await expect(form).toBeVisible();
    await expect(form.getByRole('button', { name: 'Get Commercial Quotes' })).toBeVisible();
  });
});

test.describe('legal pages', () => {
  // Both were last updated on January 23, 2025; the site shows dates in long New Zealand format.
  for (const route of ['/privacy', '/terms']) {
    test(`${route} shows 'Last updated' January 23, 2025`, async ({ page }) => {
      await page.goto(route);
      await expect(hero(page).getByText(/^Last updated:?\s+23 January 2025$/)).toBeVisible();
    });
  }

  test('terms: quotes are free and valid for 30 days', async ({ page }) => {
    await page.goto('/terms');
    await expect(main(page)).toContainText(/quotes are free/i);
    await expect(main(page)).toContainText(/valid for 30 days/i);
  });
});
