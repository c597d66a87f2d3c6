/**
 * The inbox's Partners page in Chromium as an owner uses it on a phone: the spreadsheet imported
 * with the CLI, a partner added with the form, paused and removed; axe at 390 px and 1280 px, with
 * screenshots of both widths.
 */
import { test, expect } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startServerAtOwnOrigin, type OriginServer } from '../support/server-process.ts';
import { createTestStore, type TestStore } from '../support/stores.ts';
import { expectAxeCleanAtBothWidths } from './helpers.ts';

const cli = new URL('../../server/cli.ts', import.meta.url).pathname;
const sheet = new URL('../fixtures/partners.csv', import.meta.url).pathname;

test.describe('the Partners page', () => {
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

  test('an owner imports, adds, pauses and removes partners on a phone', async ({ page }) => {
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, [cli, ...args], { env: { ...process.env, DATABASE_URL: t.url, PUBLIC_ORIGIN: origin }, encoding: 'utf8' });
    expect((await run('partners', 'import', sheet)).stdout).toContain('4 added');
    const added = await run('users', 'add', 'owner@example.nz', '--role', 'owner');
    const link = /(http:\/\/localhost:\d+\/inbox\/\?link=\S+)/.exec(added.stdout)![1]!;

    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(link);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Not now' }).click();
    await page.getByRole('link', { name: 'Partners' }).click();
    await expect(page.getByRole('heading', { name: 'Partners', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Waikato Cooling/ })).toBeVisible();
    await expectAxeCleanAtBothWidths(page, 'the Partners page');
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: 'test-results/partners-390.png', fullPage: true });
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
    await form.getByRole('button', { name: 'Add partner' }).click();
    const otago = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Otago Chill/ }) });
    await expect(otago).toContainText('Technician · Dunedin · Repair');
    await expect(form.getByLabel('Name')).toHaveValue('');

    // The same e-mail again is refused with the server's sentence.
    await form.getByLabel('Name').fill('Otago Twice');
    await form.getByLabel('E-mail').fill('jobs@otagochill.nz');
    await form.getByRole('group', { name: 'Regions they cover' }).getByLabel('Dunedin').check();
    await form.getByRole('group', { name: 'Services they do' }).getByLabel('Repair').check();
    await form.getByRole('button', { name: 'Add partner' }).click();
    await expect(form.getByRole('alert')).toContainText('already on the list');

    await otago.getByRole('button', { name: 'Pause' }).click();
    await expect(otago.getByRole('heading')).toContainText('Paused');
    await otago.getByRole('button', { name: 'Edit Otago Chill' }).click();
    await otago.getByLabel('Phone (optional)').fill('03 555 0100');
    await otago.getByRole('button', { name: 'Save changes' }).click();
    await expect(otago).toContainText('03 555 0100');
    await expectAxeCleanAtBothWidths(page, 'the Partners page after changes');

    await otago.getByRole('button', { name: 'Remove' }).click();
    await otago.getByRole('group', { name: 'Remove Otago Chill from your partners?' }).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('heading', { name: /Otago Chill/ })).toHaveCount(0);
    expect((await run('partners', 'list')).stdout).not.toContain('Otago');
  });
});
