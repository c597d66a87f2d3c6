/**
 * Calls in the inbox, on both stores with two instances: a call lead shows who was rung and for how
 * long; its voicemail plays to signed-in people only, fetched from the stand-in for Twilio with the
 * account's credentials and passed on uncached (a Range too); an owner deletes a recording (once,
 * pressed at once on two instances), and so do a privacy deletion and the retention purge, at
 * Twilio as well; the Reports count calls per day and number, and how long missed callers waited
 * to be called back. The routes are attacked: a stranger, staff where owners only, another site and
 * hostile ids.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { OutboxWorker } from '../../server/outbox/worker.ts';
import { createRecordingDeleter } from '../../server/outbox/recording-deletes.ts';
import { createTwilioRecordings } from '../../server/sms/twilio-client.ts';
import {
  addRecording,
  addTranscript,
  answerCall,
  endCall,
  endLeg,
  missCall,
  setCallLead,
  setTalkSeconds,
  startCall,
  startLeg,
} from '../../server/storage/call-records.ts';
import { run } from '../../server/storage/steps.ts';
import { addEvent, leadEvents } from '../../server/storage/lead-work.ts';
import { voiceWords } from '../../server/voice/voice-words.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { cookieHeader, inboxSession, INBOX_ORIGIN, type Browser } from '../support/inbox-session.ts';
import { waitFor } from '../support/peers.ts';
import { startFakeTwilio, type FakeTwilio } from '../support/fake-twilio.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

const log = pino({ level: 'silent' });
const SID = `AC${'4a'.repeat(16)}`;
const TOKEN = 'call-recordings-token-0123456789';
const WEBSITE = '+6480037434';
const VAN = '+6495550101';
const hex = (n: number) => n.toString(16).padStart(32, '0');
const callSid = (n: number) => `CA${hex(n)}`;
const recordingSid = (n: number) => `RE${hex(n)}`;
const MP3 = Buffer.from(Array.from({ length: 4000 }, (_, i) => i % 251));

describe.each(storeKinds)('calls in the inbox on %s', (kind) => {
  let t: TestStore;
  let twilio: FakeTwilio;
  let stores: LeadStore[];
  let apps: FastifyInstance[];
  let worker: OutboxWorker | undefined;

  beforeEach(async () => {
    t = await createTestStore(kind);
    twilio = await startFakeTwilio({ accountSid: SID, authToken: TOKEN });
    stores = [t.store, t.reopen()];
    const recordings = createTwilioRecordings({ accountSid: SID, authToken: TOKEN, apiUrl: twilio.url });
    apps = await Promise.all(stores.map((store) => buildApp({ store, leadPurposes: [], inbox: { publicOrigin: INBOX_ORIGIN, recordings } })));
    worker = new OutboxWorker({
      store: t.store,
      senders: createRecordingDeleter(recordings),
      log,
      pollIntervalMs: 30,
      maxAttempts: 3,
      backoff: { baseMs: 20, maxMs: 50 },
    });
    worker.start();
  });
  afterEach(async () => {
    await worker?.stop();
    for (const app of apps) await app.close();
    await twilio.close();
    await t.cleanup();
  });

  const session = (i = 0) =>
    inboxSession(
      () => apps[i]!,
      () => stores[i]!,
    );
  /** A call to `dialled` `minutesAgo` ago that rang Ari 20 s and Bo 18 s; missed with a voicemail, or answered by Ari. */
  async function call(n: number, o: { dialled: string; missed: boolean; minutesAgo: number; voicemail?: boolean }): Promise<string> {
    const res = await apps[0]!.inject({
      method: 'POST',
      url: '/',
      headers: JSON_ACCEPT,
      payload: formBody({ work_email: `caller${n}@x.nz`, notes: `call ${n}` }),
    });
    expect(res.statusCode).toBe(200);
    const lead = (await t.store.listLeads()).find((l) => l.work_email === `caller${n}@x.nz`)!.id;
    const sid = callSid(n);
    await t.store.transact(function* () {
      yield* startCall({ sid, dialled: o.dialled, source: o.dialled === WEBSITE ? 'Website' : 'Van signage', caller: '+64211234567', afterHours: true });
      yield* startLeg({ sid, step: 1, kind: 'user', id: 'u1', name: 'Ari' });
      if (o.missed) {
        yield* endLeg(sid, 1, 'no-answer');
        yield* startLeg({ sid, step: 2, kind: 'user', id: 'u2', name: 'Bo' });
        yield* endLeg(sid, 2, 'no-key');
        yield* missCall(sid);
      } else {
        yield* endLeg(sid, 1, 'answered');
        yield* answerCall(sid, { kind: 'user', id: 'u1', name: 'Ari' });
      }
      yield* endCall(sid);
      if (!o.missed) yield* setTalkSeconds(sid, 240);
      if (o.voicemail) {
        yield* addRecording(sid, { sid: recordingSid(n), url: `https://api.twilio.com/2010-04-01/Accounts/${SID}/Recordings/${recordingSid(n)}`, seconds: 42 });
        yield* addTranscript(sid, 'Cool room at 12 Main St is warm');
      }
      yield* setCallLead(sid, lead);
      // As the transcript's callback writes it on the lead's timeline.
      if (o.voicemail) yield* addEvent(lead, 'customer', null, voiceWords.events.transcript('Cool room at 12 Main St is warm'));
      const at = Date.now() - o.minutesAgo * 60_000;
      yield* run('UPDATE calls SET started_at = ? WHERE sid = ?', at, sid);
      for (const [step, seconds] of [
        [1, 20],
        [2, 18],
      ] as const)
        yield* run('UPDATE call_legs SET started_at = ?, ended_at = ? WHERE call_sid = ? AND step = ?', at, at + seconds * 1000, sid, step);
    });
    if (o.voicemail) twilio.recordings.set(recordingSid(n), MP3);
    return lead;
  }
  const audio = (i: number, browser: Browser | undefined, sid: string, headers: Record<string, string> = {}) =>
    apps[i]!.inject({
      method: 'GET',
      url: `/inbox/api/calls/${sid}/recording`,
      headers: { ...(browser ? { cookie: cookieHeader(browser) } : {}), ...headers },
    });

  it('shows who was rung and for how long, and plays the voicemail to signed-in people only, through the server, uncached', async () => {
    const staff = await session().signedIn('sam@kaicool.nz', 'staff');
    const lead = await call(1, { dialled: WEBSITE, missed: true, minutesAgo: 3, voicemail: true });
    const calls = (await session().call(staff, 'GET', `/leads/${lead}/calls`)).json().calls;
    expect(calls).toEqual([
      expect.objectContaining({
        sid: callSid(1),
        dialled: WEBSITE,
        source: 'Website',
        status: 'missed',
        rung: [
          { name: 'Ari', seconds: 20, result: 'no-answer' },
          { name: 'Bo', seconds: 18, result: 'no-key' },
        ],
        voicemail_seconds: 42,
        transcript: 'Cool room at 12 Main St is warm',
      }),
    ]);
    // Nothing of Twilio's address for it reaches the browser.
    expect(JSON.stringify(calls)).not.toContain('api.twilio.com');

    const played = await audio(1, staff, callSid(1));
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.equals(MP3)).toBe(true);
    expect(played.headers['content-type']).toBe('audio/mpeg');
    expect(played.headers['cache-control']).toContain('no-store');
    expect(JSON.stringify(played.headers)).not.toMatch(/twilio|RE0/i);
    const part = await audio(0, staff, callSid(1), { range: 'bytes=100-199' });
    expect([part.statusCode, part.headers['content-range'], part.rawPayload.length]).toEqual([206, 'bytes 100-199/4000', 100]);
    // The server asked with the account's credentials, by the recording's SID alone.
    expect(twilio.requests.filter((r) => r.path.endsWith(`${recordingSid(1)}.mp3`)).every((r) => r.authorization?.startsWith('Basic '))).toBe(true);

    // A stranger, no lead, a call with no voicemail, hostile ids: refused, never a 500.
    expect((await audio(0, undefined, callSid(1))).statusCode).toBe(401);
    expect((await audio(0, await session().openBrowser(), callSid(1))).statusCode).toBe(401);
    expect((await session().call(staff, 'GET', `/leads/${crypto.randomUUID()}/calls`)).statusCode).toBe(404);
    await call(2, { dialled: VAN, missed: false, minutesAgo: 2 });
    expect((await audio(0, staff, callSid(2))).statusCode).toBe(404);
    const hostileSid = async (sid: string, range: string) => {
      const res = await audio(1, staff, encodeURIComponent(sid), { range });
      expect([400, 404]).toContain(res.statusCode);
      // A dot segment leaves `/calls/recording`, a path of other methods only: 405.
      const del = await session(1).call(staff, 'DELETE', `/calls/${encodeURIComponent(sid)}/recording`);
      expect([400, 403, 404, 405]).toContain(del.statusCode);
    };
    // What fast-check once found (seed -1188428643): a sid of "." answered the DELETE with a 405.
    for (const sid of ['.', '..']) await hostileSid(sid, '');
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 40 }), fc.string({ maxLength: 30 }), hostileSid), { numRuns: 30 });
  });

  it('lets owners delete a recording, once even pressed at once on two instances, and deletes it at Twilio; a privacy deletion and the purge do too', async () => {
    const owner = await session().signedIn('ari@kaicool.nz', 'owner');
    const owner1 = await session(1).signedIn('bo@kaicool.nz', 'owner');
    const staff = await session().signedIn('sam@kaicool.nz', 'staff');
    const lead = await call(1, { dialled: WEBSITE, missed: true, minutesAgo: 3, voicemail: true });
    const path = `/calls/${callSid(1)}/recording`;
    expect((await session().call(staff, 'DELETE', path)).statusCode).toBe(403);
    expect((await session().call(owner, 'DELETE', path, undefined, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await session().call(await session().openBrowser(), 'DELETE', path)).statusCode).toBe(401);

    const both = await Promise.all([session(0).call(owner, 'DELETE', path), session(1).call(owner1, 'DELETE', path)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(both.find((r) => r.statusCode === 200)!.json().calls[0]).toMatchObject({ voicemail_seconds: null, transcript: null });
    // The transcript's copy on the timeline goes with it.
    expect((await t.store.read(() => leadEvents(lead))).map((e) => e.text).join('\n')).not.toContain('Cool room at 12 Main St');
    expect((await audio(0, staff, callSid(1))).statusCode).toBe(404);
    await waitFor(() => !twilio.recordings.has(recordingSid(1)), { what: 'the recording deleted at Twilio' });
    expect((await t.store.listJobs()).filter((j) => j.purpose === 'recording-delete')).toHaveLength(1);
    expect((await session().call(owner, 'GET', '/audit')).body).toContain(`Lead ${lead}: voicemail recording deleted`);

    // A privacy deletion of the lead takes its call and the recording at Twilio.
    const second = await call(2, { dialled: VAN, missed: true, minutesAgo: 2, voicemail: true });
    expect((await session().call(owner, 'DELETE', `/leads/${second}`)).statusCode).toBe(200);
    await waitFor(() => !twilio.recordings.has(recordingSid(2)), { what: 'the deleted lead’s recording gone at Twilio' });
    expect((await session().call(staff, 'GET', `/leads/${second}/calls`)).statusCode).toBe(404);

    // So does the retention purge.
    await call(3, { dialled: VAN, missed: true, minutesAgo: 1, voicemail: true });
    await t.store.transact(() => run("UPDATE leads SET created_at = '2020-01-01T00:00:00.000Z'"));
    expect((await t.store.purgeBefore(new Date('2021-01-01'), { force: true })).deleted).toBe(2);
    await waitFor(() => twilio.recordings.size === 0, { what: 'the purged lead’s recording gone at Twilio' });
  });

  it('counts calls per day by number, answered and missed, and how long missed callers waited to be called back', async () => {
    const staff = await session().signedIn('sam@kaicool.nz', 'staff');
    const missed = await call(1, { dialled: WEBSITE, missed: true, minutesAgo: 30 });
    await call(2, { dialled: WEBSITE, missed: false, minutesAgo: 20 });
    await call(3, { dialled: VAN, missed: true, minutesAgo: 10 });
    // The first missed caller is called back (marked Contacted) 12 minutes after calling; the second waits still.
    expect((await session().call(staff, 'POST', `/leads/${missed}/status`, { status: 'contacted' })).statusCode).toBe(200);
    await t.store.transact(() => run("UPDATE lead_events SET at = ? WHERE lead_id = ? AND kind = 'status'", Date.now() - 18 * 60_000, missed));

    const report = await session().call(staff, 'GET', '/reports/calls');
    expect(report.statusCode).toBe(200);
    const body = report.json();
    expect(body.numbers).toEqual([
      { dialled: WEBSITE, source: 'Website', answered: 1, missed: 1 },
      { dialled: VAN, source: 'Van signage', answered: 0, missed: 1 },
    ]);
    expect(body.days.reduce((n: number, d: { answered: number; missed: number }) => n + d.answered + d.missed, 0)).toBe(3);
    expect(body.callBacks).toEqual({ missed: 2, calledBack: 1, medianMinutes: 12, within15: 1 });
    expect((await session().call(staff, 'GET', '/reports/calls?from=2026-12-01&to=2026-01-01')).statusCode).toBe(400);
    expect((await session().call(await session().openBrowser(), 'GET', '/reports/calls')).statusCode).toBe(401);
  });
});
