/**
 * Speed of the phone line: two lead servers on one PostgreSQL, a real SMTP peer and the local
 * stand-in for Twilio's Messages API, every setting at its default.
 *
 *   node bench/voice.ts [--calls 40]
 *
 * Each call is driven as Twilio drives it, its webhooks signed and posted to the two servers in
 * turn: the call comes in; the first person's phone answers, hears the whisper and presses 2 (not
 * theirs); the second rings out; the third is busy; the caller is offered the voicemail (the lead is
 * stored then); the caller hangs up after the message. Every other call instead hangs up during
 * the holding message (only the status webhook comes).
 *
 * (a) TwiML answer: each webhook's time from posting it to the whole answer (Twilio's own wait).
 * (b) Call decided to lead: from posting the webhook that decided the call (the last ring's end,
 *     answered with the voicemail; or the caller's hang-up during the greeting) to the lead's row in
 *     the database (stored beside the answer, polled every 5 ms).
 * (c) Hang-up to text: from the same moment to the stand-in for Twilio having the text back.
 * (d) The control: a text's delivery receipt posted the same way before each call, for how loaded
 *     the machine was (other work shares its cores).
 * Calls go one at a time, each after a random pause of up to 1 s; the first three are a warm-up.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { createStore } from '../server/storage/open-store.ts';
import { createUser } from '../server/storage/sign-in-data.ts';
import { setMobile } from '../server/storage/ladder-records.ts';
import { saveAnswerers, type CallAnswerer } from '../server/storage/call-records.ts';
import { all } from '../server/storage/steps.ts';
import { twilioSignature } from '../server/sms/twilio-signature.ts';
import { VOICE_INCOMING_PATH, VOICE_STATUS_PATH } from '../server/voice/voice-paths.ts';
import { SMS_STATUS_PATH } from '../server/sms/sms-paths.ts';
import { freePort, startServer, tinySite, type ServerProcess } from '../tests/support/server-process.ts';
import { startFakeTwilio } from '../tests/support/fake-twilio.ts';
import { createTestStore } from '../tests/support/stores.ts';
import { startSmtp } from '../tests/support/peers.ts';
import { percentile } from './nearest-rank.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { calls: { type: 'string', default: '40' } } });
const calls = Number(values.calls);
const WARM_UP = 3;
const ACCOUNT = `AC${'4a'.repeat(16)}`;
const TOKEN = 'bench-auth-token-voice-0123456789';
const LINE = '+6480037434';

const db = await createTestStore('postgres');
{
  const answerers: CallAnswerer[] = [];
  for (const [i, email] of ['ana@bench.nz', 'ben@bench.nz', 'cat@bench.nz'].entries()) {
    const user = (await db.store.transact(() => createUser(email, i === 0 ? 'owner' : 'staff')))!;
    await db.store.transact(() => setMobile(user.id, `021 555 010${i}`));
    answerers.push({ kind: 'user', id: user.id, phone: `021 555 010${i}` });
  }
  await db.store.transact(() => saveAnswerers({ office: answerers, after_hours: answerers }, answerers[0]!.id));
  await db.store.close();
}
const smtp = await startSmtp();
const twilio = await startFakeTwilio({ accountSid: ACCOUNT, authToken: TOKEN });
const texted = new Map<string, number>();
const push = twilio.messages.push.bind(twilio.messages);
twilio.messages.push = (...texts) => {
  for (const text of texts) if (!texted.has(text.to)) texted.set(text.to, performance.now());
  return push(...texts);
};
const dist = tinySite();
const servers: ServerProcess[] = [];
const store = createStore(db.url);
const twiml: number[] = [];
const toLead: number[] = [];
const toText: number[] = [];
const control: number[] = [];
/** The TwiML answers by webhook, for where the time goes. */
const byPath = new Map<string, number[]>();
try {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    DATABASE_URL: db.url,
    DIST_DIR: dist,
    SMTP_URL: smtp.url,
    LEAD_NOTIFY_TO: 'office@bench.nz',
    LOG_LEVEL: 'error',
    PUBLIC_ORIGIN: origin,
    HSTS: 'false',
    TWILIO_ACCOUNT_SID: ACCOUNT,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_FROM: '+6498870000',
    TWILIO_API_URL: twilio.url,
    TWILIO_VOICE_FROM: '+6498870001',
    TWILIO_VOICE_NUMBERS: `${LINE}=Website`,
  };
  // A machine loaded by other work may take longer than a test's 20 s to start a server.
  const start = (options: { port?: number } = {}) => startServer(env, { ...options, startMs: 90_000 });
  servers.push(await start({ port }));
  servers.push(await start());
  let turn = 0;
  /** Posts one webhook (path with its query) signed as Twilio signs it, to the next server; its answer and how long it took. */
  const post = async (path: string, form: Record<string, string>, timed = true) => {
    const server = servers[turn++ % servers.length]!;
    const started = performance.now();
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TOKEN, `${origin}${path}`, form) },
      body: new URLSearchParams(form).toString(),
    });
    const body = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${body}`);
    if (timed) {
      twiml.push(ms);
      const name = path.split('?')[0]!;
      byPath.set(name, [...(byPath.get(name) ?? []), ms]);
    }
    return { body, started, ms };
  };
  const url = (xml: string, tag: string, attr: string) => {
    const found = new RegExp(`<${tag}[^>]* ${attr}="([^"]*)"`).exec(xml)?.[1];
    if (!found) throw new Error(`no ${tag} ${attr} in ${xml}`);
    const u = new URL(found.replaceAll('&#38;', '&'));
    return `${u.pathname}${u.search}`;
  };
  for (let i = 0; i < calls + WARM_UP; i++) {
    await new Promise((r) => setTimeout(r, Math.random() * 1000));
    const sid = `CA${(Date.now() * 1000 + i).toString(16).padStart(32, '0')}`;
    const caller = `+6421${String(5_000_000 + i).padStart(7, '0')}`;
    const base = { CallSid: sid, AccountSid: ACCOUNT };
    const counted = i >= WARM_UP;
    // The control: a text's delivery receipt (a signed webhook doing one insert), timed the same way, for how loaded the machine is.
    const receipt = await post(SMS_STATUS_PATH, { MessageSid: `SM${sid.slice(2)}`, AccountSid: ACCOUNT, MessageStatus: 'delivered' }, false);
    if (counted) control.push(receipt.ms);
    const incoming = await post(VOICE_INCOMING_PATH, { ...base, From: caller, To: LINE, CallStatus: 'ringing' }, counted);
    /** When the call was decided (the voicemail offered, or the caller gone during the greeting), and when the caller hung up. */
    let decided: number;
    let hungUp: number;
    if (i % 2 === 0) {
      const whisper = await post(url(incoming.body, 'Number', 'url'), { CallSid: `CA${'1'.repeat(32)}`, AccountSid: ACCOUNT }, counted);
      await post(url(whisper.body, 'Gather', 'action'), { CallSid: `CA${'1'.repeat(32)}`, AccountSid: ACCOUNT, Digits: '2' }, counted);
      let xml = incoming.body;
      decided = 0;
      for (const status of ['completed', 'no-answer', 'busy']) {
        const step = await post(url(xml, 'Dial', 'action'), { ...base, DialCallStatus: status, CallStatus: 'in-progress' }, counted);
        xml = step.body;
        decided = step.started;
      }
      if (!xml.includes('<Record')) throw new Error(`call ${i} was not offered the voicemail`);
      hungUp = (await post(url(xml, 'Record', 'action'), { ...base, CallStatus: 'completed' }, counted)).started;
    } else {
      decided = hungUp = (await post(VOICE_STATUS_PATH, { ...base, CallStatus: 'completed' }, false)).started;
    }
    for (let stored = false; !stored;) {
      const [row] = await store.read(() => all('SELECT lead_id FROM calls WHERE sid = ?', sid));
      stored = Boolean(row?.lead_id);
      if (stored && counted) toLead.push(performance.now() - decided);
      else if (performance.now() - decided > 30_000) throw new Error(`call ${i}: no lead 30 s after it was decided`);
      else await new Promise((r) => setTimeout(r, 5));
    }
    const deadline = Date.now() + 30_000;
    while (!texted.has(caller)) {
      if (Date.now() > deadline) throw new Error(`call ${i}: no text back 30 s after the hang-up`);
      await new Promise((r) => setTimeout(r, 5));
    }
    if (counted) toText.push(texted.get(caller)! - hungUp);
  }
} finally {
  await store.close();
  for (const s of servers) {
    s.child.kill('SIGTERM');
    await s.exited;
  }
  await twilio.close();
  await smtp.close();
  await db.cleanup();
}
const row = (scenario: string, timings: number[], budgetMs: number) => {
  const sorted = [...timings].sort((a, b) => a - b);
  return {
    scenario,
    samples: sorted.length,
    p50: Math.round(percentile(sorted, 50)),
    p95: Math.round(percentile(sorted, 95)),
    max: Math.round(sorted.at(-1)!),
    budgetMs,
  };
};
const results = [
  row('TwiML answer, two instances, PostgreSQL', twiml, 300),
  ...[...byPath].map(([path, timings]) => row(`  ${path}`, timings, 300)),
  row('control: a text delivery receipt (one signed insert), same servers', control, 300),
  row('call decided (voicemail offered, or hang-up) to stored lead, two instances, PostgreSQL', toLead, 5000),
  row('hang-up to text back at Twilio, two instances, PostgreSQL', toText, 5000),
];
console.table(results);
console.log(
  `load average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`,
);
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
const out = join(root, 'bench', 'results', `voice-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(out, JSON.stringify({ calls, loadAverage: loadavg(), results }, null, 2));
console.log(`results written to ${out}`);
