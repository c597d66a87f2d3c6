/**
 * Screenshots of the escalation ladder as the business meets it, at 390 and 1280 px, for looking
 * at rather than measuring: "I've got this" on an urgent lead nobody has (in the list and on its
 * page), "Your mobile" on the person's own page, and the owners' "When nobody takes an urgent job"
 * editor. The real app on a temporary SQLite store, served over loopback with the built site
 * (`DIST_DIR`, default `dist/`: `npm run build` first), into `bench/results/screenshots/ladder/`
 * (ignored by git); the page's axe findings are printed:
 *
 *   node bench/screenshots-ladder.ts
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../server/http/app.ts';
import { invite } from '../server/inbox/invite.ts';
import { setMobile } from '../server/storage/ladder-records.ts';
import { startLadder, textLadder } from '../server/dispatch/ladder.ts';
import { createTestStore, formBody, JSON_ACCEPT } from '../tests/support/stores.ts';
import { chromiumArgs, chromiumPath } from '../tests/support/chromium.ts';
import { distDir } from '../tests/support/dist.ts';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'bench', 'results', 'screenshots', 'ladder');
mkdirSync(out, { recursive: true });
const PORT = 4392;
const origin = `http://localhost:${PORT}`;

const t = await createTestStore('sqlite');
const app = await buildApp({ store: t.store, distDir: process.env.DIST_DIR ?? distDir, leadPurposes: [], inbox: { publicOrigin: origin } });
await app.listen({ host: 'localhost', port: PORT });

const owner = (await invite(t.store, { email: 'aroha@kaicool.nz', role: 'owner', publicOrigin: origin }))!;
const other = (await invite(t.store, { email: 'ben@kaicool.nz', role: 'owner', publicOrigin: origin }))!;
await invite(t.store, { email: 'sam@kaicool.nz', role: 'staff', publicOrigin: origin });
await t.store.transact(() => setMobile(other.user.id, '022 444 0202'));

const res = await app.inject({
  method: 'POST',
  url: '/',
  headers: JSON_ACCEPT,
  payload: formBody({ contact_name: 'Mere Tane', company_name: 'Wellington Kai Bar', city: 'Wellington', notes: 'Walk-in chiller at 9 °C.' }),
});
if (res.statusCode !== 200) throw new Error(`POST /: ${res.statusCode}`);
const lead = (await t.store.listLeads()).at(-1)!.id;
textLadder(true);
await t.store.transact(() => startLadder(lead, 'nobody_covers'));

const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
async function axeFindings(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axe });
  const found = (await page.evaluate(
    async () => (await (window as unknown as { axe: { run: () => Promise<{ violations: { id: string }[] }> } }).axe.run()).violations,
  )) as {
    id: string;
  }[];
  return found.map((v) => v.id);
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
// Axe is added to the page by script, which the inbox's CSP would refuse.
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce', bypassCSP: true });
const page = await context.newPage();
await page.goto(owner.link);
await page.getByRole('button', { name: 'Continue' }).click();
await page
  .getByRole('link', { name: /Mere Tane/ })
  .first()
  .waitFor();
for (const width of [390, 1280]) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await page.goto(`${origin}/inbox/`);
  await page.getByRole('button', { name: /I’ve got this: Mere Tane/ }).waitFor();
  await page.screenshot({ path: join(out, `list-got-this-${width}.png`) });
  await page.goto(`${origin}/inbox/?lead=${lead}`);
  await page.getByRole('button', { name: 'I’ve got this' }).waitFor();
  await page.screenshot({ path: join(out, `lead-got-this-${width}.png`) });
  console.log(`${width} px lead page axe: ${(await axeFindings(page)).join(', ') || 'none'}`);
  await page.goto(`${origin}/inbox/?page=people`);
  await page.getByRole('heading', { name: 'When nobody takes an urgent job' }).waitFor();
  await page.getByRole('button', { name: 'Add a step' }).click();
  await page.getByRole('form', { name: 'When nobody takes an urgent job' }).screenshot({ path: join(out, `ladder-editor-${width}.png`) });
  console.log(`${width} px people page axe: ${(await axeFindings(page)).join(', ') || 'none'}`);
  await page.goto(`${origin}/inbox/?page=passkeys`);
  await page.getByRole('heading', { name: 'Your mobile' }).waitFor();
  await page.getByRole('form', { name: 'Your mobile' }).screenshot({ path: join(out, `your-mobile-${width}.png`) });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  console.log(`${width} px: ${wide ? 'sticks out sideways' : 'fits'}`);
}
// The press itself, at a phone's width: the button gives way to "You have this job".
await page.setViewportSize({ width: 390, height: 844 });
await page.goto(`${origin}/inbox/?lead=${lead}`);
await page.getByRole('button', { name: 'I’ve got this' }).click();
await page.getByText('You have this job').waitFor();
await page.screenshot({ path: join(out, 'lead-acknowledged-390.png') });
await browser.close();
await app.close();
await t.cleanup();
console.log(`screenshots in ${out}`);
