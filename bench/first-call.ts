/**
 * Speed of the first call: from a quote's success answer to the e-mail that gets someone moving, as
 * a real SMTP peer sees it, with every setting at its default (the outbox polls every 2 s).
 *
 *   node bench/first-call.ts [--samples 40] [--reply "Yep on my way 20min"]
 *
 * (a) One lead server on SQLite: a planned job's e-mail to the business.
 * (b) Two lead servers on one PostgreSQL: an urgent Hamilton repair's offer to the on-call
 *     Hamilton technician; the quotes go to the two servers in turn, and whichever server claims
 *     the offer sends it (the other hears of the job through LISTEN/NOTIFY rather than its poll).
 * (c) One lead server on PostgreSQL, a nudge (the business's e-mail about a lead still New) committed
 *     by this script as another instance's scheduler would: from the commit to the e-mail, which only
 *     LISTEN/NOTIFY makes quicker than the poll. (A lead's own jobs are not announced: the instance
 *     that stores the lead starts them itself.)
 *
 * (d), (e): text messages, below.
 *
 * Quotes are sent one at a time, each after a random pause of up to 2 s, so they land anywhere in
 * the poll's cycle; the first three are a warm-up and not counted. The time is taken when the peer
 * has the whole message. Needs PostgreSQL at TEST_DATABASE_URL (default the local server).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { createStore } from '../server/storage/open-store.ts';
import { enqueue } from '../server/storage/job-queue.ts';
import { run } from '../server/storage/steps.ts';
import { leadColumns } from '../core/lead/schema.ts';
import { addHamiltonTechnician } from '../tests/support/partners.ts';
import { freePort, startServer, tinySite, type ServerProcess } from '../tests/support/server-process.ts';
import { startFakeTwilio, signedTwilioPost } from '../tests/support/fake-twilio.ts';
import { SMS_INBOUND_PATH } from '../server/sms/sms-paths.ts';
import { createTestStore, formBody, JSON_ACCEPT, type StoreKind } from '../tests/support/stores.ts';
import { startSmtp } from '../tests/support/peers.ts';
import { percentile } from './nearest-rank.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { samples: { type: 'string', default: '40' }, reply: { type: 'string', default: 'YES' } } });
const samples = Number(values.samples);
const WARM_UP = 3;
const BUSINESS = 'office@example.nz';
const PARTNER = 'oncall@example.nz';

/**
 * Commits one lead and a nudge about it as another instance's scheduler would, through the store
 * (so the commit announces the job, as every queueing does); resolves when the commit is done.
 */
async function queueElsewhere(url: string, i: number): Promise<void> {
  const fields = Object.fromEntries(new URLSearchParams(formBody({ contact_name: `Elsewhere ${i}`, timeframe: '1–2 weeks', site_type: 'New build' })));
  const store = createStore(url);
  try {
    const id = randomUUID();
    const cols = ['id', 'created_at', ...leadColumns];
    const params = [id, new Date().toISOString(), ...leadColumns.map((c) => fields[c] ?? '')];
    await store.transact(function* () {
      yield* run(`INSERT INTO leads (${cols.join(', ')}) VALUES (${params.map(() => '?').join(', ')})`, ...params);
      yield* enqueue({ purpose: 'nudge', of: { lead: id } });
    });
  } finally {
    await store.close();
  }
}

interface Scenario {
  name: string;
  /** Queues quote i some other way than posting it to a server; resolves at the moment timed from. */
  queue?: (url: string, i: number) => Promise<void>;
  store: StoreKind;
  instances: number;
  /** The form's fields for quote i. */
  form: (i: number) => Record<string, string>;
  /** Who receives the e-mail being timed. */
  to: string;
}

const scenarios: Scenario[] = [
  {
    name: 'business e-mail, one instance, SQLite',
    store: 'sqlite',
    instances: 1,
    form: () => ({ service_type: 'Installation', site_type: 'New build', timeframe: '1–2 weeks', city: 'Dunedin' }),
    to: BUSINESS,
  },
  { name: 'urgent offer to the on-call partner, two instances, PostgreSQL', store: 'postgres', instances: 2, form: () => ({}), to: PARTNER },
  {
    name: 'business nudge another instance committed, PostgreSQL',
    store: 'postgres',
    instances: 1,
    queue: queueElsewhere,
    form: () => ({}),
    to: BUSINESS,
  },
];

const results: { scenario: string; samples: number; p50: number; p95: number; max: number }[] = [];
/** One scenario's row of figures (nearest-rank percentiles of its successful samples), kept and printed. */
function record(scenario: string, timings: number[]): void {
  timings.sort((a, b) => a - b);
  const row = {
    scenario,
    samples: timings.length,
    p50: Math.round(percentile(timings, 50)),
    p95: Math.round(percentile(timings, 95)),
    max: Math.round(timings.at(-1)!),
  };
  results.push(row);
  console.log(JSON.stringify(row));
}
const dist = tinySite();
for (const scenario of scenarios) {
  const db = await createTestStore(scenario.store);
  await addHamiltonTechnician(db.store, 'On Call Cooling', PARTNER);
  await db.store.close();
  const smtp = await startSmtp();
  // The moment the peer has each whole message, by recipient.
  const arrivals: { to: string[]; at: number }[] = [];
  const push = smtp.messages.push.bind(smtp.messages);
  smtp.messages.push = (...mails) => {
    for (const mail of mails) arrivals.push({ to: mail.to, at: performance.now() });
    return push(...mails);
  };
  const servers: ServerProcess[] = [];
  try {
    const env = { DATABASE_URL: db.url, DIST_DIR: dist, SMTP_URL: smtp.url, LEAD_NOTIFY_TO: BUSINESS, LOG_LEVEL: 'error' };
    for (let i = 0; i < scenario.instances; i++) servers.push(await startServer(env));
    const timings: number[] = [];
    for (let i = 0; i < samples + WARM_UP; i++) {
      await new Promise((r) => setTimeout(r, Math.random() * 2000));
      const seen = arrivals.filter((a) => a.to.includes(scenario.to)).length;
      let answered: number;
      if (scenario.queue) {
        await scenario.queue(db.url, i);
        answered = performance.now();
      } else {
        const server = servers[i % servers.length]!;
        const payload = formBody({ contact_name: `Bench ${i}`, work_email: `bench-${i}-${Date.now()}@example.co.nz`, ...scenario.form(i) });
        const res = await fetch(`${server.url}/`, { method: 'POST', headers: JSON_ACCEPT, body: payload });
        answered = performance.now();
        if (res.status !== 200) throw new Error(`quote ${i} answered ${res.status}: ${await res.text()}`);
      }
      const deadline = Date.now() + 30_000;
      let arrival: { at: number } | undefined;
      while (!(arrival = arrivals.filter((a) => a.to.includes(scenario.to))[seen])) {
        if (Date.now() > deadline) throw new Error(`no e-mail to ${scenario.to} 30 s after quote ${i}`);
        await new Promise((r) => setTimeout(r, 5));
      }
      if (i >= WARM_UP) timings.push(arrival.at - answered);
    }
    record(scenario.name, timings);
  } finally {
    for (const s of servers) {
      s.child.kill('SIGTERM');
      await s.exited;
    }
    await smtp.close();
    await db.cleanup();
  }
}
/**
 * (d) and (e): text messages, two lead servers on one PostgreSQL and a local fake of Twilio's
 * Messages API. (d) an urgent quote to the on-call technician's text at the fake provider; (e) the
 * technician's YES (or `--reply`, as people write it: "Yep on my way 20min"), signed as Twilio signs it
 * and posted to the other server, to the text with the customer's details. Timed from the quote's (or the reply's) answer to the fake having the text.
 */
{
  const SID = `AC${'2e'.repeat(16)}`;
  const TOKEN = 'bench-auth-token-0123456789abcdef';
  // The technician's own mobile: the customer's (the form's 021 555 0101) is texted too.
  const MOBILE = '+64215550199';
  const db = await createTestStore('postgres');
  await addHamiltonTechnician(db.store, 'On Call Cooling', PARTNER, { phone: '021 555 0199', sms: true });
  await db.store.close();
  const smtp = await startSmtp();
  const twilio = await startFakeTwilio({ accountSid: SID, authToken: TOKEN });
  const arrivals: { body: string; at: number }[] = [];
  const push = twilio.messages.push.bind(twilio.messages);
  twilio.messages.push = (...texts) => {
    for (const text of texts) if (text.to === MOBILE) arrivals.push({ body: text.body, at: performance.now() });
    return push(...texts);
  };
  const servers: ServerProcess[] = [];
  try {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = {
      DATABASE_URL: db.url,
      DIST_DIR: dist,
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_TO: BUSINESS,
      LOG_LEVEL: 'error',
      PUBLIC_ORIGIN: origin,
      HSTS: 'false',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: '+6498870000',
      TWILIO_API_URL: twilio.url,
    };
    servers.push(await startServer(env, { port }), await startServer(env));
    const arrival = async (seen: number, what: RegExp, i: number) => {
      const deadline = Date.now() + 30_000;
      let found: { at: number } | undefined;
      while (!(found = arrivals.filter((a) => what.test(a.body))[seen])) {
        if (Date.now() > deadline) throw new Error(`no text ${what} 30 s after quote ${i}`);
        await new Promise((r) => setTimeout(r, 5));
      }
      return found.at;
    };
    const offerTimes: number[] = [];
    const replyTimes: number[] = [];
    for (let i = 0; i < samples + WARM_UP; i++) {
      await new Promise((r) => setTimeout(r, Math.random() * 2000));
      const offers = arrivals.filter((a) => /Reply YES/.test(a.body)).length;
      const details = arrivals.filter((a) => /You have the job/.test(a.body)).length;
      const payload = formBody({ contact_name: `Text Bench ${i}`, work_email: `text-${i}-${Date.now()}@example.co.nz` });
      const res = await fetch(`${servers[i % 2]!.url}/`, { method: 'POST', headers: JSON_ACCEPT, body: payload });
      const answered = performance.now();
      if (res.status !== 200) throw new Error(`quote ${i} answered ${res.status}`);
      const offered = await arrival(offers, /Reply YES/, i);
      const yes = await signedTwilioPost(
        `${servers[(i + 1) % 2]!.url}${SMS_INBOUND_PATH}`,
        { MessageSid: `SM${randomUUID().replaceAll('-', '')}`, AccountSid: SID, From: MOBILE, To: '+6498870000', Body: values.reply },
        TOKEN,
        `${origin}${SMS_INBOUND_PATH}`,
      );
      const replied = performance.now();
      if (yes.status !== 200 || !(await yes.text()).includes('the job is yours')) throw new Error(`${values.reply} ${i} was not taken (${yes.status})`);
      const detailed = await arrival(details, /You have the job/, i);
      if (i >= WARM_UP) {
        offerTimes.push(offered - answered);
        replyTimes.push(detailed - replied);
      }
    }
    for (const [scenario, timings] of [
      ['urgent offer text to the on-call technician, two instances, PostgreSQL', offerTimes],
      [`${values.reply} reply to the customer’s details text, two instances, PostgreSQL`, replyTimes],
    ] as const) {
      record(scenario, timings);
    }
  } finally {
    for (const s of servers) {
      s.child.kill('SIGTERM');
      await s.exited;
    }
    await twilio.close();
    await smtp.close();
    await db.cleanup();
  }
}
console.table(results);
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
const out = join(root, 'bench', 'results', `first-call-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(out, JSON.stringify({ samples, budgetMs: 1000, results }, null, 2));
console.log(`results written to ${out}`);
