/**
 * A lead's Partners section in Chromium on a phone (390 px), against the real server with the built
 * site and a real SMTP peer: a planned Dunedin installation suggests the Dunedin partner and nobody
 * else, "Offer to NAME" e-mails that partner once, and their "Decline" on the partner page shows on
 * the lead; an offer withdrawn from the lead leaves the partner's link showing nothing of the
 * customer; a job a partner accepted shows who holds it, with their phone, in the list and on the
 * lead, and can be taken back (after a confirmation) and offered again within the window chosen;
 * "On site" stops an urgent lead's attend clock. Axe clean at each step, with screenshots.
 */
import type { Page } from '@playwright/test';
import { parseMail, waitFor, type SmtpPeer } from '../support/peers.ts';
import { formBody } from '../support/stores.ts';
import { clockDay } from '../../src/inbox/time.ts';
import { serverOptions, test, expect, type TestServer } from './fixtures.ts';
import { expectAxeClean } from './helpers.ts';

const sheet = new URL('../fixtures/partners.csv', import.meta.url).pathname;
const DUNEDIN_PARTNER = 'sales@southernsupply.co.nz';
const SHOTS = 'bench/results/screenshots';
/** The sheet's on-call partners covering Hamilton repairs: automatic dispatch offers an urgent one to either. */
const HAMILTON_PARTNERS = [
  { name: 'Waikato Cooling', email: 'jobs@waikatocooling.co.nz', phone: '07 555 0101', tel: 'tel:075550101' },
  { name: 'Hamilton Fridge Fix', email: 'call@hamiltonfridgefix.co.nz', phone: '021 555 0199', tel: 'tel:0215550199' },
];

test.use({ serverOptions: serverOptions({ smtp: true, env: { OUTBOX_POLL_INTERVAL: '500' } }) });

/** The first offer e-mail to one of `partners` about the lead whose project details hold `marker`: to whom, and its link. */
async function offerMail<P extends { email: string }>(smtp: SmtpPeer, partners: P[], marker: string): Promise<{ partner: P; link: string }> {
  return waitFor(
    async () => {
      for (const mail of smtp.messages) {
        const partner = partners.find((p) => mail.to.some((to) => to.toLowerCase() === p.email));
        if (!partner) continue;
        const text = (await parseMail(mail)).text ?? '';
        const link = /(http:\/\/localhost:\d+\/partner\/offer\?t=[\w-]+)/.exec(text)?.[1];
        if (link && text.includes(marker)) return { partner, link };
      }
      return undefined;
    },
    { what: `the offer e-mail about ${marker}`, timeoutMs: 20_000 },
  );
}

/** The partner presses a button on their job page: the form post the page makes, from the page's own origin. */
async function partnerAnswers(page: Page, server: TestServer, link: string, action: 'view' | 'accept' | 'on_site') {
  const token = new URL(link).searchParams.get('t')!;
  const answered = await page.request.post(`${server.origin}/partner/offer`, {
    // "On site" asks to confirm first: this is the confirming press.
    form: action === 'on_site' ? { t: token, action, confirm: 'yes' } : { t: token, action },
    headers: { origin: server.origin },
  });
  expect(answered.ok()).toBe(true);
  return answered.text();
}

/** The lead's offers as the inbox's API gives them, with the signed-in page's session. */
async function offersOf(page: Page, server: TestServer, leadId: string) {
  const answer = await page.request.get(`${server.origin}/inbox/api/leads/${leadId}/partners`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { offers: { partner_name: string; created_at: number; expires_at: number }[] }).offers;
}

test.describe("a lead's partners", () => {
  test('a planned Dunedin installation is offered to the Dunedin partner, who declines', async ({ page, server, signIn }) => {
    test.setTimeout(120_000);
    const smtp = server.smtp!;
    await server.cli('partners', 'import', sheet);
    const posted = await page.request.post(`${server.origin}/`, {
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
    await signIn(page, 'owner');
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

  test('an offer withdrawn from the lead leaves its link showing nothing of the customer', async ({ page, server, signIn }) => {
    test.setTimeout(120_000);
    const smtp = server.smtp!;
    await server.cli('partners', 'import', sheet);
    const posted = await page.request.post(`${server.origin}/`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      data: formBody({ contact_name: 'Tui Withdrawn', service_type: 'Maintenance', site_type: 'New build', timeframe: 'Planning stage' }),
    });
    expect(posted.ok()).toBe(true);
    await page.setViewportSize({ width: 390, height: 900 });
    await signIn(page, 'staff', { email: 'withdrawer@example.nz' });
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
    // An ended offer says so at once, before any Continue.
    await expect(partnerPage.getByText('This job is no longer offered.')).toBeVisible();
    await expect(partnerPage.getByRole('button', { name: 'Accept job' })).toHaveCount(0);
    await expect(partnerPage.locator('body')).not.toContainText('Tui Withdrawn');
    await partnerPage.close();
  });

  test("an urgent lead shows the time left to attend in the list and 'Attend by' on the lead, until the partner holding it is on site", async ({
    page,
    server,
    signIn,
  }) => {
    test.setTimeout(120_000);
    // On-call partners for Hamilton repairs: the urgent lead is offered to one of them at once.
    await server.cli('partners', 'import', sheet);
    // A Hamilton repair call-out: urgent, with six hours to attend.
    const posted = await page.request.post(`${server.origin}/`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      data: formBody({ contact_name: 'Aroha Urgent', notes: 'The Arohachiller reads 11 degrees.' }),
    });
    expect(posted.ok()).toBe(true);
    const planned = await page.request.post(`${server.origin}/`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      data: formBody({ contact_name: 'Piri Planned', timeframe: 'Planning stage', site_type: 'New build' }),
    });
    expect(planned.ok()).toBe(true);
    await page.setViewportSize({ width: 390, height: 900 });
    await signIn(page, 'staff');
    const row = page.getByRole('link', { name: /Aroha Urgent/ });
    await expect(row).toContainText(/(5 h 5\d min|6 h) left to attend/);
    await expect(page.getByRole('link', { name: /Piri Planned/ })).not.toContainText('left to attend');
    await expectAxeClean(page, 'the list with an urgent lead');
    await row.click();
    await expect(page.getByText(/^Attend by /)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Aroha Urgent' })).toContainText(/left to attend/);
    await expectAxeClean(page, 'an urgent lead');
    await page.screenshot({ path: 'test-results/lead-attend-by-390.png' });

    // The on-call partner it was offered to accepts it and, a minute later, is on site.
    const { partner, link } = await offerMail(server.smtp!, HAMILTON_PARTNERS, 'Arohachiller');
    await partnerAnswers(page, server, link, 'accept');
    await partnerAnswers(page, server, link, 'on_site');
    await page.goto(`${server.origin}/inbox/?view=all`);
    const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /Aroha Urgent/ }) });
    // Six hours to attend, on site within a minute or two: the clock has stopped, early.
    await expect(item).toContainText(/On site \d{1,2}:\d\d [ap]m (today|yesterday), (5 h 5\d min|6 h) early/);
    await expect(item).not.toContainText('left to attend');
    await expect(item).toContainText(`${partner.name} holds this job`);
    await expect(item.getByRole('link', { name: `Call ${partner.phone} (${partner.name})` })).toHaveAttribute('href', partner.tel);
    await expectAxeClean(page, 'the list with an urgent lead attended');
    await item.screenshot({ path: `${SHOTS}/inbox-lead-row-on-site-390.png` });
    await item.getByRole('link', { name: /Aroha Urgent/ }).click();
    await expect(page.getByText(`${partner.name} holds this job`).first()).toBeVisible();
    await expect(page.getByText(/^On site .+ early$/).first()).toBeVisible();
    await expectAxeClean(page, 'an urgent lead attended');
    await page.screenshot({ path: `${SHOTS}/inbox-lead-held-on-site-390.png` });
  });

  test('a job a partner holds shows them with their phone, and is taken back and offered again within the window chosen', async ({ page, server, signIn }) => {
    test.setTimeout(120_000);
    const smtp = server.smtp!;
    await server.cli('partners', 'import', sheet);
    // A Hamilton repair, not urgent: both Hamilton partners match and nothing is offered automatically.
    const posted = await page.request.post(`${server.origin}/`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      data: formBody({ contact_name: 'Rua Held', site_type: 'Refit/Upgrade', timeframe: '1–2 weeks', notes: 'The Ruafreezer door seal is torn.' }),
    });
    expect(posted.ok()).toBe(true);
    await page.setViewportSize({ width: 390, height: 900 });
    await signIn(page, 'owner');
    await page.getByRole('link', { name: /Rua Held/ }).click();
    const leadId = new URL(page.url()).searchParams.get('lead')!;
    const section = page.getByRole('region', { name: 'Partners' });

    // "Accept within", 24 hours unless chosen otherwise: 4 hours for this offer.
    const within = section.getByRole('combobox', { name: 'Accept within' });
    await expect(within).toHaveValue('24h');
    await expect(within).toHaveAccessibleDescription(/How long the partner you offer the job to has to accept/);
    await expect(within.getByRole('option')).toHaveText(['15 minutes', '1 hour', '4 hours', '24 hours', '3 days']);
    await within.selectOption({ label: '4 hours' });
    const offered = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/inbox/api/leads/${leadId}/offers`));
    await section.getByRole('button', { name: 'Offer to Waikato Cooling' }).click();
    expect((await offered).postDataJSON()).toMatchObject({ accept_within: '4h' });
    await expect(section.getByRole('status')).toContainText('Offered to Waikato Cooling');
    const first = (await offersOf(page, server, leadId)).find((o) => o.partner_name === 'Waikato Cooling')!;
    expect.soft(first.expires_at - first.created_at, 'the offer waits 4 hours').toBe(4 * 3_600_000);
    await expect(section).toContainText(`Accept by ${clockDay(first.expires_at)}`);

    const { link } = await offerMail(smtp, HAMILTON_PARTNERS.slice(0, 1), 'Ruafreezer');
    await partnerAnswers(page, server, link, 'accept');

    // The list: accepting made the lead Contacted, and its row says who holds the job, their phone a link to call.
    await page.goto(`${server.origin}/inbox/?view=contacted`);
    const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /Rua Held/ }) });
    await expect(item).toContainText('Contacted');
    await expect(item).toContainText('Waikato Cooling holds this job');
    await expect(item.getByRole('link', { name: 'Call 07 555 0101 (Waikato Cooling)' })).toHaveAttribute('href', 'tel:075550101');
    await expectAxeClean(page, 'the list with a held job');
    await item.screenshot({ path: `${SHOTS}/inbox-lead-row-holder-390.png` });

    // The lead: who holds it at the top and in Partners; the other partner cannot be offered it, and says why.
    await item.getByRole('link', { name: /Rua Held/ }).click();
    await expect(page.getByRole('link', { name: 'Call 07 555 0101 (Waikato Cooling)' }).first()).toHaveAttribute('href', 'tel:075550101');
    await expect(section).toContainText('Waikato Cooling holds this job');
    await expect(section.getByRole('link', { name: 'Call 07 555 0101 (Waikato Cooling)' })).toHaveAttribute('href', 'tel:075550101');
    await expect(section).toContainText('Waikato Cooling · Accepted');
    const offerOther = section.getByRole('button', { name: 'Offer to Hamilton Fridge Fix' });
    await expect(offerOther).toBeDisabled();
    await expect(offerOther).toHaveAccessibleDescription('Waikato Cooling holds this job. Take it back to offer it to someone else.');
    await expect(section.getByRole('combobox', { name: 'Accept within' })).toHaveCount(0);
    const takeBack = section.getByRole('button', { name: 'Take the job back from Waikato Cooling' });
    await expect(takeBack).toHaveAccessibleDescription(/Their link stops showing the customer at once/);
    await expectAxeClean(page, 'a held job');
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${SHOTS}/inbox-lead-partners-held-390.png` });

    // Taking it back asks first; Keep leaves the job where it is and focus on the button.
    await takeBack.click();
    const question = section.getByRole('group', { name: /^Take the job back from Waikato Cooling\?/ });
    await expect(question).toBeVisible();
    await expect(question.getByRole('button', { name: 'Keep Waikato Cooling on the job' })).toBeFocused();
    await expectAxeClean(page, 'the take-back question');
    await section.screenshot({ path: `${SHOTS}/inbox-lead-take-back-390.png` });
    await question.getByRole('button', { name: 'Keep Waikato Cooling on the job' }).click();
    await expect(takeBack).toBeFocused();
    await expect(section).toContainText('Waikato Cooling · Accepted');

    await takeBack.click();
    await question.getByRole('button', { name: 'Take it back from Waikato Cooling' }).click();
    await expect(section.getByRole('heading', { name: 'Offers made' })).toBeFocused();
    await expect(section.getByRole('status')).toHaveText('Waikato Cooling no longer holds this job. You can offer it to someone else.');
    await expect(section).toContainText('Nobody holds this job yet.');
    await expect(section).toContainText('Waikato Cooling · Taken back');
    await expect(page.getByRole('link', { name: /\(Waikato Cooling\)$/ })).toHaveCount(0);
    await expectAxeClean(page, 'the job taken back');
    // Their link shows nothing of the customer any more.
    expect(await partnerAnswers(page, server, link, 'view')).not.toContain('Rua Held');

    // Offered again, to the other partner, with an hour to accept.
    await section.getByRole('combobox', { name: 'Accept within' }).selectOption({ label: '1 hour' });
    const offeredAgain = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/inbox/api/leads/${leadId}/offers`));
    await section.getByRole('button', { name: 'Offer to Hamilton Fridge Fix' }).click();
    expect((await offeredAgain).postDataJSON()).toMatchObject({ accept_within: '1h' });
    await expect(section.getByRole('status')).toContainText('Offered to Hamilton Fridge Fix');
    await expect(section).toContainText('Hamilton Fridge Fix · Waiting for an answer');
    const again = (await offersOf(page, server, leadId)).find((o) => o.partner_name === 'Hamilton Fridge Fix')!;
    expect.soft(again.expires_at - again.created_at, 'the offer waits an hour').toBe(3_600_000);
    await expect(section).toContainText(`Accept by ${clockDay(again.expires_at)}`);
    await expectAxeClean(page, 'the job offered again');
  });
});
