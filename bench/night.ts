/**
 * A compressed night, re-runnable: urgent (and some planned) requests over six cities, ten on-call
 * partners who behave as people do, an owner woken by the escalation ladder, two lead servers on one
 * PostgreSQL (real processes) and one SIGKILLed mid-night, with the Twilio stand-in and an SMTP peer
 * the tests use. It measures what the North star asks: the share of urgent requests with a named
 * person committed (a partner's accept or a person's acknowledgement) within 5 simulated minutes, its
 * 90th percentile, and the customers left with a promise nobody stands behind.
 *
 *   node bench/night.ts [--scale 1000] [--policies before,at-once,after] [--seed 51] [--urgent 40] [--planned 10] [--trace]
 *
 * Scale: one simulated minute is `--scale` real milliseconds. The servers' dispatch windows, the
 * wake, the scheduler's minute check and the urgent nudge are set through the environment at that
 * scale; the partners' and the owner's answers are timed in simulated minutes. Waits the servers do
 * not take from the environment (the ladder's 10 minutes between rounds, a noted reply's 5 more
 * minutes, the customer's 30-minute text) stay in real minutes: the night avoids depending on them.
 *
 * Policies: "before" is dispatch as it was (one on-call partner at a time, 15 minutes each, the
 * business woken only when none is left); "at-once" offers three at once for 5 minutes each but
 * wakes nobody until no partner is left; "after" is the server's default (three at once, 5 minutes
 * each, the business woken 2 minutes after the request while nobody has accepted); "wake-3m" is
 * "after" with the business woken at 3 minutes (run it with --policies wake-3m). Everything else
 * (replies read as people write them, the ladder, the owner acknowledging 2 minutes after being
 * woken) is the same in both. Needs PostgreSQL at TEST_DATABASE_URL (default the local server).
 * Writes bench/results/night-<policy>.json.
 */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startServer, freePort, tinySite, type ServerProcess } from '../tests/support/server-process.ts';
import { createTestStore, formBody } from '../tests/support/stores.ts';
import { startSmtp } from '../tests/support/peers.ts';
import { signedTwilioPost, startFakeTwilio, type FakeTwilioMessage } from '../tests/support/fake-twilio.ts';
import { addPartner, changePartner } from '../server/storage/partner-records.ts';
import { createUser } from '../server/storage/sign-in-data.ts';
import { setMobile } from '../server/storage/ladder-records.ts';
import { SMS_INBOUND_PATH, SMS_STATUS_PATH } from '../server/sms/sms-paths.ts';
import { nzMobileE164 } from '../core/partner/nz-mobile.ts';
import type { PartnerRegion } from '../core/partner/kinds.ts';
import { percentile } from './nearest-rank.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1000' },
    policies: { type: 'string', default: 'before,at-once,after' },
    seed: { type: 'string', default: '51' },
    urgent: { type: 'string', default: '40' },
    planned: { type: 'string', default: '10' },
    trace: { type: 'boolean', default: false },
  },
});
const SCALE = Number(values.scale);
/** Simulated minutes as real milliseconds. */
const sim = (minutes: number) => Math.round(minutes * SCALE);
const SID = `AC${'0'.repeat(32)}`;
const TOKEN = 'night-bench-auth-token';
const FROM = '+6498870000';
/** Requests arrive over this many simulated minutes (the busiest four hours of a night); the night then runs on until every one can have ended. */
const NIGHT_MINUTES = 240;
const TAIL_MINUTES = 45;
const GOAL_MINUTES = 5;
/** The owner acknowledges this long after the ladder's text reaches them. */
const OWNER_ACK_MINUTES = 2;
const KILL_AT_MINUTES = 100;

const POLICIES = {
  before: { DISPATCH_ACCEPT_WITHIN: String(sim(15)), DISPATCH_AT_ONCE: '1', DISPATCH_WAKE_AFTER: '0' },
  /** Several at once and a short wait, but nobody woken until no partner is left: what waking alongside adds. */
  'at-once': { DISPATCH_ACCEPT_WITHIN: String(sim(5)), DISPATCH_AT_ONCE: '3', DISPATCH_WAKE_AFTER: '0' },
  after: { DISPATCH_ACCEPT_WITHIN: String(sim(5)), DISPATCH_AT_ONCE: '3', DISPATCH_WAKE_AFTER: String(sim(2)) },
  /** The same, the business woken a minute later: fewer wakes, but an owner who takes 2 minutes then commits after the 5. */
  'wake-3m': { DISPATCH_ACCEPT_WITHIN: String(sim(5)), DISPATCH_AT_ONCE: '3', DISPATCH_WAKE_AFTER: String(sim(3)) },
} as const;
type PolicyName = keyof typeof POLICIES;

/** A seeded random number generator (mulberry32), so a night can be run again as it was. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What a partner does with an offer text: answer with these words after so many minutes, or nothing. */
type Answer = { words: string; afterMinutes: number } | { bounce: true } | null;
interface PartnerPlan {
  name: string;
  phone: string;
  regions: PartnerRegion[];
  /** Their answer to an offer, drawn for each one. */
  answer: (random: () => number, busy: boolean, nth: number) => Answer;
  /** They go off call at this simulated minute. */
  offCallAt?: number;
}
const between = (random: () => number, from: number, to: number) => from + random() * (to - from);
const PARTNERS: PartnerPlan[] = [
  {
    name: 'Akl Alpha',
    phone: '021 555 0201',
    regions: ['Auckland'],
    answer: (r, busy) => (busy ? null : r() < 0.85 ? { words: 'YES', afterMinutes: between(r, 1, 3) } : null),
  },
  { name: 'Akl Bravo', phone: '021 555 0202', regions: ['Auckland'], answer: () => null },
  {
    name: 'Akl Charlie',
    phone: '021 555 0203',
    regions: ['Auckland'],
    answer: (r, busy) => (busy ? { words: 'no', afterMinutes: 1 } : r() < 0.6 ? { words: 'ok', afterMinutes: between(r, 2, 6) } : null),
  },
  {
    name: 'Wgtn Delta',
    phone: '021 555 0204',
    regions: ['Wellington'],
    answer: (r, busy) => (busy ? null : r() < 0.7 ? { words: 'Yep on my way 20min', afterMinutes: between(r, 1, 4) } : null),
    offCallAt: 100,
  },
  {
    name: 'Chch Echo',
    phone: '021 555 0205',
    regions: ['Christchurch'],
    answer: (r, busy) => (busy || r() < 0.4 ? { words: 'busy', afterMinutes: between(r, 1, 2) } : { words: 'yes', afterMinutes: between(r, 3, 5) }),
  },
  { name: 'Chch Foxtrot', phone: '021 555 0206', regions: ['Christchurch'], answer: () => ({ bounce: true }) },
  {
    name: 'Ham Golf',
    phone: '021 555 0207',
    regions: ['Hamilton'],
    answer: (r, busy) => (busy ? null : r() < 0.7 ? { words: '👍', afterMinutes: between(r, 2, 5) } : null),
  },
  {
    name: 'Ham Hotel',
    phone: '021 555 0208',
    regions: ['Hamilton', 'Tauranga'],
    answer: (r, busy) => (busy || r() < 0.5 ? null : { words: 'Yes', afterMinutes: between(r, 4, 8) }),
  },
  { name: 'Tga India', phone: '021 555 0209', regions: ['Tauranga'], answer: (_r, _busy, nth) => (nth === 1 ? { words: 'STOP', afterMinutes: 1 } : null) },
  {
    name: 'Dun Juliet',
    phone: '021 555 0210',
    regions: ['Dunedin'],
    answer: (r) => (r() < 0.5 ? { words: 'no', afterMinutes: between(r, 1, 3) } : null),
    offCallAt: 160,
  },
];
/** How long a partner who took a job is busy with it. */
const BUSY_MINUTES = 90;
const OWNER = { email: 'owner@example.nz', phone: '021 555 0999' };
const CITIES: { city: string; weight: number }[] = [
  { city: 'Auckland', weight: 9 },
  { city: 'Wellington', weight: 6 },
  { city: 'Christchurch', weight: 7 },
  { city: 'Hamilton', weight: 8 },
  { city: 'Tauranga', weight: 5 },
  { city: 'Dunedin', weight: 5 },
];

interface Request {
  name: string;
  city: string;
  urgent: boolean;
  atMinutes: number;
}

function planNight(random: () => number, urgent: number, planned: number): Request[] {
  const total = CITIES.reduce((s, c) => s + c.weight, 0);
  const pickCity = () => {
    let x = random() * total;
    for (const c of CITIES) if ((x -= c.weight) < 0) return c.city;
    return CITIES.at(-1)!.city;
  };
  const requests: Request[] = [];
  for (let i = 0; i < urgent + planned; i++)
    requests.push({ name: `Night ${i + 1}`, city: pickCity(), urgent: i < urgent, atMinutes: Math.round(random() * NIGHT_MINUTES * 10) / 10 });
  return requests.sort((a, b) => a.atMinutes - b.atMinutes);
}

interface NightResult {
  policy: PolicyName;
  settings: Record<string, string>;
  scale: string;
  urgent: number;
  committedWithin5: number;
  shareWithin5: number;
  p50Minutes: number | null;
  p90Minutes: number | null;
  neverCommitted: number;
  byPartner: number;
  byOwner: number;
  /** Customers promised a technician's time on the thank-you page and e-mail whom nobody committed to by the end of the night. */
  untruePromises: number;
  /** Customers who waited more than 30 minutes for anyone to commit (or never had anyone). */
  waitedOver30: number;
  /** Customers told to call the 24/7 line as they asked (nobody on call covered them). */
  toldToCall: number;
  ownerTexts: number;
  ladders: number;
  nobodyAcceptedEmails: number;
  naturalReplies: { sent: number; accepted: number };
  whichAsked: number;
  invariants: Record<string, number>;
  kill: { atMinutes: number; instance: number | undefined };
  perLead: { name: string; city: string; minutes: number | null; by: string; promise: string }[];
}

async function runNight(policy: PolicyName, requests: Request[], seed: number): Promise<NightResult> {
  const random = seeded(seed + 1);
  const db = await createTestStore('postgres');
  const smtp = await startSmtp();
  const twilio = await startFakeTwilio({ accountSid: SID, authToken: TOKEN });
  const dist = tinySite();
  const portA = await freePort();
  const origin = `http://127.0.0.1:${portA}`;
  const env = {
    DATABASE_URL: db.url,
    DIST_DIR: dist,
    SMTP_URL: smtp.url,
    LEAD_NOTIFY_TO: 'office@example.nz',
    LEAD_NOTIFY_FROM: 'website@example.nz',
    LEAD_ACK_EMAIL: 'true',
    PUBLIC_ORIGIN: origin,
    HSTS: 'false',
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_FROM: FROM,
    TWILIO_API_URL: twilio.url,
    OUTBOX_POLL_INTERVAL: '50ms',
    NOTICE_CHECK_INTERVAL: String(sim(1)),
    NUDGE_URGENT_AFTER: String(sim(30)),
    LOG_LEVEL: 'error',
    ...POLICIES[policy],
  };

  // The partners, and the owner who is woken (the default ladder: every owner, by push and text, at once).
  const partnerIds = new Map<string, string>();
  for (const p of PARTNERS) {
    const added = await db.store.transact(() =>
      addPartner({
        name: p.name,
        email: `${p.name.toLowerCase().replace(/\s+/g, '.')}@x.nz`,
        phone: p.phone,
        kind: 'technician',
        regions: p.regions,
        services: ['Repair', 'Maintenance', 'Installation', 'Cool Room / Walk-in Freezer'],
        industries: [],
        on_call: true,
        paused: false,
        sms: true,
      }),
    );
    partnerIds.set(p.name, added!.id);
  }
  const owner = await db.store.transact(() => createUser(OWNER.email, 'owner'));
  await db.store.transact(() => setMobile(owner!.id, OWNER.phone));

  // Newer than any source edited meanwhile, so no instance decides to build the real site.
  const fresh = () => utimesSync(join(dist, 'index.html'), new Date(), new Date());
  fresh();
  const servers: (ServerProcess | undefined)[] = [await startServer(env, { port: portA }), await startServer(env)];
  const live = () => servers.filter((s): s is ServerProcess => s !== undefined && s.child.exitCode === null && s.child.signalCode === null);
  const start = performance.now();
  const now = () => (performance.now() - start) / SCALE;
  const timers = new Set<NodeJS.Timeout>();
  const at = (minutes: number, fn: () => unknown) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        void Promise.resolve()
          .then(fn)
          .catch((error: unknown) => console.error(`[${policy}] ${String(error)}`));
      },
      Math.max(0, sim(minutes - now())),
    );
    timers.add(timer);
  };

  /** Posts to whichever instance is up, the other when one refuses (mid-restart). */
  async function toLive(path: string, send: (url: string) => Promise<Response>): Promise<Response> {
    let last: unknown;
    for (let attempt = 0; attempt < 20; attempt++) {
      const up = live();
      const server = up[attempt % Math.max(1, up.length)];
      if (server)
        try {
          return await send(`${server.url}${path}`);
        } catch (error) {
          last = error;
        }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no instance took ${path}: ${String(last)}`);
  }
  const twilioPost = (path: string, params: Record<string, string>) => toLive(path, (url) => signedTwilioPost(url, params, TOKEN, `${origin}${path}`));
  let replySeq = 0;
  const reply = async (fromPhone: string, body: string) => {
    const res = await twilioPost(SMS_INBOUND_PATH, {
      MessageSid: `SMnight${String(++replySeq).padStart(26, '0')}`,
      AccountSid: SID,
      From: nzMobileE164(fromPhone)!,
      To: FROM,
      Body: body,
    });
    return res.text();
  };

  // The night's requests, each posted at its time to an instance that is up.
  const posted = new Map<string, number>();
  let customer = 0;
  for (const request of requests)
    at(request.atMinutes, async () => {
      const fields = request.urgent
        ? { contact_name: request.name, city: request.city, phone: `027 400 ${String(1000 + ++customer)}`, work_email: `night${customer}@cafe.nz` }
        : {
            contact_name: request.name,
            city: request.city,
            phone: `027 400 ${String(1000 + ++customer)}`,
            work_email: `night${customer}@cafe.nz`,
            timeframe: 'Planning stage',
            site_type: 'New build',
            service_type: 'Installation',
          };
      const res = await toLive('/', (url) =>
        fetch(url, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }, body: formBody(fields) }),
      );
      if (!res.ok) throw new Error(`post ${request.name}: ${res.status}`);
      posted.set(request.name, now());
    });

  // Partners going off call as the night goes on.
  for (const p of PARTNERS)
    if (p.offCallAt !== undefined) at(p.offCallAt, () => db.store.transact(() => changePartner(partnerIds.get(p.name)!, { on_call: false })));

  // One instance SIGKILLed mid-night and started again in its place.
  const kill: NightResult['kill'] = { atMinutes: KILL_AT_MINUTES, instance: undefined };
  at(KILL_AT_MINUTES, async () => {
    const victim = servers[0]!;
    kill.instance = victim.child.pid;
    victim.child.kill('SIGKILL');
    await victim.exited;
    servers[0] = undefined;
    fresh();
    servers[0] = await startServer(env, { port: portA });
  });

  // What people do with the texts that reach them.
  const byPhone = new Map(PARTNERS.map((p) => [nzMobileE164(p.phone)!, p]));
  const offersTo = new Map<string, number>();
  const busyUntil = new Map<string, number>();
  const natural = { sent: 0, accepted: 0 };
  let whichAsked = 0;
  const ownerE164 = nzMobileE164(OWNER.phone)!;
  let ownerTexts = 0;
  let seen = 0;
  const watch = setInterval(() => {
    for (; seen < twilio.messages.length; seen++) {
      const message: FakeTwilioMessage = twilio.messages[seen]!;
      const partner = byPhone.get(message.to);
      const offer = /^URGENT job ([A-Z0-9]{3}) /.exec(message.body);
      if (partner && offer) {
        const nth = (offersTo.get(partner.name) ?? 0) + 1;
        offersTo.set(partner.name, nth);
        const answer = partner.answer(random, (busyUntil.get(partner.name) ?? -1) > now(), nth);
        if (answer && 'bounce' in answer)
          at(now() + 0.3, () => twilioPost(SMS_STATUS_PATH, { MessageSid: message.sid, AccountSid: SID, MessageStatus: 'undelivered', ErrorCode: '30003' }));
        else if (answer)
          at(now() + answer.afterMinutes, async () => {
            const isNatural = !/^(yes|no|stop)$/i.test(answer.words);
            if (isNatural) natural.sent++;
            let said = await reply(partner.phone, answer.words);
            // Several jobs wait: the partner reads the answer and replies again naming this one.
            if (said.includes('we have not taken any')) {
              whichAsked++;
              said = await reply(partner.phone, `${answer.words} ${offer[1]}`);
            }
            if (/the job is yours/i.test(said)) {
              busyUntil.set(partner.name, now() + BUSY_MINUTES);
              if (isNatural) natural.accepted++;
            }
          });
      }
      const ladder = /^URGENT ([A-Z0-9]{3}) from .*Reply OK/.exec(message.body);
      if (message.to === ownerE164 && ladder) {
        ownerTexts++;
        at(now() + OWNER_ACK_MINUTES, () => reply(OWNER.phone, `OK ${ladder[1]}`));
      }
    }
  }, 20);

  await new Promise((r) => setTimeout(r, sim(NIGHT_MINUTES + TAIL_MINUTES)));
  clearInterval(watch);
  for (const timer of timers) clearTimeout(timer);
  for (const s of live()) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s?.exited));

  // The night as the database has it.
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const leads = (
    await client.query<{ id: string; contact_name: string; city: string; urgent: boolean; created_at: Date; nobody_on_call: boolean | null }>(
      'SELECT id, contact_name, city, urgent, created_at, nobody_on_call FROM leads',
    )
  ).rows;
  const accepts = new Map(
    (
      await client.query<{ lead_id: string; at: string }>(
        'SELECT lead_id, MIN(accepted_at) AS at FROM partner_offers WHERE accepted_at IS NOT NULL GROUP BY lead_id',
      )
    ).rows.map((r) => [r.lead_id, Number(r.at)]),
  );
  const acks = new Map(
    (
      await client.query<{ lead_id: string; at: string }>("SELECT lead_id, MIN(at) AS at FROM lead_events WHERE kind = 'acknowledged' GROUP BY lead_id")
    ).rows.map((r) => [r.lead_id, Number(r.at)]),
  );
  const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
  const invariants = {
    leadsHeldByTwo: await count(
      "SELECT COUNT(*) AS n FROM (SELECT lead_id FROM partner_offers WHERE state = 'accepted' GROUP BY lead_id HAVING COUNT(*) > 1) x",
    ),
    partnersOfferedTwiceByDispatch: await count(
      'SELECT COUNT(*) AS n FROM (SELECT lead_id, partner_id FROM partner_offers WHERE automatic = TRUE GROUP BY lead_id, partner_id HAVING COUNT(*) > 1) x',
    ),
    detailsToNonHolders: await count(
      "SELECT COUNT(*) AS n FROM outbox j JOIN partner_offers o ON o.id = j.offer_id WHERE j.purpose = 'accepted' AND o.accepted_at IS NULL",
    ),
    escalationsTwice: await count(
      "SELECT COUNT(*) AS n FROM (SELECT lead_id FROM outbox WHERE purpose = 'dispatch-escalate' GROUP BY lead_id HAVING COUNT(*) > 1) x",
    ),
    deadJobs: await count("SELECT COUNT(*) AS n FROM outbox WHERE status = 'dead'"),
  };
  const ladders = await count('SELECT COUNT(*) AS n FROM ladder_runs');
  if (values.trace)
    for (const l of leads.filter((x) => x.urgent)) {
      const events = await client.query<{ at: string; kind: string; text: string }>('SELECT at, kind, text FROM lead_events WHERE lead_id = $1 ORDER BY at', [
        l.id,
      ]);
      console.log(`${l.contact_name} (${l.city}), arrived at minute ${((l.created_at.getTime() - Date.now()) / SCALE + now()).toFixed(1)}`);
      for (const e of events.rows) console.log(`  +${((Number(e.at) - l.created_at.getTime()) / SCALE).toFixed(1)} ${e.kind}: ${e.text}`);
    }
  const nobodyAcceptedEmails = await count("SELECT COUNT(*) AS n FROM outbox WHERE purpose = 'unaccepted'");
  await client.end();

  const perLead = leads
    .filter((l) => l.urgent)
    .map((l) => {
      const arrived = l.created_at.getTime();
      const accept = accepts.get(l.id);
      const ack = acks.get(l.id);
      const first = Math.min(accept ?? Infinity, ack ?? Infinity);
      const minutes = Number.isFinite(first) ? Math.round(((first - arrived) / SCALE) * 10) / 10 : null;
      return {
        name: l.contact_name,
        city: l.city,
        minutes,
        by: minutes === null ? 'nobody' : accept !== undefined && accept <= (ack ?? Infinity) ? 'partner' : 'owner',
        promise: l.nobody_on_call ? 'call us now' : 'a technician within hours',
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  const within = perLead.filter((l) => l.minutes !== null && l.minutes <= GOAL_MINUTES).length;
  // Nearest rank over every urgent request: one nobody ever committed to counts as never (infinitely late).
  const all = perLead.map((l) => l.minutes ?? Infinity).sort((a, b) => a - b);
  const rank = (p: number) => {
    const v = all.length ? percentile(all, p) : NaN;
    return Number.isFinite(v) ? v : null;
  };
  await smtp.close();
  await twilio.close();
  await db.cleanup();
  return {
    policy,
    settings: { ...POLICIES[policy] },
    scale: `1 simulated minute = ${SCALE} ms`,
    urgent: perLead.length,
    committedWithin5: within,
    shareWithin5: perLead.length ? Math.round((within / perLead.length) * 1000) / 10 : 0,
    p50Minutes: rank(50),
    p90Minutes: rank(90),
    neverCommitted: perLead.filter((l) => l.minutes === null).length,
    byPartner: perLead.filter((l) => l.by === 'partner').length,
    byOwner: perLead.filter((l) => l.by === 'owner').length,
    untruePromises: perLead.filter((l) => l.minutes === null && l.promise !== 'call us now').length,
    waitedOver30: perLead.filter((l) => l.minutes === null || l.minutes > 30).length,
    toldToCall: perLead.filter((l) => l.promise === 'call us now').length,
    ownerTexts,
    ladders,
    nobodyAcceptedEmails,
    naturalReplies: natural,
    whichAsked,
    invariants,
    kill,
    perLead,
  };
}

const seed = Number(values.seed);
const requests = planNight(seeded(seed), Number(values.urgent), Number(values.planned));
const outDir = join(root, 'bench/results');
mkdirSync(outDir, { recursive: true });
for (const policy of values.policies.split(',') as PolicyName[]) {
  if (!(policy in POLICIES)) throw new Error(`unknown policy ${policy}: ${Object.keys(POLICIES).join(', ')}`);
  const result = await runNight(policy, requests, seed);
  writeFileSync(join(outDir, `night-${policy}.json`), `${JSON.stringify({ seed, ranAt: new Date().toISOString(), ...result }, null, 2)}\n`);
  const { perLead: _perLead, ...summary } = result;
  console.log(JSON.stringify(summary, null, 2));
}
