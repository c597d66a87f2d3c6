/**
 * Screenshots of the partner's job page in each state a held job passes through (offered,
 * accepted, on the way, on site, done, handed back, and the hand back asking for its reason) and
 * of "Your jobs" with each job's state, at 390 px and 1280 px, for looking at them. Serves the
 * built site (`npm run build` first; a copy of it, so nothing is built again) with the lead server on a fresh SQLite database and writes
 * whole-page PNGs into `bench/results/screenshots/partner-jobs/` (ignored by git).
 *
 *   node bench/screenshots-partner-jobs.ts
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startServerAtOwnOrigin } from '../tests/support/server-process.ts';
import { chromiumArgs, chromiumPath } from '../tests/support/chromium.ts';
import { distDir } from '../tests/support/dist.ts';
import { formBody, JSON_ACCEPT } from '../tests/support/stores.ts';
import { addHamiltonTechnician, offerWithLink } from '../tests/support/partners.ts';
import { createStore } from '../server/storage/open-store.ts';
import { renewPage } from '../server/storage/partner-pages.ts';
import { randomToken, secretHash } from '../server/security/secrets.ts';
import { partnerJobsUrl, partnerOfferUrl } from '../server/partners/partner-links.ts';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'bench', 'results', 'screenshots', 'partner-jobs');
mkdirSync(out, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), 'shots-partner-'));
const databaseUrl = join(dataDir, 'leads.sqlite');
// A copy of the built site as it is: the server then serves it rather than building the site again
// (the working tree's sources are newer than dist/ whenever anyone is editing them).
const site = join(dataDir, 'dist');
cpSync(distDir, site, { recursive: true });
const server = await startServerAtOwnOrigin({ DIST_DIR: site, DATABASE_URL: databaseUrl });
const store = createStore(databaseUrl);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });

/** An urgent request; `round` keeps each width's apart (the same form posted again is the same lead). */
async function urgentLead(fields: Record<string, string>, round: number): Promise<string> {
  const res = await fetch(`${server.origin}/`, { method: 'POST', headers: JSON_ACCEPT, body: formBody({ ...fields, utm_content: `shots-${round}` }) });
  if (!res.ok) throw new Error(`lead refused: ${res.status}`);
  return (await store.listLeads()).at(-1)!.id;
}

try {
  const ana = await addHamiltonTechnician(store, 'Ana Cooling', 'ana@example.nz', { phone: '021 555 0202', on_call: false });
  const pageToken = randomToken();
  await store.transact(() => renewPage(ana.id, () => pageToken, secretHash));

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    // Each width walks its own jobs through every state: one held to the end, one handed back, one left waiting.
    const lead = await urgentLead(
      {
        site_street: '12 Grey Street',
        site_suburb: 'Frankton',
        access_notes: 'Back door off the service lane; gate code 4821.',
        notes: 'Walk-in chiller at 9 °C and climbing. Compressor clicking.',
      },
      viewport.width,
    );
    const second = await urgentLead(
      { contact_name: 'Tama Rewi', company_name: 'Rewi Butchery', site_suburb: 'Te Rapa', notes: 'Display freezer iced up.' },
      viewport.width,
    );
    const third = await urgentLead(
      { contact_name: 'Aroha Ngata', company_name: 'Ngata Grocer', site_suburb: 'Hillcrest', notes: 'Cool room door seal gone.' },
      viewport.width,
    );
    const job = await offerWithLink(store, lead, ana.id);
    const back = await offerWithLink(store, second, ana.id);
    await offerWithLink(store, third, ana.id);
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    const shot = (name: string) => page.screenshot({ path: join(out, `${name}-${viewport.width}.png`), fullPage: true });
    const open = async (token: string) => {
      const res = await page.goto(partnerOfferUrl(server.origin, token));
      if (!res?.ok()) throw new Error(`${res?.status()}: ${(await page.textContent('main')) ?? ''}`);
      // An ended offer says so at once; a live one asks for a press first.
      const next = page.getByRole('button', { name: 'Continue' });
      if (await next.count()) await next.click();
    };
    const pressed = async (p: Page, name: string) => {
      await p.getByRole('button', { name, exact: true }).first().click();
      await p.waitForLoadState();
    };
    await open(job.token);
    await shot('1-offered');
    await pressed(page, 'Accept job');
    await shot('2-accepted');
    await pressed(page, 'In 30 minutes');
    await shot('3-on-my-way');
    await pressed(page, 'On site');
    await pressed(page, 'Yes, I’m on site');
    await shot('4-on-site');
    await pressed(page, 'Job done');
    await shot('5-done-asked');
    await pressed(page, 'Yes, the job is done');
    await shot('6-done');
    await open(back.token);
    await pressed(page, 'Accept job');
    // The browser asks for the reason before anything is sent.
    await pressed(page, 'Hand the job back');
    await shot('7-hand-back-needs-reason');
    await page.getByLabel('Why can’t you do it? (needed, a few words)').fill('Van broke down on the expressway.');
    await pressed(page, 'Hand the job back');
    await shot('8-handed-back');
    await page.goto(partnerJobsUrl(server.origin, pageToken));
    await shot('9-your-jobs');
    await context.close();
  }
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  await store.close();
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
