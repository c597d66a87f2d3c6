/** The audit harness: every built page at 360 px and 1280 px, axe-core with zero violations and no sideways scrolling. */
import { expect, test } from '@playwright/test';
import { specRoutes } from '../support/routes.ts';
import { expectAxeClean, offline } from './helpers.ts';

// The thank-you page also as an urgent request sees it (its area's response target and the 24/7 line first).
const routes = [...specRoutes.map((r) => (r === '/thank-you' ? '/thank-you/' : r)), '/thank-you/#urgent-hamilton', '/this-page-does-not-exist'];

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const route of routes) {
      test(`${route} has no axe violations and fits the screen`, async ({ page, context }) => {
        await offline(context);
        const response = await page.goto(route);
        expect(response?.status()).toBe(route.startsWith('/this-page') ? 404 : 200);
        await expectAxeClean(page, route);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  });
}
