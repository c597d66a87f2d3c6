/**
 * Phone taps measured (GA4 `click_to_call`): in real Chromium, a click on each kind of `tel:` link
 * sends the event with the page path and where the link sits, and the call itself is never
 * prevented; without gtag nothing breaks.
 */
import { expect, test, type Page } from '@playwright/test';
import { gtagCalls, offline, stubGtag } from './helpers.ts';

/**
 * Records whether the page's own handlers prevented the call, then stops Chromium from handing the
 * tel: URL to the system (this listener runs last, on window, after the page's).
 */
async function watchCalls(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { callPrevented: boolean[] };
    w.callPrevented = [];
    window.addEventListener('click', (event) => {
      if (!(event.target instanceof Element) || !event.target.closest('a[href^="tel:"]')) return;
      w.callPrevented.push(event.defaultPrevented);
      event.preventDefault();
    });
  });
}

async function clickToCallEvents(page: Page) {
  return (await gtagCalls(page)).filter((c) => c[0] === 'event' && c[1] === 'click_to_call').map((c) => c[2] as Record<string, string>);
}

test.beforeEach(async ({ context, page }) => {
  await offline(context);
  await watchCalls(page);
});

test('home page: hero, closing call to action and footer each report where the tap was', async ({ page }) => {
  await stubGtag(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const hero = page.locator('[data-call-location="hero"] a[href^="tel:"]').first();
  const cta = page.locator('[data-call-location="cta"] a[href^="tel:"]').first();
  const footer = page.locator('footer a[href^="tel:"]').first();
  for (const link of [hero, cta, footer]) await link.click();
  await expect.poll(() => clickToCallEvents(page), { message: 'three click_to_call events' }).toHaveLength(3);
  const events = await clickToCallEvents(page);
  expect(events.map((e) => e.link_location)).toEqual(['hero', 'cta', 'footer']);
  for (const e of events) expect(e).toMatchObject({ page_path: '/', transport_type: 'beacon' });
  expect(await page.evaluate(() => (window as unknown as { callPrevented: boolean[] }).callPrevented)).toEqual([false, false, false]);
});

test('phone: the call button in the mobile menu reports mobile-menu; the contact page card reports contact-details', async ({ page }) => {
  await stubGtag(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/emergency-repairs');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.locator('#mobile-menu a[href^="tel:"]').click();
  await page.goto('/contact');
  await page.locator('[data-call-location="contact-details"] a[href^="tel:"]').click();
  await expect.poll(() => clickToCallEvents(page), { message: 'two click_to_call events' }).toHaveLength(2);
  expect(await clickToCallEvents(page)).toMatchObject([
    { page_path: '/emergency-repairs', link_location: 'mobile-menu' },
    { page_path: '/contact', link_location: 'contact-details' },
  ]);
});

test('without analytics a tap on the call link still goes through and nothing errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await page.locator('footer a[href^="tel:"]').first().click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { callPrevented: boolean[] }).callPrevented)).toEqual([false]);
  expect(errors).toEqual([]);
});

test('a gtag that throws does not stop the call', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { gtag: () => void }).gtag = () => {
      throw new Error('analytics broke');
    };
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await page.locator('footer a[href^="tel:"]').first().click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { callPrevented: boolean[] }).callPrevented)).toEqual([false]);
  expect(errors).toEqual([]);
});
