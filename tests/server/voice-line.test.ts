/**
 * The business's phone line, on both stores with two instances sharing the database: Twilio's
 * signed webhooks posted in the order Twilio sends them, through the real routes (inject), with the
 * local stand-in for Twilio's Messages API taking the text back.
 * - answered at the first step (press 1): the call is the person's, their lead says so and how long;
 * - rung through three people to the voicemail: a missed, urgent lead after hours, the ladder
 *   started, the voicemail and transcript on it, one text back once the caller hung up;
 * - a callee whose voicemail picks up (nobody presses 1): not answered;
 * - the caller hanging up during the holding message: missed, a lead and a text back;
 * - the same webhook twice, and twice at once on two instances: taken once;
 * - a stranger, a signature for another URL, a forged "pressed 1" on a ring that is not running,
 *   hostile values: refused, never a 500;
 * - without the voice settings no call route answers; owners (not staff) set who answers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { OutboxWorker } from '../../server/outbox/worker.ts';
import { createCustomerTexts } from '../../server/outbox/customer-texts.ts';
import { createTwilioClient } from '../../server/sms/twilio-client.ts';
import { textCustomers } from '../../server/dispatch/customer-updates.ts';
import { twilioSignature } from '../../server/sms/twilio-signature.ts';
import { createUser } from '../../server/storage/sign-in-data.ts';
import { setMobile } from '../../server/storage/ladder-records.ts';
import { saveAnswerers, callBySid, legsOfCall, type CallAnswerer } from '../../server/storage/call-records.ts';
import { leadEvents } from '../../server/storage/lead-work.ts';
import { all } from '../../server/storage/steps.ts';
import { isBusinessTime } from '../../core/nz-time.ts';
import { textParts } from '../../server/sms/segments.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import {
  VOICE_INCOMING_PATH,
  VOICE_KEY_PATH,
  VOICE_RECORDING_PATH,
  VOICE_STATUS_PATH,
  VOICE_STEP_PATH,
  VOICE_TRANSCRIPT_PATH,
  VOICE_VOICEMAIL_PATH,
  VOICE_WHISPER_PATH,
} from '../../server/voice/voice-paths.ts';
import { addHamiltonTechnician } from '../support/partners.ts';
import { waitFor } from '../support/peers.ts';
import { startFakeTwilio, type FakeTwilio } from '../support/fake-twilio.ts';
import { inboxSession } from '../support/inbox-session.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';
import fc, { propertyRuns } from '../support/property-runs.ts';

const log = pino({ level: 'silent' });
const ACCOUNT = `AC${'3f'.repeat(16)}`;
const TOKEN = 'test-auth-token-voice-0123456789';
const ORIGIN = 'https://line.example.nz';
const LINE = '+6480037434';
const NUMBERS = new Map([[LINE, 'Website']]);
/** Wednesday 10 am and Sunday 3 am in New Zealand. */
const OFFICE = new Date('2026-11-24T21:00:00Z');
const NIGHT = new Date('2026-11-28T14:00:00Z');

let n = 0;
const hex = () => (++n).toString(16).padStart(32, '0');
const callSid = () => `CA${hex()}`;
const caller = () => `+642155${String(10000 + n++).slice(-5)}`;

describe.each(storeKinds)('the phone line on %s', (kind) => {
  let t: TestStore;
  let stores: LeadStore[];
  let apps: FastifyInstance[];
  let workers: OutboxWorker[];
  let twilio: FakeTwilio;
  let now = NIGHT;
  let people: { ana: string; ben: string; cat: string; owner: string };

  beforeAll(async () => {
    expect(isBusinessTime(OFFICE) && !isBusinessTime(NIGHT)).toBe(true);
    t = await createTestStore(kind);
    twilio = await startFakeTwilio({ accountSid: ACCOUNT, authToken: TOKEN });
    stores = [t.store, t.reopen()];
    textCustomers(true);
    apps = await Promise.all(
      stores.map((store) =>
        buildApp({
          store,
          leadPurposes: [],
          inbox: { publicOrigin: 'http://localhost:4321' },
          phoneLine: { authToken: TOKEN, publicOrigin: ORIGIN, numbers: NUMBERS, clock: () => now },
        }),
      ),
    );
    const client = createTwilioClient({ accountSid: ACCOUNT, authToken: TOKEN, from: '+6498870000', apiUrl: twilio.url });
    workers = stores.map(
      (store) =>
        new OutboxWorker({
          store,
          senders: { 'customer-call-back': createCustomerTexts({ store, client })['customer-call-back'] },
          log,
          pollIntervalMs: 50,
          maxAttempts: 3,
          backoff: { baseMs: 20, maxMs: 50 },
        }),
    );
    for (const w of workers) w.start();
    const user = async (email: string, role: 'owner' | 'staff', mobile: string) => {
      const made = (await t.store.transact(() => createUser(email, role)))!;
      await t.store.transact(() => setMobile(made.id, mobile));
      return made.id;
    };
    people = {
      owner: await user('olivia@crnz.test', 'owner', '021 555 0100'),
      ana: await user('ana@crnz.test', 'staff', '021 555 0101'),
      ben: await user('ben@crnz.test', 'staff', '021 555 0102'),
      cat: (await addHamiltonTechnician(t.store, 'Cat Cooling', 'cat@partner.test', { phone: '021 555 0103' })).id,
    };
  });
  afterAll(async () => {
    for (const w of workers) await w.stop();
    for (const app of apps) await app.close();
    textCustomers(false);
    await twilio.close();
    await t.cleanup();
  });

  const entry = (kind: CallAnswerer['kind'], id: string, phone: string): CallAnswerer => ({ kind, id, phone });
  const answerers = (list: CallAnswerer[]) => t.store.transact(() => saveAnswerers({ office: list, after_hours: list }, people.owner));
  beforeEach(async () => {
    now = NIGHT;
    await answerers([entry('user', people.ana, '021 555 0101')]);
  });

  /** A webhook as Twilio posts it: the form signed over PUBLIC_ORIGIN's URL (or `signedFor`'s). */
  const post = (app: number, url: string, form: Record<string, string>, signedFor = url) =>
    apps[app]!.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TOKEN, `${ORIGIN}${signedFor}`, form) },
      payload: new URLSearchParams(form).toString(),
    });
  /** The path and query of a URL the TwiML names, checked to be on PUBLIC_ORIGIN. */
  const pathOf = (url: string) => {
    const u = new URL(url.replaceAll('&#38;', '&'));
    expect(u.origin).toBe(ORIGIN);
    return `${u.pathname}${u.search}`;
  };
  const attr = (xml: string, tag: string, name: string) => new RegExp(`<${tag}[^>]* ${name}="([^"]*)"`).exec(xml)?.[1];

  /** A call coming in: its sid, the caller, and the first answer's TwiML. */
  async function callIn(from = caller(), app = 0) {
    const sid = callSid();
    const res = await post(app, VOICE_INCOMING_PATH, { CallSid: sid, AccountSid: ACCOUNT, From: from, To: LINE, CallStatus: 'ringing' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/xml/);
    return { sid, from, xml: res.body };
  }
  /** A ring that ended (the Dial action the TwiML named), on instance `app`. */
  const ringEnds = (xml: string, sid: string, status: string, app = 1, extra: Record<string, string> = {}) =>
    post(app, pathOf(attr(xml, 'Dial', 'action')!), { CallSid: sid, AccountSid: ACCOUNT, DialCallStatus: status, CallStatus: 'in-progress', ...extra });
  /** The call's lead, once stored (it is stored beside the webhook's answer, not before it). */
  const leadOf = (sid: string) => waitFor(async () => (await t.store.read(() => callBySid(sid)))!.lead_id, { what: 'the call lead', timeoutMs: 5000 });
  const eventsOf = async (leadId: string) => (await t.store.read(() => leadEvents(leadId))).map((e) => `${e.kind}: ${e.text}`);
  const textsTo = (to: string) => twilio.messages.filter((m) => m.to === to);

  it('answered at the first step: the person pressed 1, and the lead says who and how long', async () => {
    now = OFFICE;
    const { sid, from, xml } = await callIn();
    expect(xml).toContain('Commercial Refrigeration NZ');
    expect(xml).toContain('<Number');
    expect(xml).toContain('+64215550101');
    const whisper = pathOf(attr(xml, 'Number', 'url')!);
    const w = await post(1, whisper, { CallSid: callSid(), AccountSid: ACCOUNT, CallStatus: 'in-progress' });
    expect(w.body).toContain('press 1 to take it');
    const key = pathOf(attr(w.body, 'Gather', 'action')!);
    expect(key.startsWith(VOICE_KEY_PATH)).toBe(true);
    const pressed = await post(0, key, { CallSid: callSid(), AccountSid: ACCOUNT, Digits: '1' });
    expect(pressed.body).not.toContain('Hangup');
    const ended = await ringEnds(xml, sid, 'completed', 1, { DialCallDuration: '240' });
    expect(ended.body).toContain('<Hangup/>');
    await post(0, VOICE_STATUS_PATH, { CallSid: sid, AccountSid: ACCOUNT, CallStatus: 'completed', CallDuration: '260' });
    await leadOf(sid);
    const call = (await t.store.read(() => callBySid(sid)))!;
    expect(call).toMatchObject({ status: 'answered', answered_by: people.ana, answered_name: 'Ana', talk_seconds: 240, after_hours: false, source: 'Website' });
    expect(call.ended_at).not.toBeNull();
    const events = await eventsOf(call.lead_id!);
    expect(events).toContain('acknowledged: Ana answered the call');
    expect(events).toContain('customer: Answered by Ana, 4 min');
    const lead = (await t.store.getLead(call.lead_id!))!;
    expect(lead).toMatchObject({ utm_medium: 'phone', utm_source: 'Website', urgent: false });
    expect(lead.phone).toBe(`0${from.slice(3)}`);
    expect(textsTo(from)).toHaveLength(0);
  });

  it('rung through three people to the voicemail after hours: a missed urgent lead, the ladder, the voicemail and one text back', async () => {
    await answerers([entry('user', people.ana, '021 555 0101'), entry('user', people.ben, '021 555 0102'), entry('partner', people.cat, '021 555 0103')]);
    const { sid, from, xml } = await callIn();
    const second = await ringEnds(xml, sid, 'no-answer');
    expect(second.body).toContain('+64215550102');
    const third = await ringEnds(second.body, sid, 'busy', 0);
    expect(third.body).toContain('+64215550103');
    const voicemail = await ringEnds(third.body, sid, 'no-answer', 1);
    expect(voicemail.body).toContain('<Record');
    expect(attr(voicemail.body, 'Record', 'maxLength')).toBe('120');
    // The lead is stored as the voicemail is offered, before the caller hangs up; no text yet.
    const leadId = await leadOf(sid);
    const lead = (await t.store.getLead(leadId))!;
    expect(lead.urgent).toBe(true);
    expect(lead.notes).toMatch(/^Missed call to 080037434 \(Website\)/);
    const ladder = await t.store.read(() => all('SELECT reason FROM ladder_runs WHERE lead_id = ?', leadId));
    expect(ladder).toEqual([{ reason: 'missed_call' }]);
    expect(textsTo(from)).toHaveLength(0);
    const recording = {
      CallSid: sid,
      AccountSid: ACCOUNT,
      RecordingSid: `RE${hex()}`,
      RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT}/Recordings/x`,
      RecordingDuration: '42',
    };
    const hungUp = Date.now();
    const done = await post(0, pathOf(attr(voicemail.body, 'Record', 'action')!), { ...recording, CallStatus: 'completed' });
    expect(done.body).toContain('Thank you');
    const [text] = await waitFor(() => textsTo(from).length === 1 && textsTo(from), { what: 'the text back', timeoutMs: 5000 });
    expect(Date.now() - hungUp).toBeLessThan(5000);
    expect(text!.body).toMatch(/^Sorry we missed your call\. Commercial Refrigeration NZ will call you back within 15 minutes\./);
    expect(text!.body).not.toMatch(/https?:|www\./);
    expect(textParts(text!.body).segments).toBeLessThanOrEqual(2);
    await post(1, VOICE_RECORDING_PATH, { ...recording, RecordingStatus: 'completed' });
    await post(0, VOICE_TRANSCRIPT_PATH, {
      CallSid: sid,
      AccountSid: ACCOUNT,
      TranscriptionStatus: 'completed',
      TranscriptionText: 'Cool room at 12 Main St is warm',
    });
    await post(1, VOICE_STATUS_PATH, { CallSid: sid, AccountSid: ACCOUNT, CallStatus: 'completed' });
    const call = (await t.store.read(() => callBySid(sid)))!;
    expect(call).toMatchObject({ status: 'missed', recording_seconds: 42, transcript: 'Cool room at 12 Main St is warm' });
    expect((await t.store.read(() => legsOfCall(sid))).map((l) => `${l.name} ${l.result}`)).toEqual(['Ana no-answer', 'Ben busy', 'Cat Cooling no-answer']);
    const events = await eventsOf(leadId);
    expect(events.filter((e) => e.startsWith('customer: Missed call: rang Ana'))).toHaveLength(1);
    expect(events.filter((e) => e === 'customer: Voicemail left (42 s)')).toHaveLength(1);
    expect(events).toContain('customer: Voicemail: Cool room at 12 Main St is warm');
    expect(textsTo(from)).toHaveLength(1);
  });

  it('a callee whose voicemail picks up is not an answer: nobody pressed 1, and the call goes on to the voicemail', async () => {
    const { sid, xml } = await callIn();
    const whisper = await post(1, pathOf(attr(xml, 'Number', 'url')!), { CallSid: callSid(), AccountSid: ACCOUNT, CallStatus: 'in-progress' });
    expect(whisper.body).toContain('<Gather');
    // The mobile's voicemail listens, presses nothing; the whisper hangs up and the Dial ends "completed".
    const next = await ringEnds(xml, sid, 'completed', 0, { DialCallDuration: '30' });
    expect(next.body).toContain('<Record');
    const call = (await t.store.read(() => callBySid(sid)))!;
    expect(call.status).toBe('missed');
    expect(call.answered_by).toBeNull();
    expect((await t.store.read(() => legsOfCall(sid)))[0]!.result).toBe('no-key');
  });

  it('the caller hanging up during the holding message: missed, a lead and one text back', async () => {
    const { sid, from } = await callIn();
    const res = await post(1, VOICE_STATUS_PATH, { CallSid: sid, AccountSid: ACCOUNT, CallStatus: 'completed', CallDuration: '4' });
    expect(res.statusCode).toBe(200);
    await leadOf(sid);
    expect((await t.store.read(() => callBySid(sid)))!.status).toBe('missed');
    await waitFor(() => textsTo(from).length === 1, { what: 'the text back', timeoutMs: 5000 });
    // The Dial Twilio never ran reports nothing; a late one would change nothing.
    expect((await t.store.read(() => legsOfCall(sid)))[0]!.result).toBe('no-answer');
  });

  it('takes the same webhook once, delivered twice or twice at once on two instances', async () => {
    const from = caller();
    const sid = callSid();
    const form = { CallSid: sid, AccountSid: ACCOUNT, From: from, To: LINE, CallStatus: 'ringing' };
    const both = await Promise.all([post(0, VOICE_INCOMING_PATH, form), post(1, VOICE_INCOMING_PATH, form)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const xml = both.find((r) => r.statusCode === 200)!.body;
    const again = await post(0, VOICE_INCOMING_PATH, form);
    expect(again.statusCode).toBe(403);
    // The voicemail's end and the call's status at once on the two instances: one lead, one text.
    const voicemail = await ringEnds(xml, sid, 'no-answer');
    const twice = await Promise.all([ringEnds(xml, sid, 'no-answer', 0), ringEnds(xml, sid, 'no-answer', 1)]);
    expect(twice.map((r) => r.statusCode)).toEqual([403, 403]);
    await Promise.all([
      post(0, pathOf(attr(voicemail.body, 'Record', 'action')!), { CallSid: sid, AccountSid: ACCOUNT, CallStatus: 'completed' }),
      post(1, VOICE_STATUS_PATH, { CallSid: sid, AccountSid: ACCOUNT, CallStatus: 'completed' }),
    ]);
    await waitFor(() => textsTo(from).length === 1, { what: 'the text back', timeoutMs: 5000 });
    const leads = await t.store.read(() => all("SELECT id FROM leads WHERE utm_medium = 'phone' AND phone = ?", `0${from.slice(3)}`));
    expect(leads).toHaveLength(1);
    const calls = await t.store.read(() => all('SELECT sid FROM calls WHERE caller = ?', from));
    expect(calls).toHaveLength(1);
    expect(textsTo(from)).toHaveLength(1);
  });

  it('refuses a stranger, a signature for another URL, and a forged "pressed 1" on a ring not running', async () => {
    const form = { CallSid: callSid(), AccountSid: ACCOUNT, From: caller(), To: LINE, CallStatus: 'ringing' };
    const stranger = await apps[0]!.inject({
      method: 'POST',
      url: VOICE_INCOMING_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(stranger.statusCode).toBe(403);
    const elsewhere = await post(0, VOICE_INCOMING_PATH, form, VOICE_STATUS_PATH);
    expect(elsewhere.statusCode).toBe(403);
    expect(await t.store.read(() => callBySid(form.CallSid))).toBeUndefined();
    // Signed, but for a step that never rang: nothing is answered.
    const { sid } = await callIn();
    const forged = await post(1, `${VOICE_KEY_PATH}?call=${sid}&n=2`, { CallSid: callSid(), AccountSid: ACCOUNT, Digits: '1' });
    expect(forged.body).toContain('<Hangup/>');
    expect((await t.store.read(() => callBySid(sid)))!.status).toBe('ringing');
    const notOne = await post(1, `${VOICE_KEY_PATH}?call=${sid}&n=1`, { CallSid: callSid(), AccountSid: ACCOUNT, Digits: '2' });
    expect(notOne.body).toContain('<Hangup/>');
    expect((await t.store.read(() => callBySid(sid)))!.status).toBe('ringing');
    expect(await t.store.read(() => all('SELECT 1 FROM lead_events WHERE text LIKE ?', `%${sid}%`))).toEqual([]);
  });

  it('answers hostile values with a 4xx or TwiML, never a 500', async () => {
    const paths = [
      VOICE_INCOMING_PATH,
      `${VOICE_STEP_PATH}?n=1`,
      `${VOICE_WHISPER_PATH}?call=x&n=9`,
      VOICE_VOICEMAIL_PATH,
      VOICE_RECORDING_PATH,
      VOICE_TRANSCRIPT_PATH,
      VOICE_STATUS_PATH,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.dictionary(
          fc.constantFrom('CallSid', 'From', 'To', 'Digits', 'RecordingUrl', 'RecordingDuration', 'TranscriptionText', 'DialCallStatus'),
          fc.string({ maxLength: 60 }),
        ),
        fc.boolean(),
        async (path, form, validSid) => {
          const res = await post(0, path, validSid ? { ...form, CallSid: callSid() } : form);
          expect([200, 400, 403]).toContain(res.statusCode);
        },
      ),
      { numRuns: propertyRuns(25) },
    );
  });

  it('owners set who answers (staff may not); a partner off call is passed over', async () => {
    const session = inboxSession(
      () => apps[0]!,
      () => t.store,
    );
    const owner = await session.signedIn('owner2@crnz.test', 'owner');
    const staff = await session.signedIn('staff2@crnz.test', 'staff');
    const lists = {
      office: [{ kind: 'partner', id: people.cat, phone: '021 555 0103' }],
      after_hours: [{ kind: 'user', id: people.ben, phone: '+64 21 555 0102' }],
    };
    expect((await session.call(staff, 'PUT', '/calls/answerers', lists)).statusCode).toBe(403);
    expect((await session.call(owner, 'PUT', '/calls/answerers', { ...lists, office: [{ kind: 'user', id: people.ana, phone: 'call me' }] })).statusCode).toBe(
      400,
    );
    expect(
      (await session.call(owner, 'PUT', '/calls/answerers', { ...lists, office: [{ kind: 'user', id: 'nobody', phone: '021 555 0101' }] })).statusCode,
    ).toBe(400);
    const saved = await session.call(owner, 'PUT', '/calls/answerers', lists);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...lists, line_on: false });
    now = NIGHT;
    expect((await callIn()).xml).toContain('+64215550102');
    now = OFFICE;
    const off = await addHamiltonTechnician(t.store, 'Off Call', 'off@partner.test', { on_call: false, phone: '021 555 0104' });
    await t.store.transact(() =>
      saveAnswerers({ office: [entry('partner', off.id, '021 555 0104'), entry('partner', people.cat, '021 555 0103')], after_hours: [] }, people.owner),
    );
    const { xml } = await callIn();
    expect(xml).toContain('+64215550103');
  });
});

describe('without the voice settings', () => {
  it('answers no call route', async () => {
    const t = await createTestStore('sqlite');
    const app = await buildApp({ store: t.store, leadPurposes: [] });
    try {
      const post = (url: string) => app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'CallSid=x' });
      const unknown = await post('/voice/twilio/nothing-here');
      for (const path of [VOICE_INCOMING_PATH, VOICE_STATUS_PATH, VOICE_STEP_PATH]) expect((await post(path)).statusCode).toBe(unknown.statusCode);
      expect(unknown.statusCode).toBeGreaterThanOrEqual(404);
    } finally {
      await app.close();
      await t.cleanup();
    }
  });
});
