/**
 * Screenshots of what the owner acts on after a night: an urgent lead whose offers lapsed (its site
 * address, access notes and map link first; every partner who covers it, those tried marked with
 * what happened, ready to be offered again for 15 minutes) and the Reports' first screen with the
 * North star (someone committed within 5 minutes; on site by the promised time), at 390 and
 * 1280 px, for looking at rather than measuring. The real app on a temporary SQLite store, served
 * over loopback with the built site (`DIST_DIR`, default `dist/`: `npm run build` first), into
 * `bench/results/screenshots/owner-acts/` (ignored by git):
 *
 *   node bench/screenshots-lead-and-reports.ts
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/http/app.ts';
import { invite } from '../server/inbox/invite.ts';
import { addPartner } from '../server/storage/partner-records.ts';
import { makeOffer, offerEnded } from '../server/dispatch/partner-offers.ts';
import { recordText } from '../server/storage/text-work.ts';
import { run } from '../server/storage/steps.ts';
import { createTestStore, formBody, JSON_ACCEPT } from '../tests/support/stores.ts';
import { chromiumArgs, chromiumPath } from '../tests/support/chromium.ts';
import { distDir } from '../tests/support/dist.ts';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'bench', 'results', 'screenshots', 'owner-acts');
mkdirSync(out, { recursive: true });
const PORT = 4391;
const origin = `http://localhost:${PORT}`;
const MINUTE = 60_000;

const t = await createTestStore('sqlite');
const app = await buildApp({
  store: t.store,
  distDir: process.env.DIST_DIR ?? distDir,
  leadPurposes: [],
  inbox: { publicOrigin: origin },
  rateLimit: { max: 1000, windowMs: 60_000 },
});
await app.listen({ host: 'localhost', port: PORT });

async function postLead(fields: Record<string, string>): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody(fields) });
  if (res.statusCode !== 200) throw new Error(`POST /: ${res.statusCode} ${res.body}`);
  const lead = (await t.store.listLeads()).find((l) => l.contact_name === fields.contact_name);
  if (!lead) throw new Error('lead not stored');
  return lead.id;
}

const partnerIds: Record<string, string> = {};
for (const [key, name, phone] of [
  ['ana', 'Waikato Cooling', '+64211112222'],
  ['ben', 'Hamilton Fridge Fix', '+64213334444'],
] as const) {
  const partner = await t.store.transact(() =>
    addPartner({
      name,
      email: `${key}@example.nz`,
      phone,
      kind: 'technician',
      regions: ['Hamilton'],
      services: ['Repair'],
      industries: [],
      on_call: true,
      paused: false,
      sms: true,
    }),
  );
  partnerIds[key] = partner!.id;
}

// The Te Rapa lead: both Hamilton partners tried overnight, nobody took it.
const teRapa = await postLead({
  contact_name: 'Aroha Te Rapa',
  company_name: 'Te Rapa Dairy',
  site_street: '12 Kahikatea Drive',
  site_suburb: 'Te Rapa',
  access_notes: 'Gate code 4821. The walk-in chiller is at the back: ring the bell at the loading dock.',
  notes: 'Walk-in chiller at 9 °C and climbing. Milk and meat inside.',
});
const offered = async (lead: string, key: string) => {
  const made = await t.store.transact(() => makeOffer(lead, partnerIds[key]!, null, (p) => `Offered to ${p.name} automatically`, 15 * MINUTE, { texts: true }));
  if (!made.ok) throw new Error(made.reason);
  return made.offer.id;
};
const ana = await offered(teRapa, 'ana');
await t.store.transact(() =>
  run(
    "UPDATE partner_offers SET state = 'withdrawn', end_reason = 'timed_out', created_at = created_at - 1800000, answered_at = expires_at - 1800000 WHERE id = ?",
    ana,
  ),
);
const ben = await offered(teRapa, 'ben');
await t.store.transact(() => recordText({ sid: 'SM-shot-ben', offerId: ben, partnerId: partnerIds.ben!, purpose: 'offer', status: 'undelivered' }));
await t.store.transact(() => offerEnded(ben, 'undelivered', (p) => `The text to ${p.name} did not arrive`));

// The Reports: a few weeks of urgent requests with known times to commitment, and some planned work.
const now = Date.now();
const waits = [2, 3, 4, 1, 12, 30, null, 5, 3, 8, 2, 45];
for (const [i, wait] of waits.entries()) {
  const id = await postLead({ contact_name: `Urgent ${i}`, city: i % 3 ? 'Hamilton' : 'Auckland' });
  const created = now - (i + 1) * 2.5 * 24 * 60 * MINUTE - (i % 4) * 6 * 60 * MINUTE;
  await t.store.transact(() => run('UPDATE leads SET created_at = ? WHERE id = ?', new Date(created).toISOString(), id));
  if (wait !== null)
    await t.store.transact(() =>
      run(
        `INSERT INTO partner_offers (id, lead_id, partner_id, state, created_at, expires_at, answered_at, accepted_at, on_site_at)
         VALUES (?, ?, ?, 'accepted', ?, ?, ?, ?, ?)`,
        `shot-${i}`,
        id,
        partnerIds.ana!,
        created,
        created + 15 * MINUTE,
        created + wait * MINUTE,
        created + wait * MINUTE,
        created + (i % 4 === 3 ? 7 * 60 : 3 * 60) * MINUTE,
      ),
    );
}
for (let i = 0; i < 5; i++) await postLead({ contact_name: `Planned ${i}`, site_type: 'New build', timeframe: '30–60 days', service_type: 'Installation' });

const { link } = (await invite(t.store, { email: 'owner@example.nz', role: 'owner', publicOrigin: origin }))!;
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
const page = await context.newPage();
await page.goto(link);
await page.getByRole('button', { name: 'Continue' }).click();
await page
  .getByRole('link', { name: /Aroha Te Rapa/ })
  .first()
  .waitFor();
for (const width of [390, 1280]) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await page.goto(`${origin}/inbox/?lead=${teRapa}`);
  await page.getByRole('heading', { name: 'Aroha Te Rapa' }).waitFor();
  await page.getByText('Tried: the text did not arrive').waitFor();
  await page.screenshot({ path: join(out, `lead-first-screen-${width}.png`) });
  await page.screenshot({ path: join(out, `lead-${width}.png`), fullPage: true });
  await page.getByRole('region', { name: 'Partners' }).screenshot({ path: join(out, `lead-partners-${width}.png`) });
  await page.goto(`${origin}/inbox/?page=reports`);
  await page.getByText('Someone committed within 5 minutes').first().waitFor();
  await page.screenshot({ path: join(out, `reports-first-screen-${width}.png`) });
  await page.screenshot({ path: join(out, `reports-${width}.png`), fullPage: true });
  await page.getByRole('region', { name: /Someone committed within 5 minutes: by/ }).screenshot({ path: join(out, `reports-urgent-breakdown-${width}.png`) });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  console.log(`${width} px: reports ${wide ? 'stick out sideways' : 'fit'}`);
}
await browser.close();
await app.close();
await t.cleanup();
console.log(`screenshots in ${out}`);
