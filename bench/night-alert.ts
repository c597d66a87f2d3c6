/**
 * How fast the business is woken for an urgent request nobody on call covers: from the quote
 * form's POST to the alert at a local push service and to the text at the Twilio stand-in, with two
 * lead servers on one PostgreSQL (real processes), the owner subscribed to alerts (as the inbox's
 * "Alerts on this phone" stores a subscription) and with a mobile on their profile.
 *
 *   node bench/night-alert.ts [--leads 40]
 *
 * The requests go one at a time, alternately to each instance, each from a city nobody on call
 * covers (a partner is on call elsewhere, so the business dispatches); the next goes once both the
 * alert and the text of the one before have arrived. The path is the one a real night takes: the
 * lead and its dispatch job stored together, dispatch finding nobody and queueing the escalation,
 * the ladder's steps queued and sent, each a job of the outbox claimed by either instance. Reports
 * p50, p95 and the slowest, for the alert, the text and the later of the two. Writes
 * bench/results/night-alert.json. Needs PostgreSQL at TEST_DATABASE_URL (default the local server).
 */
import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer, tinySite, type ServerProcess } from '../tests/support/server-process.ts';
import { createTestStore, formBody } from '../tests/support/stores.ts';
import { startSmtp } from '../tests/support/peers.ts';
import { startFakeTwilio } from '../tests/support/fake-twilio.ts';
import { addHamiltonTechnician } from '../tests/support/partners.ts';
import { createUser } from '../server/storage/sign-in-data.ts';
import { setMobile } from '../server/storage/ladder-records.ts';
import { savePushSubscription } from '../server/storage/push-records.ts';
import { nzMobileE164 } from '../core/partner/nz-mobile.ts';
import { percentile } from './nearest-rank.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { leads: { type: 'string', default: '40' } } });
const LEADS = Number(values.leads);
const SID = `AC${'0'.repeat(32)}`;
const TOKEN = 'night-alert-bench-token';
const OWNER_MOBILE = '021 555 0999';

// The stand-in push service: every request's arrival time.
const pushes: number[] = [];
const pushService = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    pushes.push(performance.now());
    res.statusCode = 201;
    res.end();
  });
});
await new Promise<void>((r) => pushService.listen(0, '127.0.0.1', r));
const pushEndpoint = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}/push/owner-phone`;

const db = await createTestStore('postgres');
const smtp = await startSmtp();
const twilio = await startFakeTwilio({ accountSid: SID, authToken: TOKEN });
const dist = tinySite();
utimesSync(join(dist, 'index.html'), new Date(), new Date());

// On call in Hamilton only: the business dispatches, and nobody covers Wellington.
await addHamiltonTechnician(db.store, 'Waikato Cooling', 'waikato@x.nz', { phone: '021 555 0201', sms: true });
const owner = (await db.store.transact(() => createUser('owner@example.nz', 'owner')))!;
await db.store.transact(() => setMobile(owner.id, OWNER_MOBILE));
const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
await db.store.transact(() =>
  savePushSubscription(
    {
      userId: owner.id,
      endpoint: pushEndpoint,
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
      userAgent: 'bench',
    },
    10,
  ),
);

const env = {
  DATABASE_URL: db.url,
  DIST_DIR: dist,
  SMTP_URL: smtp.url,
  LEAD_NOTIFY_TO: 'office@example.nz',
  LEAD_NOTIFY_FROM: 'website@example.nz',
  PUBLIC_ORIGIN: 'http://127.0.0.1:1',
  HSTS: 'false',
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: TOKEN,
  TWILIO_FROM: '+6498870000',
  TWILIO_API_URL: twilio.url,
  LOG_LEVEL: 'error',
};
const servers: ServerProcess[] = [await startServer(env), await startServer(env)];
const ownerE164 = nzMobileE164(OWNER_MOBILE)!;
const textsToOwner = () => twilio.messages.filter((m) => m.to === ownerE164).length;

const alert: number[] = [];
const text: number[] = [];
const both: number[] = [];
try {
  for (let i = 0; i < LEADS; i++) {
    const [pushesBefore, textsBefore] = [pushes.length, textsToOwner()];
    const textAt: number[] = [];
    const watch = setInterval(() => {
      if (textAt.length === 0 && textsToOwner() > textsBefore) textAt.push(performance.now());
    }, 2);
    const sent = performance.now();
    const res = await fetch(`${servers[i % 2]!.url}/`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: formBody({ contact_name: `Alert ${i}`, city: 'Wellington', work_email: `alert${i}@cafe.nz`, phone: `027 400 ${1000 + i}` }),
    });
    if (!res.ok) throw new Error(`post ${i}: ${res.status}`);
    const deadline = Date.now() + 10_000;
    while ((pushes.length <= pushesBefore || textAt.length === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    clearInterval(watch);
    if (pushes.length <= pushesBefore || textAt.length === 0) throw new Error(`lead ${i}: no alert or no text within 10 s`);
    alert.push(pushes[pushesBefore]! - sent);
    text.push(textAt[0]! - sent);
    both.push(Math.max(pushes[pushesBefore]!, textAt[0]!) - sent);
  }
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  await smtp.close();
  await twilio.close();
  await new Promise<void>((r) => pushService.close(() => r()));
  await db.cleanup();
}

const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: Math.round(percentile(sorted, 50)), p95: Math.round(percentile(sorted, 95)), max: Math.round(sorted.at(-1)!) };
};
const result = { leads: LEADS, instances: 2, ranAt: new Date().toISOString(), alertMs: summary(alert), textMs: summary(text), bothMs: summary(both) };
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/night-alert.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
