/**
 * The audit harness: every built page at 360 px and 1280 px. On every route: no sideways scrolling,
 * every link goes somewhere, and every link, button, field and image has an accessible name (the
 * cheap checks). The full axe-core scan (contrast, structure, ARIA; zero violations) runs on one page
 * per template, and on as many more as it takes for every block, calculator, component and optional
 * field a template draws to be scanned at least once (tests/support/page-templates.ts).
 */
import { expect, test } from '@playwright/test';
import { specRoutes } from '../support/routes.ts';
import { routesCoveringEveryTemplate } from '../support/page-templates.ts';
import { expectAxeClean, expectEveryControlNamed, offline } from './helpers.ts';

// The thank-you page also as an urgent request sees it (its area's response target and the 24/7 line first).
const routes = [...specRoutes.map((r) => (r === '/thank-you' ? '/thank-you/' : r)), '/thank-you/#urgent-hamilton', '/this-page-does-not-exist'];
const fullScan = new Set(routesCoveringEveryTemplate(routes));

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const route of routes) {
      const full = fullScan.has(route);
      test(`${route} names every link and control${full ? ', has no axe violations' : ''} and fits the screen`, async ({ page, context }) => {
        await offline(context);
        const response = await page.goto(route);
        expect(response?.status()).toBe(route.startsWith('/this-page') ? 404 : 200);
        await expectEveryControlNamed(page, route);
        if (full) await expectAxeClean(page, route);
        const deadLinks = await page.evaluate(() =>
          [...document.querySelectorAll('a')].filter((a) => !/^(https?:|mailto:|tel:|sms:|\/|#.)/.test(a.getAttribute('href') ?? '')).map((a) => a.outerHTML),
        );
        expect(deadLinks, 'links with no real destination').toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  });
}
