/** The header and footer every page shares: dropdowns, mobile menu, JavaScript off. */
import { expect, test, type Page } from '@playwright/test';
import { productRoutes } from '../support/routes.ts';
import { offline } from './helpers.ts';

const cities = ['Auckland', 'Christchurch', 'Wellington', 'Hamilton', 'Tauranga', 'Dunedin'];

test.beforeEach(async ({ context }) => {
  await offline(context);
});

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('top bar: Contact for Quote, the e-mail and the emergency notice', async ({ page }) => {
    await page.goto('/repairs');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Contact for Quote', exact: true })).toHaveAttribute('href', '/contact');
    await expect(banner.getByRole('link', { name: 'quotes@commercialrefrigeration.nz' })).toHaveAttribute('href', 'mailto:quotes@commercialrefrigeration.nz');
    await expect(banner.getByText('24/7 Emergency Repairs Available')).toBeVisible();
  });

  test('main links and the Get Quote button', async ({ page }) => {
    await page.goto('/');
    const nav = mainNav(page);
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Repairs & Maintenance' })).toHaveAttribute('href', '/repairs');
    await expect(nav.getByRole('link', { name: 'Resources' })).toHaveAttribute('href', '/blog');
    await expect(nav.getByRole('link', { name: 'Get Quote', exact: true })).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });

  test('a dropdown opens by mouse, exposes aria-expanded and closes on an outside click', async ({ page }) => {
    await page.goto('/');
    const button = mainNav(page).getByRole('button', { name: /Products/ });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const menu = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(menu).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: /Commercial Fridge/ }).first()).toBeVisible();
    for (const href of productRoutes) {
      await expect(menu.locator(`a[href="${href}"]`)).toBeVisible();
    }

    await page.mouse.click(640, 700);
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('the locations dropdown works by keyboard and closes on Escape', async ({ page }) => {
    await page.goto('/');
    const button = mainNav(page).getByRole('button', { name: /Locations/ });
    const menu = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    for (const city of cities) await expect(menu.getByRole('link', { name: city, exact: true })).toBeVisible();

    // The links follow the button in tab order, so a keyboard user reaches them next.
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Auckland', exact: true })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // Space opens it as well, and following a link navigates.
    await button.focus();
    await page.keyboard.press(' ');
    await menu.getByRole('link', { name: 'Dunedin', exact: true }).click();
    await expect(page).toHaveURL(/\/dunedin$/);
  });

  test('opening one dropdown closes the other', async ({ page }) => {
    await page.goto('/');
    const products = mainNav(page).getByRole('button', { name: /Products/ });
    const locations = mainNav(page).getByRole('button', { name: /Locations/ });
    await products.click();
    await locations.click();
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(locations).toHaveAttribute('aria-expanded', 'true');
  });

  test('the footer links, statement, copyright and contact details', async ({ page }) => {
    await page.goto('/contact');
    const footer = page.getByRole('contentinfo');
    for (const href of ['/installation', '/preventative-maintenance', '/emergency-repairs', '/privacy', '/terms', '/repairs', '/blog', '/contact']) {
      await expect(footer.locator(`a[href="${href}"]`).first()).toBeVisible();
    }
    await expect(footer).toContainText('2025');
    await expect(footer).toContainText(/nationwide/i);
    await expect(footer.locator('a[href="tel:+64800374343"]')).toBeVisible();
    await expect(footer.locator('a[href="mailto:quotes@commercialrefrigeration.nz"]')).toBeVisible();
  });
});

test.describe('phone, 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the menu button opens and closes the menu and keeps aria-expanded in step', async ({ page }) => {
    await page.goto('/');
    await expect(mainNav(page)).toBeHidden();
    await expect(page.getByRole('banner').getByText('24/7 Emergency Repairs Available')).toBeHidden();
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(button).toHaveAttribute('aria-controls', 'mobile-menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.tap();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    for (const city of cities) await expect(menu.getByRole('link', { name: city, exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Close' }).tap();
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('a link in the menu navigates, and the whole menu scrolls into reach', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu', exact: true }).tap();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    const last = menu.getByRole('link').last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    await menu.getByRole('link', { name: 'Repairs & Maintenance' }).tap();
    await expect(page).toHaveURL(/\/repairs$/);
  });

  test('the header Get Quote button stays visible next to the menu button', async ({ page }) => {
    await page.goto('/tauranga');
    const getQuote = page.getByRole('banner').getByRole('link', { name: 'Get Quote', exact: true });
    await expect(getQuote).toBeInViewport();
    await expect(getQuote).toHaveAttribute('href', '/contact');
  });
});

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('at 360 px the menu still opens (native popover) and every city is reachable', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    for (const city of cities) await expect(menu.getByRole('link', { name: city, exact: true })).toBeVisible();
    await menu.getByRole('link', { name: 'Hamilton', exact: true }).click();
    await expect(page).toHaveURL(/\/hamilton$/);
  });

  test('at 1280 px the dropdowns open without script', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await mainNav(page)
      .getByRole('button', { name: /Products/ })
      .click();
    await expect(mainNav(page).locator('a[href="/display-freezer"]')).toBeVisible();
  });
});

test('the shell loads no JavaScript framework; the form island loads when the form scrolls into view', async ({ page, context }) => {
  await offline(context);
  await page.setViewportSize({ width: 1280, height: 800 });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const framework = () => scripts.filter((s) => /client|react|QuoteForm|Calculator/i.test(s));
  await page.goto('/repairs', { waitUntil: 'networkidle' });
  await mainNav(page)
    .getByRole('button', { name: /Products/ })
    .click();
  await page.keyboard.press('Escape');
  expect(scripts.length).toBeGreaterThan(0);
  expect(framework()).toEqual([]);

  await page.locator('form[name="commercialLead"]').last().scrollIntoViewIfNeeded();
  await expect.poll(() => framework().length).toBeGreaterThan(0);
});
