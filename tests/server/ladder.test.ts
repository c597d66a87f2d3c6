/**
 * The escalation ladder on both stores, with two instances sharing the database (two stores, two
 * apps, two workers), the local stand-in for Twilio and a stand-in for the push sender: an urgent
 * lead nobody on call covers wakes every owner by alert and text at once, each step once across the
 * instances; a round comes due when its time comes (the test moves the steps' due times rather than
 * waiting); the first acknowledgement wins (in the inbox, by the alert's one tap, or OK by text),
 * later steps send nothing, the others woken are told once who has it, and the lead's timeline has
 * one 'acknowledged' event. The routes are attacked: a stranger, staff where owners only, another
 * site, twice at once, and hostile tokens and bodies.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { OutboxWorker } from '../../server/outbox/worker.ts';
import { createLadderSenders, type PushToPerson } from '../../server/outbox/ladder-senders.ts';
import { createDispatchRunners } from '../../server/outbox/dispatch-runner.ts';
import { createTwilioClient } from '../../server/sms/twilio-client.ts';
import { textLadder, ladderCode, startLadder } from '../../server/dispatch/ladder.ts';
import { leadEvents } from '../../server/storage/lead-work.ts';
import { run } from '../../server/storage/steps.ts';
import { makeOffer } from '../../server/dispatch/partner-offers.ts';
import { addHamiltonTechnician } from '../support/partners.ts';
import { SMS_INBOUND_PATH } from '../../server/sms/sms-paths.ts';
import { textParts } from '../../server/sms/segments.ts';
import { ladderWords } from '../../server/dispatch/ladder-words.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { inboxSession, INBOX_ORIGIN, type Browser } from '../support/inbox-session.ts';
import { waitFor } from '../support/peers.ts';
import { startFakeTwilio, signedTwilioPost, type FakeTwilio } from '../support/fake-twilio.ts';
import { freePort } from '../support/server-process.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

const log = pino({ level: 'silent' });
const SID = `AC${'2e'.repeat(16)}`;
const TOKEN = 'ladder-auth-token-0123456789abcd';
const FROM = '+6498870000';
const ARI = { email: 'ari@kaicool.nz', mobile: '021 444 0101', e164: '+64214440101' };
const BO = { email: 'bo@kaicool.nz', mobile: '022 444 0202', e164: '+64224440202' };
const SAM = { email: 'sam@kaicool.nz', mobile: '027 444 0303', e164: '+64274440303' };

interface Pushed {
  userId: string;
  title: string;
  ackUrl: string | undefined;
}

describe.each(storeKinds)('the escalation ladder on %s', (kind) => {
  let t: TestStore;
  let twilio: FakeTwilio;
  let stores: LeadStore[];
  let apps: FastifyInstance[];
  let workers: OutboxWorker[];
  let origin: string;
  let pushed: Pushed[];

  beforeEach(async () => {
    t = await createTestStore(kind);
    twilio = await startFakeTwilio({ accountSid: SID, authToken: TOKEN });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    stores = [t.store, t.reopen()];
    pushed = [];
    const push: PushToPerson = async (userId, message) => {
      pushed.push({ userId, title: message.title, ackUrl: message.ackUrl });
      return { sent: 1, gone: 0, failed: 0 };
    };
    textLadder(true);
    apps = await Promise.all(
      stores.map((store) =>
        buildApp({ store, leadPurposes: [], dispatch: true, inbox: { publicOrigin: INBOX_ORIGIN }, texts: { authToken: TOKEN, publicOrigin: origin } }),
      ),
    );
    await apps[0]!.listen({ host: '127.0.0.1', port });
    const client = createTwilioClient({ accountSid: SID, authToken: TOKEN, from: FROM, apiUrl: twilio.url });
    workers = stores.map(
      (store) =>
        new OutboxWorker({
          store,
          senders: { ...createDispatchRunners(store, 15 * 60_000), ...createLadderSenders({ store, publicOrigin: INBOX_ORIGIN, client, push }) },
          log,
          pollIntervalMs: 30,
          maxAttempts: 3,
          backoff: { baseMs: 20, maxMs: 50 },
        }),
    );
    for (const w of workers) w.start();
  });
  afterEach(async () => {
    for (const w of workers) await w.stop();
    for (const app of apps) await app.close();
    await twilio.close();
    await t.cleanup();
  });

  const sessionOn = (i: number) =>
    inboxSession(
      () => apps[i]!,
      () => stores[i]!,
    );
  async function person(who: { email: string; mobile: string }, role: 'owner' | 'staff' = 'owner', on = 0): Promise<Browser> {
    const s = sessionOn(on);
    const browser = await s.signedIn(who.email, role);
    expect((await s.call(browser, 'PUT', '/profile/mobile', { mobile: who.mobile })).statusCode).toBe(200);
    return browser;
  }
  /**
   * An urgent lead nobody on call covers, and dispatch's call to start its ladder, made on both
   * instances at once (as two instances' dispatch checks may): one starts it.
   */
  async function urgentLead(fields: Record<string, string> = {}): Promise<string> {
    const res = await apps[1]!.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ city: 'Wellington', ...fields }) });
    expect(res.statusCode).toBe(200);
    const lead = (await t.store.listLeads()).at(-1)!.id;
    const started = await Promise.all(stores.map((store) => store.transact(() => startLadder(lead, 'nobody_covers'))));
    expect(started.sort()).toEqual([false, true]);
    return lead;
  }
  /** Moves the clock on to round `round` of the lead's ladder: its steps' due time is now. */
  const roundComes = (leadId: string, round: number) =>
    t.store.transact(() =>
      run(`UPDATE outbox SET next_attempt_at = 0 WHERE purpose = 'ladder' AND status = 'pending' AND period LIKE ?`, `${leadId}/%/${round}/%`),
    );
  const ladderJobs = async (leadId: string) => (await t.store.listJobs()).filter((j) => j.period?.startsWith(`${leadId}/`));
  const idle = () =>
    waitFor(
      async () => (await t.store.listJobs()).every((j) => !j.purpose.startsWith('ladder') || j.status !== 'pending' || j.next_attempt_at > Date.now() + 60_000),
      {
        what: 'the ladder’s due jobs to be done',
      },
    );
  const reply = (from: string, body: string) =>
    signedTwilioPost(
      `${origin}${SMS_INBOUND_PATH}`,
      { MessageSid: `SM${crypto.randomUUID().replaceAll('-', '')}`, AccountSid: SID, From: from, To: FROM, Body: body },
      TOKEN,
    );
  const acks = async (leadId: string) => (await t.store.read(() => leadEvents(leadId))).filter((e) => e.kind === 'acknowledged');

  it('wakes every owner by alert and text at once when nobody covers the lead, once across instances; the first acknowledgement stops it and the others are told once', async () => {
    const ari = await person(ARI);
    const bo = await person(BO, 'owner', 1);
    const sam = await person(SAM, 'staff');
    const lead = await urgentLead();

    // Round 1: both owners, by alert and by text, at once; staff are not on the default ladder.
    await waitFor(() => pushed.length >= 2 && twilio.messages.length >= 2, { what: 'round 1' });
    await idle();
    expect(pushed.map((p) => p.title)).toEqual([expect.stringContaining('Urgent: nobody has Repair, Wellington'), expect.any(String)]);
    expect(twilio.messages.map((m) => m.to).sort()).toEqual([ARI.e164, BO.e164]);
    expect(twilio.messages[0]!.body).toContain(`Reply OK ${ladderCode(lead)}`);
    expect(twilio.messages[0]!.body).not.toMatch(/https?:/);
    // Within two parts of GSM-7, whatever the job's words (the longest the text lets through).
    expect(textParts(twilio.messages[0]!.body)).toMatchObject({ encoding: 'GSM-7' });
    expect(textParts(ladderWords.text({ what: 'x'.repeat(60), who: 'y'.repeat(40), code: 'K7P' }, 'nobody_accepted')).segments).toBeLessThanOrEqual(2);
    // Three rounds of four steps, queued at once; the later ones wait for their time.
    const jobs = await ladderJobs(lead);
    expect(jobs.filter((j) => j.purpose === 'ladder')).toHaveLength(12);
    expect(jobs.filter((j) => j.status === 'done')).toHaveLength(4);
    // The ladder is not started twice: the dispatch check again on the other instance changes nothing.
    expect(await stores[1]!.transact(() => startLadder(lead, 'nobody_covers'))).toBe(false);

    // Round 2, its time come: each step once more, on whichever instance claims it.
    await roundComes(lead, 2);
    await waitFor(() => pushed.length >= 4 && twilio.messages.length >= 4, { what: 'round 2' });
    await idle();
    expect(pushed).toHaveLength(4);
    expect(twilio.messages).toHaveLength(4);

    // Staff see the running ladder and may say they have it; the owners press at the same moment on two instances.
    const list = await sessionOn(0).call(sam, 'GET', '/ladders/running');
    expect(list.json()).toEqual({ lead_ids: [lead] });
    const [a, b] = await Promise.all([
      sessionOn(0).call(ari, 'POST', `/leads/${lead}/acknowledge`),
      sessionOn(1).call(bo, 'POST', `/leads/${lead}/acknowledge`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? ARI : BO;
    const other = winner === ARI ? BO : ARI;
    expect(await acks(lead)).toEqual([expect.objectContaining({ actor_email: winner.email })]);
    expect((await sessionOn(0).call(sam, 'GET', `/leads/${lead}/ladder`)).json()).toMatchObject({ running: false, acknowledged_by: winner.email });

    // The other owner is told who has it, once by each channel that reached them; round 3 sends nothing.
    await waitFor(() => twilio.messages.length >= 5 && pushed.length >= 5, { what: 'the other owner told' });
    await roundComes(lead, 3);
    await idle();
    expect(twilio.messages.slice(4).map((m) => [m.to, m.body.startsWith(`${winner.email} has the urgent job`)])).toEqual([[other.e164, true]]);
    expect(pushed.slice(4).map((p) => [p.title.startsWith(`${winner.email} has it`), p.ackUrl])).toEqual([[true, undefined]]);
    expect((await ladderJobs(lead)).every((j) => j.status === 'done')).toBe(true);
    // A later acknowledgement is told who has it.
    const late = await sessionOn(1).call(sam, 'POST', `/leads/${lead}/acknowledge`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toContain(winner.email);
  });

  it('acknowledges by OK to the ladder text, asks which when two ladders wait, and the alert’s link works once and only from this site', async () => {
    await person(ARI);
    const first = await urgentLead();
    const second = await urgentLead({ work_email: 'second@cafe.nz', city: 'Dunedin' });
    await waitFor(() => twilio.messages.length >= 2 && pushed.length >= 2, { what: 'both ladders' });
    await idle();

    // Two ladders wait: a bare OK takes neither and lists both codes.
    const which = await (await reply(ARI.e164, 'ok')).text();
    expect(which).toContain(ladderCode(first));
    expect(which).toContain(ladderCode(second));
    expect(await acks(first)).toEqual([]);
    // Naming one takes it.
    const yes = await (await reply(ARI.e164, `Yep ${ladderCode(first)} on my way`)).text();
    expect(yes).toContain('it is yours');
    expect(await acks(first)).toEqual([expect.objectContaining({ actor_email: ARI.email })]);

    // The second lead by the alert's one tap: not from another site, not a made-up token, once.
    const link = new URL(pushed.find((p) => p.ackUrl && p.title.includes('Dunedin'))!.ackUrl!);
    const tap = (headers: Record<string, string>, path = link.pathname) => apps[1]!.inject({ method: 'POST', url: path, headers });
    expect((await tap({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await tap({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await tap({ origin: INBOX_ORIGIN }, `/ack/${'A'.repeat(43)}`)).statusCode).toBe(404);
    const taps = await Promise.all([tap({ origin: INBOX_ORIGIN, 'sec-fetch-site': 'same-origin' }), tap({ origin: INBOX_ORIGIN })]);
    // Both are the same person's: the second is told it is theirs (it read the link before the first ended the ladder) or that the link has ended; one acknowledgement.
    expect(taps.map((r) => r.statusCode).sort()).toEqual([200, expect.toBeOneOf([200, 404])]);
    expect(await acks(second)).toEqual([expect.objectContaining({ actor_email: ARI.email, text: expect.stringContaining('alert') })]);
    // The ladder ended: its link opens nothing any more.
    expect((await tap({ origin: INBOX_ORIGIN })).statusCode).toBe(404);

    const refusedToken = async (token: string) => {
      const res = await apps[0]!.inject({ method: 'POST', url: `/ack/${encodeURIComponent(token)}`, headers: { origin: INBOX_ORIGIN } });
      expect([403, 404, 415]).toContain(res.statusCode);
    };
    // Dot segments, which the router reads as a way out of /ack/: '..' reaches the quote form's POST /, which refuses an empty post (415).
    for (const token of ['.', '..']) await refusedToken(token);
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 80 }), refusedToken), { numRuns: 40 });
  });

  it('sends nothing once a partner holds the job, and starts again only when a partner hands it back', async () => {
    const ari = await person(ARI);
    const lead = await urgentLead();
    await waitFor(() => pushed.length >= 1 && twilio.messages.length >= 1, { what: 'round 1' });
    await idle();
    // A partner takes the job before round 2.
    const partner = await addHamiltonTechnician(t.store, 'Ana Cooling', 'ana@x.nz', { regions: ['Wellington'] });
    const made = await t.store.transact(() => makeOffer(lead, partner.id, null, (p) => `Offered to ${p.name}`, 15 * 60_000));
    if (!made.ok) throw new Error(made.reason);
    await t.store.transact(() => run("UPDATE partner_offers SET state = 'accepted', accepted_at = 1 WHERE id = ?", made.offer.id));
    await roundComes(lead, 2);
    // Round 2 sends nothing; the owner it woke is told, once by each channel, which partner has it.
    await waitFor(() => pushed.length >= 2 && twilio.messages.length >= 2, { what: 'the owner told the partner has it' });
    await idle();
    expect([pushed.length, twilio.messages.length]).toEqual([2, 2]);
    expect(twilio.messages[1]!.body).toMatch(/^Ana Cooling has the urgent job/);
    expect(pushed[1]!.title).toMatch(/^Ana Cooling has it/);
    expect((await sessionOn(0).call(ari, 'GET', `/leads/${lead}/ladder`)).json()).toMatchObject({ running: false, acknowledged_by: null });
    expect((await sessionOn(0).call(ari, 'POST', `/leads/${lead}/acknowledge`)).statusCode).toBe(409);
    // A stranger, another site, and ids that are no lead's are refused, never a 500.
    const stranger = await sessionOn(0).openBrowser();
    expect((await sessionOn(0).call(stranger, 'POST', `/leads/${lead}/acknowledge`)).statusCode).toBe(401);
    expect((await sessionOn(0).call(ari, 'POST', `/leads/${lead}/acknowledge`, undefined, { origin: 'https://evil.example' })).statusCode).toBe(403);
    // An id of '.' or '..' (found by fast-check, seed 1303799442) leaves the path for one of other methods: a 405.
    const refusedId = async (id: string) => {
      const res = await sessionOn(0).call(ari, 'POST', `/leads/${encodeURIComponent(id)}/acknowledge`);
      expect([400, 404, 405, 409]).toContain(res.statusCode);
    };
    for (const id of ['.', '..']) await refusedId(id);
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 60 }), refusedId), { numRuns: 25 });
    // Handed back: a new ladder (the dispatch check alone never starts one again).
    await t.store.transact(() => run("UPDATE partner_offers SET state = 'withdrawn' WHERE id = ?", made.offer.id));
    expect(await t.store.transact(() => startLadder(lead, 'nobody_covers'))).toBe(false);
    expect(await t.store.transact(() => startLadder(lead, 'handed_back'))).toBe(true);
    await waitFor(() => pushed.length >= 3 && twilio.messages.length >= 3, { what: 'the new ladder' });
    expect((await sessionOn(1).call(ari, 'POST', `/leads/${lead}/acknowledge`)).statusCode).toBe(200);
  });

  it('starts through dispatch when an urgent lead arrives that nobody on call covers', async () => {
    await person(ARI);
    // On call in Hamilton only: dispatch runs, and finds nobody for Wellington.
    await addHamiltonTechnician(t.store, 'Ana Cooling', 'ana@x.nz');
    const res = await apps[0]!.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ city: 'Wellington' }) });
    expect(res.statusCode).toBe(200);
    const lead = (await t.store.listLeads()).at(-1)!.id;
    await waitFor(() => pushed.length >= 1 && twilio.messages.length >= 1, { what: 'the ladder started by dispatch' });
    expect(twilio.messages.map((m) => m.to)).toEqual([ARI.e164]);
    expect((await t.store.read(() => leadEvents(lead))).filter((e) => e.kind === 'ladder')).toHaveLength(1);
  });

  it('keeps the ladder for owners and the mobile for its own person, and refuses what is not a mobile or not a person', async () => {
    const owner = await person(ARI);
    const staff = await person(SAM, 'staff');
    const s = sessionOn(0);
    const stranger = await s.openBrowser();
    const ladder = await s.call(owner, 'GET', '/ladder');
    expect(ladder.json()).toMatchObject({ custom: false, rounds: 3, every_minutes: 10 });
    const ariId = ladder.json().people.find((p: { email: string }) => p.email === ARI.email).id;
    const samId = ladder.json().people.find((p: { email: string }) => p.email === SAM.email).id;
    expect(ladder.json().steps).toEqual([
      { user_id: ariId, channel: 'push', after_minutes: 0 },
      { user_id: ariId, channel: 'sms', after_minutes: 0 },
    ]);
    const mine = {
      steps: [
        { user_id: samId, channel: 'sms', after_minutes: 0 },
        { user_id: ariId, channel: 'push', after_minutes: 5 },
      ],
      rounds: 2,
      every_minutes: 15,
    };
    expect((await s.call(staff, 'GET', '/ladder')).statusCode).toBe(403);
    expect((await s.call(staff, 'PUT', '/ladder', mine)).statusCode).toBe(403);
    expect((await s.call(stranger, 'PUT', '/ladder', mine)).statusCode).toBe(401);
    expect((await s.call(owner, 'PUT', '/ladder', mine, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const saved = await s.call(owner, 'PUT', '/ladder', mine);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...mine, custom: true });
    expect((await s.call(owner, 'PUT', '/ladder', { ...mine, steps: [{ user_id: 'nobody', channel: 'push', after_minutes: 0 }] })).statusCode).toBe(400);
    // Sam removes his mobile: he cannot be put down for texts again until he adds it.
    expect((await s.call(staff, 'PUT', '/profile/mobile', { mobile: '' })).json()).toMatchObject({ email: SAM.email, mobile: '' });
    expect((await s.call(owner, 'PUT', '/ladder', mine)).json().error).toContain(SAM.email);
    const landline = await s.call(staff, 'PUT', '/profile/mobile', { mobile: '07 838 0000' });
    expect(landline.statusCode).toBe(400);
    expect(landline.json().fields).toHaveProperty('mobile');
    expect((await s.call(stranger, 'PUT', '/profile/mobile', { mobile: SAM.mobile })).statusCode).toBe(401);
    expect((await s.call(owner, 'DELETE', '/ladder')).json()).toMatchObject({ custom: false });

    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.anything(), async (steps, mobile) => {
        const a = await s.call(owner, 'PUT', '/ladder', { steps, rounds: 2, every_minutes: 10 });
        const b = await s.call(staff, 'PUT', '/profile/mobile', { mobile });
        expect(a.statusCode).toBeGreaterThanOrEqual(200);
        expect(a.statusCode).toBeLessThan(500);
        expect([200, 400]).toContain(b.statusCode);
      }),
      { numRuns: 25 },
    );
  });
});
