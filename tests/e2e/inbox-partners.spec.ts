/**
 * The inbox's Partners page in Chromium as an owner uses it on a phone, with no terminal: the
 * spreadsheet uploaded from the page (a bad file refused with its line named, then the good one), a
 * partner added with the form (announced, and focus moved to them), paused (one badge: Paused) and
 * removed, every button naming its partner; who is on call now and until when, and the cities no one
 * on call covers; texts ticked for a partner, refused at the phone field until it is a mobile; the
 * order on-call partners are tried in; a staff member offered no upload and refused by the server;
 * axe at 390 px and 1280 px, with screenshots.
 */
import { addDays, nzInstant, nzParts } from '../../core/nz-time.ts';
import { run } from '../../server/storage/steps.ts';
import { replyFrom } from '../../server/dispatch/text-replies.ts';
import { answerWords } from '../../server/partners/partner-words.ts';
import { test, expect } from './fixtures.ts';
import { expectAxeCleanAtBothWidths } from './helpers.ts';

const sheet = new URL('../fixtures/partners.csv', import.meta.url).pathname;
const HEADER = 'name,email,phone,kind,regions,services,on_call';
const SHOTS = 'bench/results/screenshots';
const TEXT_SHOTS = `${SHOTS}/inbox-texts`;
const NOT_MOBILE = 'Texts need a New Zealand mobile number, such as 021 123 4567. Enter their mobile, or untick Text messages.';

test.describe('the Partners page', () => {
  test('an owner uploads the spreadsheet, adds, pauses and removes partners on a phone', async ({ page, server, signIn }) => {
    // About 55 s alone (four views checked by axe at two widths): twice that when the site editor's
    // builds share the machine.
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 900 });
    await signIn(page, 'owner');
    await page.getByRole('link', { name: 'Partners' }).click();
    await expect(page.getByRole('heading', { name: 'Partners', level: 1 })).toBeVisible();
    // Nothing asks the owner to open a terminal.
    await expect(page.getByRole('main')).not.toContainText('npm run');

    const upload = page.getByRole('region', { name: 'Import your spreadsheet' });
    await expect(upload).toContainText(HEADER);
    await upload.getByLabel('CSV file').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${HEADER}\nGood One,good1@x.nz,,technician,Hamilton,Repair,yes\nBad,bad@x.nz,,plumber,Hamilton,Repair,no\n`),
    });
    await upload.getByRole('button', { name: 'Import partners' }).click();
    await expect(upload.getByRole('alert')).toContainText('Nothing was imported. Line 3: the kind must be one of supplier, technician, both');
    await expect(page.getByRole('heading', { name: /Good One/ })).toHaveCount(0);
    await upload.getByLabel('CSV file').setInputFiles(sheet);
    await upload.getByRole('button', { name: 'Import partners' }).click();
    await expect(upload.getByRole('status')).toHaveText('Imported 4 partners from partners.csv: 4 added, 0 updated.');
    await expect(upload.getByRole('alert')).toBeEmpty();
    await expect(page.getByRole('heading', { name: /Waikato Cooling/ })).toBeVisible();
    expect((await server.cli('partners', 'list')).stdout).toContain('Kai Refrigeration, Ltd');

    // One badge each: the two on call say so, the others say they are not.
    const partners = page.getByRole('list', { name: 'Your partners' });
    const row = (name: string) => partners.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(name) }) });
    await expect(row('Waikato Cooling').getByRole('heading')).toHaveText('Waikato Cooling On call');
    await expect(row('Southern Supply').getByRole('heading')).toHaveText('Southern Supply Not on call');

    // The order urgent work tries the on-call partners in: never offered first, then by name.
    const order = page.getByRole('list', { name: 'On-call partners in the order they are tried' });
    const turns = async () => (await order.getByRole('listitem').allTextContents()).map((t) => t.split(' – ')[0]);
    await expect.poll(turns).toEqual(expect.arrayContaining(['Hamilton Fridge Fix', 'Waikato Cooling']));
    expect((await turns()).indexOf('Hamilton Fridge Fix')).toBeLessThan((await turns()).indexOf('Waikato Cooling'));
    await expect(order.getByRole('listitem').filter({ hasText: 'Waikato Cooling' })).toContainText('not offered a job yet');
    expect(await turns()).not.toContain('Southern Supply');

    // Texts: on by default for the on-call technician with a mobile, off for the one with a landline.
    await expect(row('Hamilton Fridge Fix')).toContainText('Texts on');
    await expect(row('Waikato Cooling')).toContainText('Texts off');

    // Who is on call now and until when, and the cities nobody on call covers.
    const roster = page.getByRole('region', { name: 'On call now' });
    const onCallNow = roster.getByRole('list', { name: 'Partners on call now' });
    await expect(onCallNow.getByRole('listitem').filter({ hasText: 'Hamilton Fridge Fix' })).toContainText('Hamilton Fridge Fix until switched off');
    const gaps = roster.getByRole('list', { name: 'Cities with no one on call now' });
    await expect(gaps.getByRole('listitem').filter({ hasText: 'Dunedin' })).toHaveText('No one on call for Dunedin');
    await expect(gaps).not.toContainText('for Hamilton');
    await expect(gaps).not.toContainText('for Tauranga');
    // Waikato Cooling sets their own time: on call until 7 tomorrow morning.
    const sevenTomorrow = nzInstant(addDays(nzParts(new Date()).date, 1), 7 * 60).getTime();
    await server.store.store.transact(() => run("UPDATE partners SET on_call_until = ? WHERE email = 'jobs@waikatocooling.co.nz'", sevenTomorrow));
    await page.reload();
    await expect(onCallNow.getByRole('listitem').filter({ hasText: 'Waikato Cooling' })).toContainText('Waikato Cooling until 7:00 am tomorrow');

    // Hamilton Fridge Fix replies STOP: texts off, said in their row, until the owner ticks Text messages again.
    await server.store.store.transact(() => replyFrom('021 555 0199', 'stop', answerWords, false));
    await page.reload();
    const fridgeFix = row('Hamilton Fridge Fix');
    await expect(fridgeFix).toContainText(/Replied STOP on .+: no texts until they reply START\./);
    await expect(fridgeFix).toContainText('Texts off');
    await fridgeFix.getByRole('button', { name: 'Edit Hamilton Fridge Fix', exact: true }).click();
    await fridgeFix.getByRole('checkbox', { name: 'Text messages' }).check();
    await fridgeFix.getByRole('button', { name: 'Save changes to Hamilton Fridge Fix', exact: true }).click();
    await expect(fridgeFix).toContainText('Texts on');
    await expect(fridgeFix).not.toContainText('Replied STOP');

    await expectAxeCleanAtBothWidths(page, 'the Partners page');
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: `${SHOTS}/inbox-partners-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: 'test-results/partners-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 900 });

    const form = page.getByRole('region', { name: 'Add a partner' });
    await form.getByLabel('Name').fill('Otago Chill');
    await form.getByLabel('E-mail').fill('jobs@otagochill.nz');
    await form.getByLabel('Kind').selectOption('technician');
    await form.getByRole('group', { name: 'Regions they cover' }).getByLabel('Dunedin').check();
    await form.getByRole('group', { name: 'Services they do' }).getByLabel('Repair').check();
    await form.getByLabel('On call for urgent work').check();
    // Texts ticked without a mobile: said at the phone field, where focus goes, and nothing is sent.
    const texts = form.getByRole('checkbox', { name: 'Text messages' });
    await expect(texts).not.toBeChecked();
    await texts.check();
    await expect(texts).toHaveAccessibleDescription('Urgent jobs are also texted to their mobile; they reply YES or NO.');
    await form.getByRole('button', { name: 'Add partner' }).click();
    const phone = form.getByLabel('Phone (optional)');
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription(NOT_MOBILE);
    await expect(page.getByRole('heading', { name: /Otago Chill/ })).toHaveCount(0);
    await phone.fill('03 555 0100');
    await expect(phone).toHaveAccessibleDescription(NOT_MOBILE);
    await expectAxeCleanAtBothWidths(page, 'the Partners page with a phone that takes no texts');
    await page.setViewportSize({ width: 390, height: 900 });
    await form.screenshot({ path: `${TEXT_SHOTS}/partner-form-not-mobile-390.png` });
    await phone.fill('027 555 0123');
    await expect(phone).not.toHaveAttribute('aria-invalid');
    await form.getByRole('button', { name: 'Add partner' }).click();
    // Said, and shown: focus moves to the partner just added.
    await expect(page.getByRole('status').filter({ hasText: 'Otago Chill is added to your partners.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Otago Chill/ })).toBeFocused();
    const otago = row('Otago Chill');
    await expect(otago).toContainText('Technician · Dunedin · Repair');
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(order).toContainText('Otago Chill');
    await expect(otago).toContainText('Texts on');
    // On call for Dunedin now: the gap is gone.
    await expect(onCallNow.getByRole('listitem').filter({ hasText: 'Otago Chill' })).toContainText('Otago Chill until switched off');
    await expect(gaps).not.toContainText('Dunedin');
    await expectAxeCleanAtBothWidths(page, 'the Partners page with the roster');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${TEXT_SHOTS}/partners-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 390, height: 900 });

    // The same e-mail again is refused with the server's sentence.
    await form.getByLabel('Name').fill('Otago Twice');
    await form.getByLabel('E-mail').fill('jobs@otagochill.nz');
    await form.getByRole('group', { name: 'Regions they cover' }).getByLabel('Dunedin').check();
    await form.getByRole('group', { name: 'Services they do' }).getByLabel('Repair').check();
    await form.getByRole('button', { name: 'Add partner' }).click();
    await expect(form.getByRole('alert')).toContainText('already on the list');

    // Every button of the list names its partner.
    for (const name of await partners.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent)))
      expect(name).toMatch(/^(Edit|Pause|Resume|Remove) \S|^(New link to|Turn off) the jobs page of \S/);

    await otago.getByRole('button', { name: 'Pause Otago Chill', exact: true }).click();
    // Paused, and only that: not "On call" beside it; no longer tried for urgent work.
    await expect(otago.getByRole('heading')).toHaveText('Otago Chill Paused');
    await expect(order).not.toContainText('Otago Chill');
    await expect(otago.getByRole('button', { name: 'Resume Otago Chill', exact: true })).toBeVisible();
    await otago.getByRole('button', { name: 'Edit Otago Chill', exact: true }).click();
    await expect(otago.getByRole('checkbox', { name: 'Text messages' })).toBeChecked();
    await otago.getByLabel('Phone (optional)').fill('03 555 0100');
    await expect(otago.getByRole('button', { name: 'Cancel editing Otago Chill', exact: true })).toBeVisible();
    // A landline with texts still on is refused at the phone; unticked, it is saved.
    await otago.getByRole('button', { name: 'Save changes to Otago Chill', exact: true }).click();
    await expect(otago.getByLabel('Phone (optional)')).toHaveAccessibleDescription(NOT_MOBILE);
    await otago.getByRole('checkbox', { name: 'Text messages' }).uncheck();
    await otago.getByRole('button', { name: 'Save changes to Otago Chill', exact: true }).click();
    await expect(otago).toContainText('03 555 0100');
    await expect(otago).toContainText('Texts off');
    await expectAxeCleanAtBothWidths(page, 'the Partners page after changes');

    await otago.getByRole('button', { name: 'Remove Otago Chill', exact: true }).click();
    const confirm = otago.getByRole('group', { name: 'Remove Otago Chill from your partners?' });
    await expect(confirm.getByRole('button', { name: 'Keep Otago Chill', exact: true })).toBeVisible();
    await confirm.getByRole('button', { name: 'Remove Otago Chill', exact: true }).click();
    await expect(page.getByRole('heading', { name: /Otago Chill/ })).toHaveCount(0);
    expect((await server.cli('partners', 'list')).stdout).not.toContain('Otago');
  });

  test('a staff member reads the partners and the order, is offered no upload, and the server refuses one', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await signIn(page, 'staff', { email: 'partners-staff@example.nz' });
    await page.getByRole('link', { name: 'Partners' }).click();
    await expect(page.getByRole('heading', { name: 'Who is tried first for urgent work' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Import your spreadsheet' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Add a partner' })).toHaveCount(0);
    const answer = await page.evaluate(async (csv) => {
      const { csrfToken } = (await (await fetch('/inbox/api/session')).json()) as { csrfToken: string };
      const res = await fetch('/inbox/api/partners/import', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
        body: JSON.stringify({ csv }),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    }, `${HEADER}\nStaff Partner,staff-partner@x.nz,,technician,Hamilton,Repair,yes\n`);
    expect(answer).toEqual({ status: 403, body: { error: 'Only an owner can do that.' } });
    await expect(page.getByRole('heading', { name: /Staff Partner/ })).toHaveCount(0);
    await expectAxeCleanAtBothWidths(page, 'the Partners page for staff');
  });
});
