/**
 * The job app in Chromium, as the owner meets it on a phone: on the People page a wrong ServiceM8
 * key is refused in ServiceM8's words and the right one connects, shown by its last four characters
 * only; on a lead, one press of "Send to ServiceM8" makes the job in a local stand-in for
 * ServiceM8's API, and the lead then names the job and links to it in ServiceM8's app. axe reports
 * nothing at 390 px or 1280 px; screenshots go to bench/results/screenshots/job-app.
 */
import { parseLead } from '../../core/lead/schema.ts';
import { SERVICEM8_KEY, startFakeJobApps, type FakeJobApps } from '../support/fake-job-apps.ts';
import { serverOptions, test as base, expect } from './fixtures.ts';
import { expectAxeCleanAtBothWidths } from './helpers.ts';

const SHOTS = 'bench/results/screenshots/job-app';

// The stand-in starts before the worker's server, which is pointed at it.
const test = base.extend<object, { jobApps: FakeJobApps }>({
  jobApps: [
    // Playwright reads a fixture's needs from its first parameter's pattern: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const fake = await startFakeJobApps();
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  serverOptions: [
    async ({ jobApps }, use) => use(serverOptions({ env: { SERVICEM8_API_URL: jobApps.servicem8Url, FERGUS_API_URL: jobApps.fergusUrl } })),
    { scope: 'worker' },
  ],
});

test('the owner connects ServiceM8 and sends a lead there in one press', async ({ page, server, signIn, jobApps }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 900 });
  await signIn(page, 'owner');

  await test.step('a wrong key is refused in ServiceM8’s words, the right one connects and shows masked', async () => {
    await page.getByRole('link', { name: 'People' }).click();
    const section = page.getByRole('region', { name: 'Job app' });
    await expect(section.getByText('No job app is connected.')).toBeVisible();
    await section.getByRole('radio', { name: 'ServiceM8' }).check();
    const key = section.getByLabel('ServiceM8 API key');
    await key.fill('smk-not-a-real-key');
    await section.getByRole('button', { name: 'Check and connect ServiceM8' }).click();
    await expect(section.getByText(/^ServiceM8 did not accept that key\./)).toBeVisible();
    await expect(section.getByText(/Connected to ServiceM8/)).toHaveCount(0);
    await key.fill(SERVICEM8_KEY);
    await section.getByRole('button', { name: 'Check and connect ServiceM8' }).click();
    await expect(section.getByText(`Connected to ServiceM8 with the key •••• ${SERVICEM8_KEY.slice(-4)}.`)).toBeVisible();
    await expect(key).toHaveValue('');
    // The key itself is never sent back to the page.
    expect(await page.content()).not.toContain(SERVICEM8_KEY);
    await expectAxeCleanAtBothWidths(page, 'the job app connected');
    await page.screenshot({ path: `${SHOTS}/connected-390.png` });
  });

  await test.step('one press makes the job, and the lead links to it in ServiceM8’s app', async () => {
    const parsed = parseLead({
      contact_name: 'Mere Tamihana',
      work_email: 'mere@example.co.nz',
      phone: '021 555 0142',
      company_name: 'Kai Corner',
      service_type: 'Repair',
      city: 'Hamilton',
      site_street: '12 Grey Street',
      site_suburb: 'Frankton',
      notes: 'The display fridge is running warm at 9°C.',
    });
    const lead = await server.store.store.insertLead(parsed.lead!, { spam: false, purposes: [] });
    await page.goto(`${server.origin}/inbox/`);
    await page.getByRole('link', { name: /Mere Tamihana/ }).click();
    await page.getByRole('button', { name: 'Send to ServiceM8' }).click();
    await expect(page.getByText(/^In ServiceM8 since /)).toBeVisible({ timeout: 20_000 });
    const job = (jobApps.records.get('job') ?? []).at(-1);
    const uuid = String(job?.['uuid']);
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(job?.['job_address']).toContain('12 Grey Street');
    expect(job?.['job_description']).toContain('running warm at 9°C');
    // Named by the number ServiceM8's users see, not its internal id.
    await expect(page.getByText(`ServiceM8 job ${String(job?.['generated_job_id'])}`)).toBeVisible();
    await expect(page.getByText(uuid)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Open the job in the ServiceM8 app on an iPhone or iPad' })).toHaveAttribute(
      'href',
      `com.servicem8://job/${uuid}`,
    );
    // One job, however often the page asks after it.
    await page.reload();
    await expect(page.getByText(/^ServiceM8 job \d+$/)).toBeVisible();
    expect((jobApps.records.get('job') ?? []).length).toBe(1);
    expect(lead.id).toBeTruthy();
    await expectAxeCleanAtBothWidths(page, 'a lead sent to ServiceM8');
    const card = page.getByRole('region', { name: 'Job app' });
    await card.screenshot({ path: `${SHOTS}/sent-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/sent-1280.png` });
  });
});
