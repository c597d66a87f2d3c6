/**
 * The lead inbox as the owner uses it, in Chromium (inbox-postgres.spec.ts, on PostgreSQL with two
 * server instances behind one balancer: the journey is run on the store where it differs, several
 * instances; the inbox API is tested on both stores by tests/server/inbox*.test.ts, and the inbox's
 * other browser tests run on SQLite): a person made with the CLI, a
 * passkey added and used through Chromium's virtual authenticator, an e-mailed code through a real
 * SMTP peer, leads sent through the public form, and the work on them; axe on every view at 390 px
 * and 1280 px.
 */
import { readFileSync } from 'node:fs';
import type { SmtpPeer } from '../support/peers.ts';
import { formBody, type StoreKind } from '../support/stores.ts';
import { afterHumanPause, expectAxeCleanAtBothWidths } from './helpers.ts';
import { serverOptions, test, expect } from './fixtures.ts';

const OWNER = 'owner@example.nz';
const BUSINESS = 'quotes@commercialrefrigeration.nz';
const BOUNCE = 'bounce@example.nz';

function mailTo(smtp: SmtpPeer, address: string, contains: string) {
  return smtp.messages.find((m) => m.to.includes(address) && m.raw.includes(contains));
}

/** The owner's day in the inbox on `kind`; called once, at the top of a spec file. */
export function ownerWorksLeads(kind: StoreKind) {
  // On PostgreSQL, two instances behind one balancer.
  test.use({
    serverOptions: serverOptions({
      store: kind,
      instances: kind === 'postgres' ? 2 : 1,
      smtp: true,
      env: { LEAD_ACK_EMAIL: 'true', OUTBOX_POLL_INTERVAL: '500' },
    }),
  });

  test.describe(`the lead inbox on ${kind}`, () => {
    test('the owner works leads from first sign-in to won job', async ({ page, context, server }) => {
      test.setTimeout(240_000);
      const { origin } = server;
      const smtp = server.smtp!;
      server.refused.add(BOUNCE);
      const post = (fields: Record<string, string>) =>
        page.request.post(`${origin}/`, {
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          data: formBody(fields),
        });

      await test.step('the CLI adds the owner and prints (and e-mails) a one-time link', async () => {
        const added = await server.cli('users', 'add', OWNER, '--role', 'owner');
        expect(added.stdout).toContain('also e-mailed to them');
        const link = /(http:\/\/localhost:\d+\/inbox\/\?link=\S+)/.exec(added.stdout)![1]!;
        expect(mailTo(smtp, OWNER, 'lead inbox')).toBeDefined();
        await page.setViewportSize({ width: 390, height: 900 });
        await page.goto(link);
        await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
        await expectAxeCleanAtBothWidths(page, 'the link page');
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
      });

      await test.step('a passkey is added through the virtual authenticator', async () => {
        const cdp = await context.newCDPSession(page);
        await cdp.send('WebAuthn.enable');
        await cdp.send('WebAuthn.addVirtualAuthenticator', {
          options: {
            protocol: 'ctap2',
            transport: 'internal',
            hasResidentKey: true,
            hasUserVerification: true,
            isUserVerified: true,
            automaticPresenceSimulation: true,
          },
        });
        await expect(page.getByRole('heading', { name: 'Sign in faster next time' })).toBeVisible();
        await page.getByRole('button', { name: 'Add a passkey' }).click();
        await expect(page.getByRole('heading', { name: 'Sign in faster next time' })).toBeHidden();
        await page.getByRole('link', { name: 'Passkeys' }).click();
        await expect(page.getByText('Passkey 1')).toBeVisible();
        await expectAxeCleanAtBothWidths(page, 'passkeys');
      });

      await test.step('signing out and in again with the passkey', async () => {
        await page.getByRole('button', { name: 'Sign out' }).click();
        await expect(page.getByRole('heading', { name: 'Sign in to the lead inbox' })).toBeVisible();
        await expectAxeCleanAtBothWidths(page, 'sign-in');
        await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
        await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Sign in faster next time' })).toBeHidden();
      });

      await test.step('leads sent through the public form appear, urgent New first, with the count in the title', async () => {
        await page.goto(`${origin}/auckland`);
        const form = page.locator('form[name="commercialLead"]');
        await form.scrollIntoViewIfNeeded();
        await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
        await form.getByLabel('Contact name').fill('Aroha Form');
        await form.getByLabel('Work email').fill('aroha@example.co.nz');
        await form.getByLabel('Phone').fill('021 555 0199');
        await form.getByLabel('Company name').fill('Form Kai Ltd');
        await form.getByLabel('Timeframe').selectOption('Planning stage');
        await form.getByLabel('Project details').fill('A new display fridge for the front counter.');
        await afterHumanPause(page);
        await form.getByRole('button', { name: 'Get Commercial Quotes' }).click();
        await page.waitForURL(/thank-you/);
        expect((await post({ contact_name: 'Rangi Urgent', timeframe: 'Urgent (24–72h)' })).ok()).toBe(true);
        expect((await post({ contact_name: 'Bounce Back', work_email: BOUNCE, timeframe: 'Planning stage', site_type: 'New build' })).ok()).toBe(true);
        expect((await post({ contact_name: 'Held Back', notes: 'Buy cheap viagra now http://a.example http://b.example http://c.example' })).ok()).toBe(true);
        await page.goto(`${origin}/inbox/`);
        const rows = page.getByRole('list', { name: 'Leads found' }).getByRole('listitem');
        await expect(rows.first()).toContainText('Rangi Urgent');
        await expect(rows.first()).toContainText('Urgent');
        await expect(page.getByRole('main')).toContainText('Aroha Form');
        await expect(page).toHaveTitle('(3) Lead inbox');
        await page.setViewportSize({ width: 390, height: 900 });
        await page.screenshot({ path: `test-results/inbox-list-${kind}-390.png`, fullPage: true });
        await expectAxeCleanAtBothWidths(page, 'the list');
      });

      await test.step('where a lead came from reads in words, as the e-mail has it', async () => {
        await page.setViewportSize({ width: 390, height: 900 });
        await page.getByRole('link', { name: /Rangi Urgent/ }).click();
        await expect(page.getByRole('heading', { name: 'Rangi Urgent' })).toBeVisible();
        const origin = page.getByRole('list').filter({ has: page.getByText('From a Google Ads click') });
        await expect(origin.getByRole('listitem')).toHaveText([
          'Sent from the page /hamilton',
          'Campaign: google / cpc / waikato',
          'From a Google Ads click',
          'Arrived from www.google.com',
          'On a mobile',
        ]);
        await expect(page.getByRole('main')).not.toContainText(/utm_source|gclid|page_url/);
        await page.getByRole('heading', { name: 'Where it came from' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `bench/results/screenshots/inbox-lead-origin-${kind}-390.png` });
        await page.goBack();
      });

      await test.step('a lead is worked: status, note, follow-up, won with its value', async () => {
        await page.setViewportSize({ width: 390, height: 900 });
        await page.getByRole('link', { name: /Aroha Form/ }).click();
        await expect(page.getByRole('heading', { name: 'Aroha Form' })).toBeVisible();
        await expect(page.getByRole('link', { name: /Call 021 555 0199/ })).toHaveAttribute('href', 'tel:0215550199');
        await expect(page.getByRole('link', { name: /E-mail aroha@example.co.nz/ })).toHaveAttribute('href', 'mailto:aroha@example.co.nz');
        await page.getByRole('radio', { name: 'Contacted' }).check();
        await page.getByRole('button', { name: 'Save status' }).click();
        await expect(page.getByRole('main')).toContainText('Status: Contacted');
        await page.getByLabel('Add a note').fill('Site visit booked for Tuesday');
        await page.getByRole('button', { name: 'Save note' }).click();
        // The note in the timeline (the box may still hold the text while it clears).
        await expect(page.getByRole('main').getByRole('paragraph').filter({ hasText: 'Site visit booked for Tuesday' })).toBeVisible();
        await expect(page.getByLabel('Add a note')).toHaveValue('');
        await page.getByLabel('Follow up on').fill('2026-12-01');
        await page.getByRole('button', { name: 'Save date' }).click();
        await expect(page.getByRole('main')).toContainText('Follow up on 2026-12-01');
        await page.getByRole('radio', { name: 'Won' }).check();
        await page.getByLabel('Job value (NZ$)').fill('8450');
        await page.getByRole('button', { name: 'Save status' }).click();
        await expect(page.getByRole('main')).toContainText('Status: Won, job value $8,450.00');
        await expect(page.getByRole('main')).toContainText(OWNER);
        await page.screenshot({ path: `test-results/inbox-lead-${kind}-390.png`, fullPage: true });
        await expectAxeCleanAtBothWidths(page, 'a lead');
      });

      await test.step('a lead held as spam is released and its e-mail arrives', async () => {
        await page.goto(`${origin}/inbox/?view=spam`);
        await page.getByRole('link', { name: /Held Back/ }).click();
        await expect(page.getByRole('main')).toContainText('Why:');
        await expectAxeCleanAtBothWidths(page, 'a spam lead');
        await page.getByRole('button', { name: 'Not spam' }).click();
        await expect(page.getByRole('heading', { name: 'Held as spam' })).toBeHidden();
        await expect.poll(() => mailTo(smtp, BUSINESS, 'Held Back'), { timeout: 15_000 }).toBeDefined();
        expect(mailTo(smtp, BUSINESS, 'Held Back')!.raw).toContain('Open in the inbox');
      });

      await test.step('a notification that failed for good is sent again', async () => {
        await page.goto(`${origin}/inbox/?view=all`);
        await page.getByRole('link', { name: /Bounce Back/ }).click();
        const notifications = page.getByRole('region', { name: 'Notifications' }).or(page.locator('section[aria-labelledby="notifications-heading"]'));
        await expect(async () => {
          await page.reload();
          await expect(notifications).toContainText('Failed for good', { timeout: 1000 });
        }).toPass({ timeout: 20_000 });
        server.refused.delete(BOUNCE);
        await notifications.getByRole('button', { name: 'Send again' }).click();
        await expect.poll(() => smtp.messages.some((m) => m.to.includes(BOUNCE)), { timeout: 15_000 }).toBe(true);
        await expect(async () => {
          await page.reload();
          await expect(notifications).toContainText('Sent', { timeout: 1000 });
        }).toPass({ timeout: 20_000 });
      });

      await test.step('the owner downloads the view as CSV and one person’s data, then deletes the lead', async () => {
        await page.goto(`${origin}/inbox/?view=won`);
        const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
        const text = readFileSync((await csv.path())!, 'utf8');
        expect(text).toContain('status,job_value,lost_reason,follow_up_on,inbox_notes');
        expect(text).toMatch(/"Aroha Form".*"won","8450","","2026-12-01","Site visit booked for Tuesday"/);
        await page.getByRole('link', { name: /Aroha Form/ }).click();
        const [person] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export this person’s data' }).click()]);
        expect(JSON.parse(readFileSync((await person.path())!, 'utf8')).leads).toHaveLength(1);
        await page.getByRole('button', { name: 'Delete this lead' }).click();
        await expectAxeCleanAtBothWidths(page, 'the delete confirmation');
        await page.getByRole('button', { name: 'Delete for good' }).click();
        await expect(page.getByRole('heading', { name: /Leads/ })).toBeVisible();
        expect((await page.request.get(`${origin}/inbox/api/leads?view=all`)).ok()).toBe(true);
        const all = await (await page.request.get(`${origin}/inbox/api/leads?view=all`)).json();
        expect(all.leads.map((l: { contact_name: string }) => l.contact_name)).not.toContain('Aroha Form');
      });

      await test.step('People and the audit log', async () => {
        await page.getByRole('link', { name: 'People' }).click();
        await page.getByLabel('E-mail', { exact: true }).fill('staff@example.nz');
        await page.getByRole('button', { name: 'Add person' }).click();
        await expect(page.getByLabel('One-time sign-in link')).toHaveValue(/\/inbox\/\?link=/);
        await expectAxeCleanAtBothWidths(page, 'people');
        await page.getByRole('link', { name: 'Audit log' }).click();
        await expect(page.getByRole('table')).toContainText('Signed in (passkey)');
        await expect(page.getByRole('table')).toContainText('Exported the won view as CSV');
        await expectAxeCleanAtBothWidths(page, 'the audit log');
      });

      await test.step('a new lead appears within 15 s without reloading', async () => {
        await page.getByRole('link', { name: 'Leads' }).click();
        await expect(page.getByRole('main')).toContainText('Rangi Urgent');
        expect((await post({ contact_name: 'Late Arrival', timeframe: 'Planning stage', site_type: 'New build' })).ok()).toBe(true);
        await expect(page.getByRole('main')).toContainText('Late Arrival', { timeout: 15_000 });
      });

      await test.step('signing in with an e-mailed code', async () => {
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.getByLabel('E-mail').fill(OWNER);
        await page.getByRole('button', { name: 'E-mail me a sign-in code' }).click();
        await expect(page.getByLabel('Sign-in code')).toBeVisible();
        await expectAxeCleanAtBothWidths(page, 'the code form');
        await expect.poll(() => mailTo(smtp, OWNER, 'sign-in code is'), { timeout: 10_000 }).toBeDefined();
        const code = /sign-in code is (\d{6})/.exec(mailTo(smtp, OWNER, 'sign-in code is')!.raw)![1]!;
        await page.getByLabel('Sign-in code').fill(code);
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
      });

      if (server.instances.length > 1) {
        await test.step('every instance honours the session', async () => {
          for (const instance of server.instances) {
            const answer = await page.request.get(`${instance.url.replace('127.0.0.1', 'localhost')}/inbox/api/session`);
            expect((await answer.json()).user?.email).toBe(OWNER);
          }
        });
      }
    });
  });
}
