/**
 * The escalation ladder's phone call, on both stores with two instances (two stores, two apps, two
 * workers) and the local stand-in for Twilio's Calls API: where calls are set up, the default ladder
 * rings the first owner 5 minutes into each round, from the voice number, saying the job's service
 * and city and "press 1"; a call not answered, answered by a voicemail or with another key leaves the
 * ladder running; pressing 1 acknowledges it once, even pressed on two calls at once on two
 * instances; the signed callback is refused unsigned, signed for another URL, replayed, and with any
 * hostile value never answers 500. Without calls, the ladder has no call step and refuses one.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { OutboxWorker } from '../../server/outbox/worker.ts';
import { createLadderSenders, type PushToPerson } from '../../server/outbox/ladder-senders.ts';
import { createTwilioCaller, createTwilioClient } from '../../server/sms/twilio-client.ts';
import { ringLadder, startLadder, textLadder } from '../../server/dispatch/ladder.ts';
import { LADDER_CALL_PATH } from '../../server/voice/voice-paths.ts';
import { leadEvents } from '../../server/storage/lead-work.ts';
import { run } from '../../server/storage/steps.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { inboxSession, INBOX_ORIGIN, type Browser } from '../support/inbox-session.ts';
import { waitFor } from '../support/peers.ts';
import { startFakeTwilio, signedTwilioPost, type FakeTwilio } from '../support/fake-twilio.ts';
import { freePort } from '../support/server-process.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';
import { twilioSignature } from '../../server/sms/twilio-signature.ts';

const log = pino({ level: 'silent' });
const SID = `AC${'3f'.repeat(16)}`;
const TOKEN = 'ladder-call-token-0123456789abcd';
const FROM = '+6498870000';
const VOICE_FROM = '+6480037434';
const ARI = { email: 'ari@kaicool.nz', mobile: '021 444 0101', e164: '+64214440101' };
const BO = { email: 'bo@kaicool.nz', mobile: '022 444 0202', e164: '+64224440202' };

describe.each(storeKinds)('the ladder’s phone call on %s', (kind) => {
  let t: TestStore;
  let twilio: FakeTwilio;
  let stores: LeadStore[];
  let apps: FastifyInstance[];
  let workers: OutboxWorker[];
  let origins: string[];

  async function start(calls: boolean) {
    ringLadder(calls);
    textLadder(true);
    const ports = [await freePort(), await freePort()];
    origins = ports.map((p) => `http://127.0.0.1:${p}`);
    // Twilio is given one public address (the first instance's); a proxy may send its posts to either.
    const publicOrigin = origins[0]!;
    apps = await Promise.all(
      stores.map((store) =>
        buildApp({
          store,
          leadPurposes: [],
          dispatch: true,
          inbox: { publicOrigin: INBOX_ORIGIN },
          texts: { authToken: TOKEN, publicOrigin },
          phoneLine: calls ? { authToken: TOKEN, publicOrigin, numbers: new Map([[VOICE_FROM, 'Website']]) } : undefined,
        }),
      ),
    );
    await Promise.all(apps.map((app, i) => app.listen({ host: '127.0.0.1', port: ports[i]! })));
    const account = { accountSid: SID, authToken: TOKEN, apiUrl: twilio.url };
    const client = createTwilioClient({ ...account, from: FROM });
    const caller = calls ? createTwilioCaller({ ...account, from: VOICE_FROM }) : undefined;
    const push: PushToPerson = async () => ({ sent: 1, gone: 0, failed: 0 });
    workers = stores.map(
      (store) =>
        new OutboxWorker({
          store,
          senders: createLadderSenders({ store, publicOrigin, client, caller, push }),
          log,
          pollIntervalMs: 30,
          maxAttempts: 3,
          backoff: { baseMs: 20, maxMs: 50 },
        }),
    );
    for (const w of workers) w.start();
  }

  beforeEach(async () => {
    t = await createTestStore(kind);
    twilio = await startFakeTwilio({ accountSid: SID, authToken: TOKEN });
    stores = [t.store, t.reopen()];
    apps = [];
    workers = [];
  });
  afterEach(async () => {
    for (const w of workers) await w.stop();
    for (const app of apps) await app.close();
    ringLadder(false);
    await twilio.close();
    await t.cleanup();
  });

  const session = (i = 0) =>
    inboxSession(
      () => apps[i]!,
      () => stores[i]!,
    );
  async function person(who: { email: string; mobile: string }): Promise<Browser> {
    const browser = await session().signedIn(who.email, 'owner');
    expect((await session().call(browser, 'PUT', '/profile/mobile', { mobile: who.mobile })).statusCode).toBe(200);
    return browser;
  }
  /** Ari joined first, so Ari is the first owner; Bo is an owner too. */
  async function owners() {
    const ari = await person(ARI);
    await person(BO);
    await t.store.transact(() => run('UPDATE users SET created_at = 1 WHERE email = ?', ARI.email));
    return ari;
  }
  async function urgentLead(): Promise<string> {
    const res = await apps[1]!.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ city: 'Wellington' }) });
    expect(res.statusCode).toBe(200);
    const lead = (await t.store.listLeads()).at(-1)!.id;
    expect(await t.store.transact(() => startLadder(lead, 'nobody_covers'))).toBe(true);
    return lead;
  }
  /** The calls of round `round` come due now, rather than 5 minutes into it. */
  const callsDue = (leadId: string, round: number) =>
    t.store.transact(() =>
      run(
        `UPDATE outbox SET next_attempt_at = 0 WHERE purpose = 'ladder' AND transport = 'voice' AND status = 'pending' AND period LIKE ?`,
        `${leadId}/%/${round}/%`,
      ),
    );
  const acks = async (leadId: string) => (await t.store.read(() => leadEvents(leadId))).filter((e) => e.kind === 'acknowledged');
  const standing = async (ari: Browser, leadId: string) => (await session().call(ari, 'GET', `/leads/${leadId}/ladder`)).json();

  it('rings the first owner 5 minutes into each round; no answer, a voicemail or another key leave it running; 1 pressed on two calls at once on two instances acknowledges once', async () => {
    await start(true);
    const ari = await owners();
    const ladder = (await session().call(ari, 'GET', '/ladder')).json();
    expect(ladder.channels).toEqual(['push', 'sms', 'voice']);
    expect(ladder.steps.filter((s: { channel: string }) => s.channel === 'voice')).toEqual([
      { user_id: ladder.people.find((p: { email: string }) => p.email === ARI.email).id, channel: 'voice', after_minutes: 5 },
    ]);
    const lead = await urgentLead();
    // The alerts and texts go at once; the call waits for its 5 minutes.
    await waitFor(() => twilio.messages.length >= 2, { what: 'round 1’s texts' });
    const voiceJobs = (await t.store.listJobs()).filter((j) => j.transport === 'voice');
    expect(voiceJobs).toHaveLength(3);
    expect(Math.min(...voiceJobs.map((j) => j.next_attempt_at)) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(twilio.calls).toEqual([]);

    await callsDue(lead, 1);
    const [first] = await waitFor(() => (twilio.calls.length >= 1 ? twilio.calls : undefined), { what: 'round 1’s call' });
    expect(first).toMatchObject({ to: ARI.e164, from: VOICE_FROM, timeout: '25' });
    expect(first!.twiml).toContain('Nobody has taken it: Repair, Wellington. Press 1 to take it.');
    expect(first!.twiml).toContain(`action="${origins[0]}${LADDER_CALL_PATH}?step=`);
    // Nothing of the customer is said before someone takes the job: not in the call's words, nor
    // anywhere in its instructions (where the action's address has a port of any digits, 555 too).
    const spoken = [...first!.twiml.matchAll(/<Say[^>]*>([^<]*)<\/Say>/g)].map((m) => m[1]).join(' ');
    expect(spoken).toContain('Press 1');
    expect(spoken).not.toMatch(/Mere|Kai Cafe|555|kaicafe/i);
    expect(first!.twiml).not.toMatch(/Mere|Kai Cafe|021 ?555 ?0101|kaicafe/i);

    // Not answered or a voicemail: no callback comes. Another key: not acknowledged.
    const two = await twilio.pressKeys(first!.sid, '2');
    expect([two.status, await two.text()]).toEqual([200, expect.stringContaining('the job is not yours')]);
    expect(await standing(ari, lead)).toMatchObject({ running: true, acknowledged_by: null });

    // Round 2's call; each call's 1 is pressed at once, one on each instance.
    await callsDue(lead, 2);
    const [, second] = await waitFor(() => (twilio.calls.length >= 2 ? twilio.calls : undefined), { what: 'round 2’s call' });
    const answers = await Promise.all([twilio.pressKeys(first!.sid, '1', origins[0]), twilio.pressKeys(second!.sid, '1', origins[1])]);
    const said = await Promise.all(answers.map((a) => a.text()));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    // Both are Ari's: one takes it (and hears the customer's number), the other is told it is Ari's.
    expect(said.filter((s) => s.includes('Call the customer now on'))).toHaveLength(1);
    expect(await acks(lead)).toEqual([expect.objectContaining({ actor_email: ARI.email, text: expect.stringContaining('pressing 1 on a phone call') })]);
    expect(await standing(ari, lead)).toMatchObject({ running: false, acknowledged_by: ARI.email });
    // Round 3's call is not placed.
    await callsDue(lead, 3);
    await waitFor(async () => (await t.store.listJobs()).every((j) => j.transport !== 'voice' || j.status === 'done'), { what: 'round 3 done' });
    expect(twilio.calls).toHaveLength(2);
  });

  it('refuses a press of 1 unsigned, signed for another URL or replayed; the same callback twice at once on two instances is taken once; hostile values never 500', async () => {
    await start(true);
    const ari = await owners();
    const lead = await urgentLead();
    await callsDue(lead, 1);
    const [call] = await waitFor(() => (twilio.calls.length >= 1 ? twilio.calls : undefined), { what: 'the call' });
    const action = /action="([^"]+)"/.exec(call!.twiml)![1]!;
    const form = { AccountSid: SID, CallSid: call!.sid, CallStatus: 'in-progress', Digits: '1', From: VOICE_FROM, To: ARI.e164 };
    const post = (headers: Record<string, string>, url = action, payload = new URLSearchParams(form).toString()) =>
      apps[1]!.inject({
        method: 'POST',
        url: url.slice(origins[0]!.length),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload,
      });

    // A stranger, a signature with another token, one for another step's URL, one for another form.
    expect((await post({})).statusCode).toBe(403);
    expect((await post({ 'x-twilio-signature': twilioSignature('another-token-0123456789', action, form) })).statusCode).toBe(403);
    const otherStep = action.replace(/%2F1%2F1%2F(\d+)$/, '%2F1%2F2%2F$1');
    expect(otherStep).not.toBe(action);
    expect((await post({ 'x-twilio-signature': twilioSignature(TOKEN, otherStep, form) })).statusCode).toBe(403);
    expect((await post({ 'x-twilio-signature': twilioSignature(TOKEN, action, { ...form, Digits: '2' }) })).statusCode).toBe(403);
    expect((await post({ 'x-twilio-signature': twilioSignature(TOKEN, action, form) }, otherStep)).statusCode).toBe(403);
    expect(await acks(lead)).toEqual([]);

    // Twilio's one callback delivered twice at once, to both instances: taken once, the repeat refused.
    const signature = twilioSignature(TOKEN, action, form);
    const both = await Promise.all(
      origins.map((o) =>
        signedTwilioPost(`${o}${action.slice(origins[0]!.length)}`, form, TOKEN, action).then(async (r) => [r.status, await r.text()] as const),
      ),
    );
    expect(both.map(([status]) => status).sort()).toEqual([200, 403]);
    expect(both.find(([status]) => status === 200)![1]).toContain('the job is yours');
    expect(await acks(lead)).toHaveLength(1);
    // Replayed later: refused.
    expect((await post({ 'x-twilio-signature': signature })).statusCode).toBe(403);
    expect((await session().call(ari, 'GET', `/leads/${lead}/ladder`)).json()).toMatchObject({ acknowledged_by: ARI.email });

    // Any signed step value, key or form is 200 or a clear 4xx and acknowledges nothing more; unsigned is 403.
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 60 }),
        fc.string({ maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 20 })),
        async (step, digits, extra) => {
          const url = `${origins[0]}${LADDER_CALL_PATH}?step=${encodeURIComponent(step)}`;
          const params = { ...extra, Digits: digits };
          const signed = await post({ 'x-twilio-signature': twilioSignature(TOKEN, url, params) }, url, new URLSearchParams(params).toString());
          expect([200, 400, 403]).toContain(signed.statusCode);
          expect((await post({}, url, new URLSearchParams(params).toString())).statusCode).toBe(403);
        },
      ),
      { numRuns: 30 },
    );
    expect(await acks(lead)).toHaveLength(1);
  });

  it('without calls set up: no call step by default, none may be saved, and the callback does not answer', async () => {
    await start(false);
    const ari = await owners();
    const ladder = (await session().call(ari, 'GET', '/ladder')).json();
    expect(ladder.channels).toEqual(['push', 'sms']);
    expect(ladder.steps.map((s: { channel: string }) => s.channel)).not.toContain('voice');
    const step = { user_id: ladder.people[0].id, channel: 'voice', after_minutes: 5 };
    const saved = await session().call(ari, 'PUT', '/ladder', { steps: [step], rounds: 1, every_minutes: 10 });
    expect([saved.statusCode, saved.json().error]).toEqual([400, expect.stringContaining('cannot place phone calls')]);
    const res = await apps[0]!.inject({
      method: 'POST',
      url: LADDER_CALL_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'Digits=1',
    });
    // What any address no route serves answers.
    expect([404, 405]).toContain(res.statusCode);
  });
});
