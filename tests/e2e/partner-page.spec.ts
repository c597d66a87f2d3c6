/**
 * The partner page on a phone (390 px) in Chromium, against the real server with the built site:
 * "Continue", then the job with "Accept job" and "Decline", then the customer once accepted; axe
 * clean at each step, with screenshots.
 */
import { test, expect } from '@playwright/test';
import { startServerAtOwnOrigin, type OriginServer } from '../support/server-process.ts';
import { createTestStore, formBody, type TestStore } from '../support/stores.ts';
import { addHamiltonTechnician, offerWithLink } from '../support/partners.ts';
import { expectAxeClean } from './helpers.ts';

test.describe('the partner page', () => {
  let t: TestStore;
  let server: OriginServer;
  let origin = '';

  test.beforeAll(async () => {
    t = await createTestStore('sqlite');
    server = await startServerAtOwnOrigin({ DATABASE_URL: t.url });
    origin = server.origin;
  });
  test.afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await t?.cleanup();
  });

  test('a technician accepts an urgent job on a phone and then sees the customer', async ({ page }) => {
    const posted = await page.request.post(`${server.url}/`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      data: formBody(),
    });
    expect(posted.ok()).toBe(true);
    const [lead] = await t.store.listLeads();
    const partner = await addHamiltonTechnician(t.store, 'Waikato Cooling', 'jobs@waikatocooling.co.nz');
    const { token } = await offerWithLink(t.store, lead!.id, partner.id);

    await page.setViewportSize({ width: 390, height: 844 });
    const opened = await page.goto(`${origin}/partner/offer?t=${token}`);
    expect(opened!.headers()['x-robots-tag']).toContain('noindex');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    await expect(page.getByText('Mere Tane')).toHaveCount(0);
    await expectAxeClean(page, 'Continue');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('button', { name: 'Accept job' })).toBeVisible();
    await expect(page.getByText('Mere Tane')).toHaveCount(0);
    await expectAxeClean(page, 'the job');
    await page.screenshot({ path: 'test-results/partner-page-offer-390.png', fullPage: true });
    await page.getByRole('button', { name: 'Accept job' }).click();
    await expect(page.getByText('Mere Tane')).toBeVisible();
    await expect(page.getByRole('link', { name: '021 555 0101' })).toHaveAttribute('href', 'tel:0215550101');
    await expectAxeClean(page, 'the accepted job');
    await page.screenshot({ path: 'test-results/partner-page-accepted-390.png', fullPage: true });
    await page.getByRole('button', { name: 'On site' }).click();
    await expect(page.getByText(/On site recorded/)).toBeVisible();
  });
});
