/**
 * Screenshots of calls as the business meets them, at 390 and 1280 px, for looking at rather than
 * measuring: a missed call's lead with its Phone call card (who was rung, the voicemail to play and
 * its transcript, an owner's Delete), the Reports' Calls, and the owners' ladder editor with a call
 * step. The real app on a temporary SQLite store with the local stand-in for Twilio, served over
 * loopback with the built site (`DIST_DIR`, default `dist/`), into
 * `bench/results/screenshots/calls/` (ignored by git); each page's axe findings are printed:
 *
 *   node bench/screenshots-calls.ts
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../server/http/app.ts';
import { invite } from '../server/inbox/invite.ts';
import { setMobile } from '../server/storage/ladder-records.ts';
import { ringLadder, textLadder } from '../server/dispatch/ladder.ts';
import { createTwilioRecordings } from '../server/sms/twilio-client.ts';
import { addRecording, addTranscript, endCall, endLeg, missCall, setCallLead, startCall, startLeg } from '../server/storage/call-records.ts';
import { run } from '../server/storage/steps.ts';
import { createTestStore, formBody, JSON_ACCEPT } from '../tests/support/stores.ts';
import { startFakeTwilio } from '../tests/support/fake-twilio.ts';
import { chromiumArgs, chromiumPath } from '../tests/support/chromium.ts';
import { distDir } from '../tests/support/dist.ts';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'bench', 'results', 'screenshots', 'calls');
mkdirSync(out, { recursive: true });
const PORT = 4393;
const origin = `http://localhost:${PORT}`;
const SID = `AC${'5b'.repeat(16)}`;
const TOKEN = 'screenshots-calls-token-012345';

const twilio = await startFakeTwilio({ accountSid: SID, authToken: TOKEN });
const t = await createTestStore('sqlite');
const recordings = createTwilioRecordings({ accountSid: SID, authToken: TOKEN, apiUrl: twilio.url });
textLadder(true);
ringLadder(true);
const app = await buildApp({ store: t.store, distDir: process.env.DIST_DIR ?? distDir, leadPurposes: [], inbox: { publicOrigin: origin, recordings } });
await app.listen({ host: 'localhost', port: PORT });

const owner = (await invite(t.store, { email: 'aroha@kaicool.nz', role: 'owner', publicOrigin: origin }))!;
await t.store.transact(() => setMobile(owner.user.id, '021 444 0101'));

const res = await app.inject({
  method: 'POST',
  url: '/',
  headers: JSON_ACCEPT,
  payload: formBody({ contact_name: 'Caller', company_name: '', work_email: 'phone@x.nz', city: 'Wellington', notes: 'Missed call' }),
});
if (res.statusCode !== 200) throw new Error(`POST /: ${res.statusCode}`);
const lead = (await t.store.listLeads()).at(-1)!.id;
const hex = (n: number) => n.toString(16).padStart(32, '0');
const numbers = [
  ['+6480037434', 'Website'],
  ['+6495550101', 'Google Ads'],
  ['+6495550102', 'Van signage'],
] as const;
for (let n = 1; n <= 9; n++) {
  const sid = `CA${hex(n)}`;
  const [dialled, source] = numbers[n % 3]!;
  await t.store.transact(function* () {
    yield* startCall({ sid, dialled, source, caller: '+64211234567', afterHours: n % 2 === 1 });
    yield* startLeg({ sid, step: 1, kind: 'user', id: owner.user.id, name: 'Aroha' });
    yield* endLeg(sid, 1, 'no-answer');
    yield* startLeg({ sid, step: 2, kind: 'partner', id: 'p1', name: 'Ana Cooling' });
    yield* endLeg(sid, 2, 'no-key');
    yield* missCall(sid);
    yield* endCall(sid);
    if (n === 1) {
      yield* addRecording(sid, { sid: `RE${hex(1)}`, url: 'https://api.twilio.com/x', seconds: 47 });
      yield* addTranscript(sid, 'Hi, the walk-in chiller at the Kai Bar on Cuba Street is at 9 degrees. Please call me back.');
      yield* setCallLead(sid, lead);
    }
    yield* run('UPDATE calls SET started_at = ? WHERE sid = ?', Date.now() - n * 7 * 3600_000, sid);
  });
}
twilio.recordings.set(`RE${hex(1)}`, Buffer.alloc(2000));

const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
async function axeFindings(page: Page): Promise<string> {
  await page.addScriptTag({ content: axe });
  const found = (await page.evaluate(
    async () => (await (window as unknown as { axe: { run: () => Promise<{ violations: { id: string }[] }> } }).axe.run()).violations,
  )) as { id: string }[];
  return found.map((v) => v.id).join(', ') || 'none';
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
// Axe is added to the page by script, which the inbox's CSP would refuse.
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce', bypassCSP: true });
const page = await context.newPage();
await page.goto(owner.link);
await page.getByRole('button', { name: 'Continue' }).click();
await page
  .getByRole('link', { name: /Caller/ })
  .first()
  .waitFor();
for (const width of [390, 1280]) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await page.goto(`${origin}/inbox/?lead=${lead}`);
  const card = page.getByRole('region', { name: 'Phone call' });
  await card.waitFor();
  // The player's address, fetched as the browser would: the voicemail through the server.
  const src = await card.locator('audio').getAttribute('src');
  const played = await page.evaluate(async (url) => {
    const r = await fetch(url!, { headers: { range: 'bytes=0-99' } });
    return `${r.status} ${r.headers.get('content-type')} ${r.headers.get('cache-control')} ${(await r.arrayBuffer()).byteLength} bytes`;
  }, src);
  console.log(`${width} px voicemail: ${played}`);
  await card.getByRole('button', { name: 'Delete the voicemail' }).click();
  await card.screenshot({ path: join(out, `lead-call-${width}.png`) });
  console.log(`${width} px lead page axe: ${await axeFindings(page)}`);
  await page.goto(`${origin}/inbox/?page=reports`);
  const calls = page.getByRole('region', { name: 'Calls', exact: true });
  await calls.waitFor();
  await calls.screenshot({ path: join(out, `reports-calls-${width}.png`) });
  await page.getByRole('region', { name: 'Calls by number dialled' }).screenshot({ path: join(out, `reports-numbers-${width}.png`) });
  console.log(`${width} px reports axe: ${await axeFindings(page)}`);
  await page.goto(`${origin}/inbox/?page=people`);
  await page.getByRole('heading', { name: 'When nobody takes an urgent job' }).waitFor();
  await page.getByRole('form', { name: 'When nobody takes an urgent job' }).screenshot({ path: join(out, `ladder-editor-${width}.png`) });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  console.log(`${width} px: ${wide ? 'sticks out sideways' : 'fits'}`);
}
await browser.close();
await app.close();
await twilio.close();
await t.cleanup();
console.log(`screenshots in ${out}`);
