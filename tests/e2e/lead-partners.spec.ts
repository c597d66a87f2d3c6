/**
 * A lead's Partners section in Chromium on a phone (390 px), against the real server with the built
 * site and a real SMTP peer: a planned Dunedin installation suggests the Dunedin partner and nobody
 * else, "Offer to NAME" e-mails that partner once, and their "Decline" on the partner page shows on
 * the lead; an offer withdrawn from the lead leaves the partner's link showing nothing of the
 * customer; axe clean at each step, with a screenshot of the section.
 */
import { test, expect } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { parseMail, startSmtp, waitFor, type SmtpPeer } from '../support/peers.ts';
import { startServerAtOwnOrigin, type OriginServer } from '../support/server-process.ts';
import { createTestStore, formBody, type TestStore } from '../support/stores.ts';
import { expectAxeClean } from './helpers.ts';

const cli = new URL('../../server/cli.ts', import.meta.url).pathname;
const sheet = new URL('../fixtures/partners.csv', import.meta.url).pathname;
const DUNEDIN_PARTNER = 'sales@southernsupply.co.nz';

test.describe("a lead's partners", () => {
  let t: TestStore;
  let smtp: SmtpPeer;
  let server: OriginServer;
  let origin = '';

  test.beforeAll(async () => {
    t = await createTestStore('sqlite');
    smtp = await startSmtp(0, '127.0.0.1');
    server = await startServerAtOwnOrigin({ DATABASE_URL: t.url, SMTP_URL: smtp.url, OUTBOX_POLL_INTERVAL: '500' });
    origin = server.origin;
  });
  test.afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await smtp?.close();
    await t?.cleanup();
  });

  test('a planned Dunedin installation is offered to the Dunedin partner, who declines', async ({ page }) => {
    test.setTimeout(120_000);
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, [cli, ...args], { env: { ...process.env, DATABASE_URL: t.url, PUBLIC_ORIGIN: origin }, encoding: 'utf8' });
    await run('partners', 'import', sheet);
    const added = await run('users', 'add', 'owner@example.nz', '--role', 'owner');
    const link = /(http:\/\/localhost:\d+\/inbox\/\?link=\S+)/.exec(added.stdout)![1]!;
    const posted = await page.request.post(`${origin}/`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      data: formBody({
        contact_name: 'Hemi Otago',
        city: 'Dunedin',
        service_type: 'Installation',
        site_type: 'New build',
        timeframe: 'Planning stage',
        notes: 'A new cafe on George Street.\nTwo display fridges.',
      }),
    });
    expect(posted.ok()).toBe(true);

    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(link);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Not now' }).click();
    await page.getByRole('link', { name: /Hemi Otago/ }).click();
    const section = page.getByRole('region', { name: 'Partners' });
    await expect(section.getByRole('button', { name: /^Offer to / })).toHaveCount(1);
    const offer = section.getByRole('button', { name: 'Offer to Southern Supply' });
    await expect(offer).toBeVisible();
    await expect(section).toContainText('Covers Dunedin and does Installation');
    await expect(section).toContainText('Nobody holds this job yet.');
    await expectAxeClean(page, 'the suggestions');
    await section.screenshot({ path: 'test-results/lead-partners-suggestions-390.png' });

    await offer.click();
    await expect(section.getByRole('heading', { name: 'Offers made' })).toBeFocused();
    await expect(section.getByRole('status')).toContainText('Offered to Southern Supply');
    await expect(section).toContainText('Southern Supply · Waiting for an answer');
    await expect(section.getByRole('button', { name: /^Offer to / })).toHaveCount(0);
    await expectAxeClean(page, 'the offer made');

    const mail = await waitFor(() => smtp.messages.find((m) => m.to.includes(DUNEDIN_PARTNER)), { what: 'the offer e-mail' });
    const parsed = await parseMail(mail);
    expect(parsed.text).not.toContain('Hemi Otago');
    const partnerLink = /(http:\/\/localhost:\d+\/partner\/offer\?t=[\w-]+)/.exec(parsed.text ?? '')![1]!;

    const partnerPage = await page.context().newPage();
    await partnerPage.setViewportSize({ width: 390, height: 844 });
    await partnerPage.goto(partnerLink);
    await partnerPage.getByRole('button', { name: 'Continue' }).click();
    await partnerPage.getByLabel('Why are you declining? (optional)').fill('Booked out until March');
    await partnerPage.getByRole('button', { name: 'Decline' }).click();
    await expect(partnerPage.getByText('You declined this job')).toBeVisible();
    await partnerPage.close();

    await page.reload();
    await expect(section).toContainText('Southern Supply · Declined');
    await expect(section).toContainText('Reason: Booked out until March');
    await expectAxeClean(page, 'the declined offer');
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: 'test-results/lead-partners-390.png' });
    // Once, however long the outbox keeps running.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.messages.filter((m) => m.to.includes(DUNEDIN_PARTNER))).toHaveLength(1);
  });

  test('an offer withdrawn from the lead leaves its link showing nothing of the customer', async ({ page }) => {
    test.setTimeout(120_000);
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, [cli, ...args], { env: { ...process.env, DATABASE_URL: t.url, PUBLIC_ORIGIN: origin }, encoding: 'utf8' });
    await run('partners', 'import', sheet);
    const added = await run('users', 'add', 'withdrawer@example.nz', '--role', 'staff');
    const link = /(http:\/\/localhost:\d+\/inbox\/\?link=\S+)/.exec(added.stdout)![1]!;
    const posted = await page.request.post(`${origin}/`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      data: formBody({ contact_name: 'Tui Withdrawn', service_type: 'Maintenance', site_type: 'New build', timeframe: 'Planning stage' }),
    });
    expect(posted.ok()).toBe(true);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(link);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Not now' }).click();
    await page.getByRole('link', { name: /Tui Withdrawn/ }).click();
    const section = page.getByRole('region', { name: 'Partners' });
    await section.getByRole('button', { name: 'Offer to Waikato Cooling' }).click();
    await expect(section).toContainText('Waikato Cooling · Waiting for an answer');
    const mail = await waitFor(() => smtp.messages.find((m) => m.to.includes('jobs@waikatocooling.co.nz') && m.raw.includes('Maintenance')), {
      what: 'the offer e-mail',
    });
    const partnerLink = /(http:\/\/localhost:\d+\/partner\/offer\?t=[\w-]+)/.exec((await parseMail(mail)).text ?? '')![1]!;

    const withdraw = section.getByRole('button', { name: 'Withdraw the offer to Waikato Cooling' });
    await expect(withdraw).toHaveAccessibleDescription(/Their link stops working at once/);
    await expectAxeClean(page, 'an offer that can be withdrawn');
    await withdraw.click();
    await expect(section.getByRole('heading', { name: 'Offers made' })).toBeFocused();
    await expect(section.getByRole('status')).toContainText('The offer to Waikato Cooling is withdrawn.');
    await expect(section).toContainText('Waikato Cooling · Withdrawn (from the inbox)');
    await expect(withdraw).toHaveCount(0);
    await expectAxeClean(page, 'the withdrawn offer');
    await section.screenshot({ path: 'test-results/lead-partners-withdrawn-390.png' });

    const partnerPage = await page.context().newPage();
    await partnerPage.setViewportSize({ width: 390, height: 844 });
    await partnerPage.goto(partnerLink);
    await partnerPage.getByRole('button', { name: 'Continue' }).click();
    await expect(partnerPage.getByText('This job is no longer offered.')).toBeVisible();
    await expect(partnerPage.getByRole('button', { name: 'Accept job' })).toHaveCount(0);
    await expect(partnerPage.locator('body')).not.toContainText('Tui Withdrawn');
    await partnerPage.close();
  });

  test("an urgent lead shows the time left to attend in the list and 'Attend by' on the lead", async ({ page }) => {
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, [cli, ...args], { env: { ...process.env, DATABASE_URL: t.url, PUBLIC_ORIGIN: origin }, encoding: 'utf8' });
    const added = await run('users', 'add', 'staff@example.nz', '--role', 'staff');
    const link = /(http:\/\/localhost:\d+\/inbox\/\?link=\S+)/.exec(added.stdout)![1]!;
    // A Hamilton repair call-out: urgent, with six hours to attend.
    const posted = await page.request.post(`${origin}/`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      data: formBody({ contact_name: 'Aroha Urgent' }),
    });
    expect(posted.ok()).toBe(true);
    const planned = await page.request.post(`${origin}/`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      data: formBody({ contact_name: 'Piri Planned', timeframe: 'Planning stage', site_type: 'New build' }),
    });
    expect(planned.ok()).toBe(true);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(link);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Not now' }).click();
    const row = page.getByRole('link', { name: /Aroha Urgent/ });
    await expect(row).toContainText(/(5 h 5\d min|6 h) left to attend/);
    await expect(page.getByRole('link', { name: /Piri Planned/ })).not.toContainText('left to attend');
    await expectAxeClean(page, 'the list with an urgent lead');
    await row.click();
    await expect(page.getByText(/^Attend by /)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Aroha Urgent' })).toContainText(/left to attend/);
    await expectAxeClean(page, 'an urgent lead');
    await page.screenshot({ path: 'test-results/lead-attend-by-390.png' });
  });
});
