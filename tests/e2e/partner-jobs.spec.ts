/**
 * The partner's "Your jobs" page on a phone (390 px) in Chromium, against the real server with the
 * built site: from a job page's "Your jobs" link, a technician puts themselves on call with
 * "Tonight until 7:00" (that link lists jobs but opens none), then opens the job from the list the
 * owner's own link shows; axe clean at each step, with screenshots
 * in bench/results/screenshots/partner-jobs/.
 */
import { test, expect } from './fixtures.ts';
import { formBody } from '../support/stores.ts';
import { addHamiltonTechnician, offerWithLink } from '../support/partners.ts';
import { partnerById } from '../../server/storage/partner-records.ts';
import { tonightUntil } from '../../server/partners/on-call-times.ts';
import { expectAxeClean } from './helpers.ts';
import { renewPage } from '../../server/storage/partner-pages.ts';
import { partnerJobsUrl } from '../../server/partners/partner-links.ts';
import { partnerWords } from '../../server/partners/partner-words.ts';
import { randomToken, secretHash } from '../../server/security/secrets.ts';

const w = partnerWords.jobs;

const shots = 'bench/results/screenshots/partner-jobs';

test.describe('the partner’s jobs page', () => {
  test('a technician sets “Tonight until 7:00” and opens a job from their list', async ({ page, server }) => {
    const posted = await page.request.post(`${server.url}/`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      data: formBody({ contact_name: 'Aroha Jobs Page' }),
    });
    expect(posted.ok()).toBe(true);
    // The server may hold other specs' leads and partners: this one's lead by its name, a partner of its own.
    const lead = (await server.store.store.listLeads()).find((l) => l.contact_name === 'Aroha Jobs Page');
    const partner = await addHamiltonTechnician(server.store.store, 'Kahu Refrigeration', 'kahu@kahurefrigeration.co.nz', { on_call: false });
    const { token } = await offerWithLink(server.store.store, lead!.id, partner.id);

    await page.setViewportSize({ width: 390, height: 844 });
    // The job link as e-mailed: Continue shows the job, with the way to their page above it.
    await page.goto(`${server.origin}/partner/offer?t=${token}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('button', { name: 'Accept job' })).toBeVisible();
    await page.getByRole('link', { name: 'Your jobs' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Your jobs' })).toBeVisible();
    await expect(page.getByText('For Kahu Refrigeration')).toBeVisible();
    await expect(page.getByText('Not on call', { exact: true })).toBeVisible();
    await expect(page.getByText('Aroha Jobs Page')).toHaveCount(0);
    await expect(page.getByLabel('On call until')).toHaveAttribute('type', 'datetime-local');
    await expectAxeClean(page, 'the jobs page');
    await page.screenshot({ path: `${shots}/jobs-page-390.png`, fullPage: true });

    const jobsUrl = page.url();
    const before = new Date();
    await page.getByRole('button', { name: 'Tonight until 7:00' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Saved: you are on call until .* 7:00 am/ })).toBeVisible();
    const until = (await server.store.store.read(() => partnerById(partner.id)))!.on_call_until;
    expect([tonightUntil(before).getTime(), tonightUntil(new Date()).getTime()]).toContain(until);
    await expectAxeClean(page, 'the jobs page once on call');
    await page.screenshot({ path: `${shots}/jobs-page-on-call-390.png`, fullPage: true });

    // Opened again later, the page says where they stand; made from one job's link, it lists the jobs but opens none.
    await page.goto(jobsUrl);
    await expect(page.getByText(/^On call until .* 7:00 am/)).toBeVisible();
    const listed = page.getByRole('region', { name: 'Offers waiting for you' });
    await expect(listed.getByRole('heading', { name: 'Repair · Hamilton' })).toBeVisible();
    await expect(listed.getByText(w.openFromMessage)).toBeVisible();
    await expect(listed.getByRole('button', { name: /Open the job/ })).toHaveCount(0);

    // The owner's own link to their page (a renewal, as the inbox makes it) opens the job from the list.
    const renewed = await server.store.store.transact(() => renewPage(partner.id, randomToken, secretHash));
    if (!renewed.ok) throw new Error('the partner’s page was not renewed');
    await page.goto(partnerJobsUrl(server.origin, renewed.token));
    const offers = page.getByRole('region', { name: 'Offers waiting for you' });
    await expect(offers.getByText('Accept by')).toBeVisible();
    await offers.getByRole('button', { name: 'Open the job: Repair · Hamilton' }).click();
    await expect(page).toHaveURL(/\/partner\/offer\?t=/);
    expect(new URL(page.url()).searchParams.get('t')).not.toBe(token);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Accept job' }).click();
    await expect(page.getByText('Aroha Jobs Page', { exact: true })).toBeVisible();
    await expectAxeClean(page, 'the job opened from the jobs page');
    await page.screenshot({ path: `${shots}/job-opened-390.png`, fullPage: true });

    // Back on their page, the job is theirs now.
    await page.getByRole('link', { name: 'Your jobs' }).click();
    await expect(page.getByRole('region', { name: 'Jobs you have' }).getByRole('heading', { name: 'Repair · Hamilton' })).toBeVisible();
    await expect(page.getByText('No job offers are waiting for you.')).toBeVisible();
    await page.screenshot({ path: `${shots}/jobs-page-held-390.png`, fullPage: true });
  });

  test('an owner gives a partner a new link to their page, shown once, and turns the page off', async ({ page, server, signIn }) => {
    const partner = await addHamiltonTechnician(server.store.store, 'Tui Cooling', 'office@tuicooling.co.nz', { on_call: false });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    await page.setViewportSize({ width: 390, height: 900 });
    await signIn(page, 'owner', { email: 'jobs-owner@example.nz' });
    await page.getByRole('link', { name: 'Partners' }).click();
    const row = page
      .getByRole('list', { name: 'Your partners' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /Tui Cooling/ }) });
    await expect(row).toContainText('Your jobs page: on');

    await row.getByRole('button', { name: 'New link to the jobs page of Tui Cooling' }).click();
    const link = row.getByLabel('New link for Tui Cooling');
    await expect(link).toHaveValue(/\/partner\/jobs\?t=[\w-]{40,}$/);
    await expect(row).toContainText('Links to their jobs page sent before, in e-mails too, have stopped working.');
    await row.getByRole('button', { name: 'Copy link' }).click();
    await expect(row.getByRole('button', { name: 'Copied' })).toBeVisible();
    const url = await link.inputValue();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expectAxeClean(page, 'the new link');
    await row.screenshot({ path: `${shots}/inbox-new-link-390.png` });

    // The link opens the partner's page; once the page is turned off it opens nothing.
    expect((await page.request.get(url)).status()).toBe(200);
    await row.getByRole('button', { name: 'Turn off the jobs page of Tui Cooling' }).click();
    await expect(row).toContainText('The jobs page of Tui Cooling is off');
    await expect(row).toContainText('Your jobs page: turned off');
    await expect(row.getByLabel('New link for Tui Cooling')).toHaveCount(0);
    expect((await page.request.get(url)).status()).toBe(404);
    expect((await server.store.store.read(() => partnerById(partner.id)))!.page_revoked).toBe(true);
    await expectAxeClean(page, 'the page turned off');
  });
});
