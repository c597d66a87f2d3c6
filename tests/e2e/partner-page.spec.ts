/**
 * The partner page on a phone (390 px) in Chromium, against the real server with the built site:
 * "Continue", then the job with "Accept job" and "Decline", then the customer once accepted, On
 * site, On my way and Job done; axe clean at each step, with screenshots.
 */
import { test, expect } from './fixtures.ts';
import { formBody } from '../support/stores.ts';
import { addHamiltonTechnician, offerWithLink } from '../support/partners.ts';
import { expectAxeClean } from './helpers.ts';

test.describe('the partner page', () => {
  test('a technician accepts an urgent job on a phone and then sees the customer', async ({ page, server }) => {
    const posted = await page.request.post(`${server.url}/`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      data: formBody(),
    });
    expect(posted.ok()).toBe(true);
    // The server may hold other specs' leads and partners: this one's lead by its name, a partner of its own.
    const lead = (await server.store.store.listLeads()).find((l) => l.contact_name === 'Mere Tane');
    const partner = await addHamiltonTechnician(server.store.store, 'Te Awa Cooling', 'jobs@teawacooling.co.nz');
    const { token } = await offerWithLink(server.store.store, lead!.id, partner.id);

    await page.setViewportSize({ width: 390, height: 844 });
    const opened = await page.goto(`${server.origin}/partner/offer?t=${token}`);
    expect(opened!.headers()['x-robots-tag']).toContain('noindex');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    await expect(page.getByText('Mere Tane')).toHaveCount(0);
    await expectAxeClean(page, 'Continue');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('button', { name: 'Accept job' })).toBeVisible();
    await expect(page.getByText('Mere Tane')).toHaveCount(0);
    await expectAxeClean(page, 'the job');
    await page.screenshot({ path: 'test-results/partner-page-offer-390.png', fullPage: true });
    // A page for one job at night: the business's own bar with its after-hours number, no site menu or footer.
    await expect(page.getByRole('link', { name: /after hours: 0800 FRIDGE/ })).toHaveAttribute('href', 'tel:+64800374343');
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByText('Accept by')).toBeVisible();
    await expect(page.getByText('On site by')).toBeVisible();
    await page.getByRole('button', { name: 'Accept job' }).click();
    await expect(page.getByText('Mere Tane', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Call Mere Tane' })).toHaveAttribute('href', 'tel:0215550101');
    await expect(page.getByRole('link', { name: 'Text Mere Tane' })).toHaveAttribute('href', 'sms:0215550101');
    await expectAxeClean(page, 'the accepted job');
    await page.screenshot({ path: 'test-results/partner-page-accepted-390.png', fullPage: true });
    // "On site" asks first, at the top of the page the press opens, and can be taken back.
    await page.getByRole('button', { name: 'On site' }).click();
    await expect(page.getByText('Record that you are on site now?')).toBeInViewport();
    await expectAxeClean(page, 'the on-site question');
    await page.getByRole('button', { name: 'Yes, I’m on site' }).click();
    await expect(page.getByText(/On site recorded/)).toBeInViewport();
    await page.getByRole('button', { name: 'Undo “On site”' }).click();
    await expect(page.getByText(/On site recorded/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'On site' })).toBeVisible();
    // On my way, then Job done (asked first): the page says where the job stands, and asks nothing of the customer.
    await page.getByRole('button', { name: 'In 30 minutes' }).click();
    await expect(page.getByText(/On your way: you said you would arrive by/)).toBeVisible();
    await expect(page.getByText('Contact the customer now')).toHaveCount(0);
    await page.getByRole('button', { name: 'Job done' }).click();
    await expect(page.getByText('Record that the job is done?')).toBeInViewport();
    await expectAxeClean(page, 'the job-done question');
    await page.getByRole('button', { name: 'Yes, the job is done' }).click();
    await expect(page.getByText(/Job done, recorded/)).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Hand the job back' })).toHaveCount(0);
  });
});
