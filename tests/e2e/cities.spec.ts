/**
 * City pages: canonical, LocalBusiness data, service cards,
 * the city pre-filled in the quote form (none on Tauranga), Tauranga's extra links and local copy.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { cityServiceHrefs } from '../../src/lib/content-schemas.ts';
import { jsonLd, offline } from './helpers.ts';

const cities = [
  { route: '/auckland', name: 'Auckland', region: 'Auckland', latitude: -36.8485, longitude: 174.7633, prefilled: true },
  { route: '/christchurch', name: 'Christchurch', region: 'Canterbury', latitude: -43.5321, longitude: 172.6362, prefilled: true },
  { route: '/wellington', name: 'Wellington', region: 'Wellington', latitude: -41.2866, longitude: 174.7756, prefilled: true },
  { route: '/hamilton', name: 'Hamilton', region: 'Waikato', latitude: -37.787, longitude: 175.2793, prefilled: true },
  { route: '/tauranga', name: 'Tauranga', region: 'Bay of Plenty', latitude: -37.6878, longitude: 176.1651, prefilled: false },
  { route: '/dunedin', name: 'Dunedin', region: 'Otago', latitude: -45.8788, longitude: 170.5028, prefilled: true },
];

const weekDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function citySelect(page: Page): Locator {
  return page.getByRole('main').locator('form select[name="city"]');
}

test.beforeEach(async ({ context }) => {
  await offline(context);
});

for (const city of cities) {
  test.describe(`${city.name} (${city.route})`, () => {
    test('canonical link and LocalBusiness data', async ({ page }) => {
      await page.goto(city.route);
      const canonical = new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!);
      expect(canonical.protocol).toBe('https:');
      expect(canonical.pathname).toBe(city.route);

      const businesses = (await jsonLd(page)).filter((n) => n['@type'] === 'LocalBusiness');
      expect(businesses).toHaveLength(1);
      const b = businesses[0]!;
      expect(b['@id']).toEqual(expect.stringMatching(/\S/));
      expect(b.name).toEqual(expect.stringContaining(city.name));
      expect(b.telephone).toBe('+64800374343');
      expect(b.address).toMatchObject({ addressLocality: city.name, addressRegion: city.region, addressCountry: 'NZ' });
      expect(b.address).not.toHaveProperty('streetAddress');
      const geo = b.geo as { latitude: number | string; longitude: number | string };
      expect(Number(geo.latitude)).toBeCloseTo(city.latitude, 4);
      expect(Number(geo.longitude)).toBeCloseTo(city.longitude, 4);
      expect(JSON.stringify(b.areaServed)).toContain(city.name);
      expect(b.priceRange).toBe('$$');

      // Office hours as opening hours (Sunday closed); the emergency line answers every day, all day.
      const hours = ([] as { dayOfWeek: string | string[]; opens: string; closes: string }[]).concat(
        b.openingHoursSpecification as { dayOfWeek: string | string[]; opens: string; closes: string }[],
      );
      const open = new Map(
        hours.flatMap((spec) =>
          ([] as string[]).concat(spec.dayOfWeek).map((day) => [day.replace(/^https?:\/\/schema\.org\//, ''), `${spec.opens}-${spec.closes}`]),
        ),
      );
      expect(Object.fromEntries(open)).toEqual({
        Monday: '07:00-18:00',
        Tuesday: '07:00-18:00',
        Wednesday: '07:00-18:00',
        Thursday: '07:00-18:00',
        Friday: '07:00-18:00',
        Saturday: '08:00-16:00',
      });
      const contact = b.contactPoint as { contactType: string; telephone: string; hoursAvailable: { dayOfWeek: string[]; opens: string; closes: string } };
      expect(contact).toMatchObject({ contactType: 'emergency', telephone: '+64800374343' });
      expect([...contact.hoursAvailable.dayOfWeek].sort()).toEqual([...weekDays].sort());
      expect(`${contact.hoursAvailable.opens}-${contact.hoursAvailable.closes}`).toBe('00:00-23:59');
    });

    test(`service cards and the quote form ${city.prefilled ? `pre-filled with ${city.name}` : 'with no city'}`, async ({ page }) => {
      await page.goto(city.route);
      // One section holds the five service cards.
      let services = page.locator('main section');
      for (const href of cityServiceHrefs) services = services.filter({ has: page.locator(`a[href="${href}"]`) });
      await expect(services).toHaveCount(1);
      for (const href of cityServiceHrefs) await expect(services.locator(`a[href="${href}"]`).first()).toBeVisible();

      await expect(citySelect(page)).toHaveCount(1);
      await expect(citySelect(page)).toHaveValue(city.prefilled ? city.name : '');
    });
  });
}

for (const width of [390, 1280]) {
  test(`at ${width} px each city page shows a map of New Zealand marking its city, larger, among the six at their coordinates`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const city of cities) {
      await page.goto(city.route);
      const map = page.getByRole('img', { name: `Map of New Zealand showing ${city.name}`, exact: true });
      await map.scrollIntoViewIfNeeded();
      await expect(map).toBeVisible();
      const marks = await map.locator('g').evaluateAll((groups) =>
        groups.map((g) => {
          const c = g.querySelector('circle')!;
          return {
            name: g.querySelector('text')!.textContent,
            x: Number(c.getAttribute('cx')),
            y: Number(c.getAttribute('cy')),
            r: Number(c.getAttribute('r')),
          };
        }),
      );
      expect(marks.map((m) => m.name).sort()).toEqual(cities.map((c) => c.name).sort());
      const own = marks.find((m) => m.name === city.name)!;
      for (const other of marks.filter((m) => m !== own)) expect(own.r, `${city.name} mark is not larger than ${other.name}`).toBeGreaterThan(other.r);
      // East is right and north is up: every pair of marks is ordered as the cities' coordinates are.
      for (const a of cities) {
        for (const b of cities) {
          const ma = marks.find((m) => m.name === a.name)!;
          const mb = marks.find((m) => m.name === b.name)!;
          if (a.longitude < b.longitude) expect(ma.x, `${a.name} west of ${b.name}`).toBeLessThan(mb.x);
          if (a.latitude > b.latitude) expect(ma.y, `${a.name} north of ${b.name}`).toBeLessThan(mb.y);
        }
      }
    }
  });
}

test('Tauranga also links to /emergency-repairs and /commercial-refrigerator', async ({ page }) => {
  await page.goto('/tauranga');
  for (const href of ['/emergency-repairs', '/commercial-refrigerator']) {
    await expect(page.getByRole('main').locator(`a[href="${href}"]`).first()).toBeVisible();
  }
});

test('local text differs: no paragraph of 12+ words appears on two city pages', async ({ page }) => {
  const pagesByParagraph = new Map<string, string[]>();
  for (const city of cities) {
    await page.goto(city.route);
    // The closing quote block (the section holding the form) is the shared template's text, not local copy.
    const paragraphs = await page.locator('main section:not(:has(form)) p').allInnerTexts();
    expect(paragraphs.length, `${city.route} has text`).toBeGreaterThan(3);
    for (const paragraph of new Set(paragraphs.map((p) => p.replace(/\s+/g, ' ').trim()))) {
      if (paragraph.split(' ').length < 12) continue;
      pagesByParagraph.set(paragraph, [...(pagesByParagraph.get(paragraph) ?? []), city.route]);
    }
  }
  const shared = [...pagesByParagraph].filter(([, routes]) => routes.length > 1).map(([p, routes]) => `${routes.join(', ')}: ${p}`);
  expect(shared).toEqual([]);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test("the server's HTML already selects the city (Auckland) and none on Tauranga", async ({ page }) => {
    await page.goto('/auckland');
    await expect(citySelect(page)).toHaveValue('Auckland');
    await page.goto('/tauranga');
    await expect(citySelect(page)).toHaveValue('');
  });
});
