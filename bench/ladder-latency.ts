/**
 * How soon the escalation ladder reaches the business: from an urgent lead's ladder starting (as
 * dispatch starts it when nobody on call covers the lead) to the alert at a stand-in push sender and
 * the text at the local Twilio stand-in, on two instances sharing one PostgreSQL database (two
 * stores, two workers with the production poll interval, woken by the database's job
 * announcements as main.ts wakes them). Each lead's ladder is started on one instance or the other
 * in turn; 40 leads, one owner with a mobile, the default ladder (alert and text at once).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/ladder-latency.ts
 */
import pino from 'pino';
import { DEFAULTS } from '../server/config.ts';
import { OutboxWorker } from '../server/outbox/worker.ts';
import { createLadderSenders, type PushToPerson } from '../server/outbox/ladder-senders.ts';
import { createTwilioClient } from '../server/sms/twilio-client.ts';
import { startLadder, textLadder } from '../server/dispatch/ladder.ts';
import { invite } from '../server/inbox/invite.ts';
import { setMobile } from '../server/storage/ladder-records.ts';
import { parseLead } from '../core/lead/schema.ts';
import { startFakeTwilio } from '../tests/support/fake-twilio.ts';
import { createTestStore } from '../tests/support/stores.ts';
import { percentile } from './nearest-rank.ts';

const LEADS = 40;
const SID = `AC${'4d'.repeat(16)}`;
const TOKEN = 'ladder-latency-token-0123456789ab';
const log = pino({ level: 'silent' });

const t = await createTestStore('postgres');
const stores = [t.store, t.reopen()];
const twilio = await startFakeTwilio({ accountSid: SID, authToken: TOKEN });
const client = createTwilioClient({ accountSid: SID, authToken: TOKEN, from: '+6498870000', apiUrl: twilio.url });
const started = new Map<string, number>();
const pushAt: number[] = [];
const push: PushToPerson = async (_userId, message) => {
  pushAt.push(performance.now() - started.get(message.topic)!);
  return { sent: 1, gone: 0, failed: 0 };
};
textLadder(true);
const owner = (await invite(t.store, { email: 'owner@example.nz', role: 'owner', publicOrigin: 'http://localhost:4321' }))!;
await t.store.transact(() => setMobile(owner.user.id, '021 444 0101'));
const workers = stores.map(
  (store) =>
    new OutboxWorker({
      store,
      senders: createLadderSenders({ store, publicOrigin: 'http://localhost:4321', client, push }),
      log,
      pollIntervalMs: DEFAULTS.outbox.pollIntervalMs,
      maxAttempts: 3,
    }),
);
const stopHearing = stores.map((store, i) => store.onNewJobs(() => workers[i]!.nudge()));
for (const w of workers) w.start();

const textAt: number[] = [];
for (let i = 0; i < LEADS; i++) {
  const parsed = parseLead({
    contact_name: `Urgent ${i}`,
    work_email: `u${i}@cafe.nz`,
    phone: '021 555 0101',
    city: 'Wellington',
    service_type: 'Repair',
    timeframe: 'Urgent (24–72h)',
    site_type: 'Repair call-out',
  });
  const lead = await t.store.insertLead(parsed.lead!, { spam: false, purposes: [] });
  const texts = twilio.messages.length;
  started.set(lead.id, performance.now());
  await stores[i % 2]!.transact(() => startLadder(lead.id, 'nobody_covers'));
  await twilio.waitForMessages(texts + 1, 10_000);
  textAt.push(performance.now() - started.get(lead.id)!);
  while (pushAt.length < i + 1) await new Promise((r) => setTimeout(r, 5));
}
const line = (name: string, ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `${name}: p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`;
};
console.log(`${LEADS} ladders started on two instances (PostgreSQL), the first step of each:`);
console.log(line('alert at the push sender', pushAt));
console.log(line('text at the Twilio stand-in', textAt));
for (const w of workers) await w.stop();
for (const stop of stopHearing) stop();
await twilio.close();
await t.cleanup();
