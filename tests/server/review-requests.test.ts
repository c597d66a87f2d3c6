/**
 * Review requests end to end on both stores, two instances sharing the database, a real SMTP peer
 * and the local stand-in for Twilio: a lead marked Won asks its customer once (by text to an NZ
 * mobile, else by e-mail with a working one-click unsubscribe), the link counts the press and leads
 * only to the business's Google review page, one reminder follows when it was not pressed, STOP
 * and unsubscribe are honoured, nobody is asked twice within six months (phone or e-mail, however
 * written), two instances at once ask once, owners can skip a lead or turn requests off, and the
 * Reports count what went. The redirect is attacked: strangers' and forged tokens, an ended link,
 * hostile queries and headers, and arbitrary paths (fast-check).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import released from '#business-details' with { type: 'json' };
import { buildApp } from '../../server/http/app.ts';
import { loadConfig } from '../../server/config.ts';
import { OutboxWorker } from '../../server/outbox/worker.ts';
import { createMailedJobSenders } from '../../server/outbox/senders.ts';
import { mailerFor, type Mailer } from '../../server/outbox/mailer.ts';
import { textCustomers } from '../../server/dispatch/customer-updates.ts';
import type { BusinessDetails } from '../../core/business-details.ts';
import { all, run } from '../../server/storage/steps.ts';
import { SMS_INBOUND_PATH } from '../../server/sms/sms-paths.ts';
import { textParts } from '../../server/sms/segments.ts';
import { reviewText } from '../../server/reviews/review-senders.ts';
import { REVIEW_TIMES } from '../../server/reviews/review-rules.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { parseMail, startSmtp, waitFor, type SmtpPeer } from '../support/peers.ts';
import { startFakeTwilio, signedTwilioPost, type FakeTwilio } from '../support/fake-twilio.ts';
import { freePort } from '../support/server-process.ts';
import { inboxSession, INBOX_ORIGIN, type Browser } from '../support/inbox-session.ts';
import fc, { propertyRuns } from '../support/property-runs.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

const log = pino({ level: 'silent' });
const SID = `AC${'3f'.repeat(16)}`;
const TOKEN = 'test-auth-token-reviews-0123456789';
const FROM = '+6498870001';
const PLACE = 'ChIJN1t_tDeuEmsRUsoyG83frY4';
const GOOGLE = `https://search.google.com/local/writereview?placeid=${PLACE}`;
const LINK = /\/r\/([A-Za-z0-9_-]{43})/;
const PHONE_BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const STOP_LINK = /\/u\/([A-Za-z0-9_-]{43})/;
/** Where a review link's page goes on to: its one link to Google, as the page's HTML writes it. */
const googleOf = (html: string) => /href="(https:\/\/search\.google\.com\/[^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
const MONTH = 30 * 86_400_000;

describe.each(storeKinds)('review requests on %s', (kind) => {
  let t: TestStore;
  let smtp: SmtpPeer;
  let twilio: FakeTwilio;
  let apps: FastifyInstance[];
  let workers: OutboxWorker[];
  let stores: LeadStore[];
  let mailer: Mailer;
  let port: number;
  let owner: Browser;
  let staff: Browser;
  const session = inboxSession(
    () => apps[0]!,
    () => t.store,
  );

  // The details the instances serve: the release's with a place ID, unless a test says otherwise.
  const withPlace: BusinessDetails = { ...(released as BusinessDetails), googlePlaceId: PLACE };
  let details = withPlace;
  const businessDetails = () => details;

  beforeAll(async () => {
    t = await createTestStore(kind);
    smtp = await startSmtp();
    twilio = await startFakeTwilio({ accountSid: SID, authToken: TOKEN });
    port = await freePort();
    const config = loadConfig({
      SMTP_URL: smtp.url,
      PUBLIC_ORIGIN: INBOX_ORIGIN,
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: FROM,
      TWILIO_API_URL: twilio.url,
    });
    stores = [t.store, t.reopen()];
    mailer = mailerFor(config)!;
    apps = await Promise.all(
      stores.map((store) =>
        buildApp({
          store,
          leadPurposes: [],
          rateLimit: { max: 1000, windowMs: 60_000 },
          inbox: { publicOrigin: INBOX_ORIGIN },
          texts: { authToken: TOKEN, publicOrigin: INBOX_ORIGIN },
          businessDetails,
        }),
      ),
    );
    await apps[0]!.listen({ host: '127.0.0.1', port });
    workers = stores.map(
      (store) =>
        new OutboxWorker({
          store,
          senders: createMailedJobSenders(config, store, mailer),
          log,
          pollIntervalMs: 30,
          maxAttempts: 4,
          backoff: { baseMs: 20, maxMs: 50 },
          businessDetails,
        }),
    );
    for (const w of workers) w.start();
    owner = await session.signedIn('owner@reviews.nz', 'owner');
    staff = await session.signedIn('staff@reviews.nz', 'staff');
  });
  afterAll(async () => {
    for (const w of workers) await w.stop();
    for (const app of apps) await app.close();
    textCustomers(false);
    mailer.close();
    await twilio.close();
    await smtp.close();
    await t.cleanup();
  });

  let n = 0;
  /** A new lead from a customer of their own (each call a new name, so no two are one repeated form). */
  async function newLead(fields: { phone?: string; work_email?: string } = {}): Promise<string> {
    n += 1;
    const body = formBody({ contact_name: `Customer ${n}`, timeframe: '1–2 weeks', phone: '', work_email: `customer${n}@reviews.nz`, ...fields });
    const res = await apps[1]!.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: body });
    expect(res.statusCode).toBe(200);
    return (await t.store.listLeads()).at(-1)!.id;
  }
  const call = session.call;
  const won = async (lead: string, app = 0) => {
    const res = await apps[app]!.inject({
      method: 'POST',
      url: `/inbox/api/leads/${lead}/status`,
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '), origin: INBOX_ORIGIN, 'x-csrf-token': owner.csrf },
      payload: { status: 'won', job_value: 480 },
    });
    expect(res.statusCode).toBe(200);
  };
  const sql = (text: string, ...params: unknown[]) => t.store.transact(() => run(text, ...params));
  const rows = (text: string, ...params: unknown[]) => t.store.read(() => all(text, ...params));
  /** Makes the lead's `purpose` job due now (the wait after Won, the three days to the reminder). */
  const due = (lead: string, purpose: string) =>
    sql("UPDATE outbox SET next_attempt_at = 0 WHERE lead_id = ? AND purpose = ? AND status = 'pending'", lead, purpose);
  const done = (lead: string, purpose: string) =>
    waitFor(async () => (await rows('SELECT status FROM outbox WHERE lead_id = ? AND purpose = ?', lead, purpose)).every((r) => r.status !== 'pending'), {
      what: `${purpose} done`,
    });
  const request = async (lead: string) => (await rows('SELECT * FROM review_requests WHERE lead_id = ?', lead))[0];
  /** Mail to an address, however its case was written. */
  const mailsTo = (to: string) => smtp.messages.filter((m) => m.to.some((a) => a.toLowerCase() === to.toLowerCase()));
  const textsTo = (to: string) => twilio.messages.filter((m) => m.to === to);
  /** The link opened: its page, on to Google. */
  const open = (token: string, headers: Record<string, string> = {}, query = '') =>
    apps[1]!.inject({ method: 'GET', url: `/r/${token}${query}`, headers: { 'user-agent': PHONE_BROWSER, ...headers } });
  /** The press the page's script posts, as a phone's browser sends it. */
  const press = (token: string, headers: Record<string, string> = {}) =>
    apps[0]!.inject({ method: 'POST', url: `/r/${token}`, headers: { 'user-agent': PHONE_BROWSER, 'sec-fetch-site': 'same-origin', ...headers } });
  const ask = async (lead: string) => {
    await won(lead);
    await due(lead, 'review-request');
    await done(lead, 'review-request');
  };

  it('texts an NZ mobile once after Won; the link counts the press, leads only to Google, and stops the reminder', async () => {
    const lead = await newLead({ phone: '027 444 1234' });
    await won(lead);
    // Not at once: a mistaken Won can be undone, or the lead skipped, first.
    const [job] = await rows("SELECT transport, next_attempt_at FROM outbox WHERE lead_id = ? AND purpose = 'review-request'", lead);
    expect(job).toMatchObject({ transport: 'sms' });
    expect(Number(job!.next_attempt_at)).toBeGreaterThan(Date.now() + REVIEW_TIMES.requestAfterMs - 60_000);
    await due(lead, 'review-request');
    await done(lead, 'review-request');
    const [text] = textsTo('+64274441234');
    expect(text!.body).toMatch(/^Commercial Refrigeration NZ: thanks for having us\. .*Google review.* http:\/\/localhost:4321\/r\/[\w-]{43} Reply STOP/);
    expect(text!.body).not.toMatch(/rate|star|happy|discount|prize|free/i);
    expect(textParts(text!.body).segments).toBeLessThanOrEqual(2);
    // The timeline says a request went, never its link.
    const events = await rows('SELECT text FROM lead_events WHERE lead_id = ?', lead);
    expect(events.map((e) => e.text)).toContain('Google review request sent to the customer by text');
    expect(JSON.stringify(events)).not.toMatch(LINK);

    const token = LINK.exec(text!.body)![1]!;
    // Opening the link, by a scanner with any User-Agent (a browser's too) or by the customer, gives
    // the page on to Google and counts nothing: only the page's script counts.
    for (const agent of ['Mimecast', 'Proofpoint URL Defense', 'python-requests/2.31', '', PHONE_BROWSER]) {
      const answer = await open(token, { 'user-agent': agent });
      expect(answer.statusCode, agent).toBe(200);
      expect(googleOf(answer.body), agent).toBe(GOOGLE);
      expect(answer.body).toContain('<script src="/r/press.js" defer="">');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    const tricked = await open(token, { host: 'evil.example', 'x-forwarded-host': 'evil.example' }, '?next=https://evil.example&placeid=EVIL');
    expect(googleOf(tricked.body)).toBe(GOOGLE);
    expect(tricked.body).not.toContain('evil.example');
    const script = await apps[0]!.inject({ method: 'GET', url: '/r/press.js' });
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('sendBeacon(location.pathname)');
    expect(await request(lead)).toMatchObject({ presses: 0 });
    // A post by a program, or from another site's page, counts nothing either.
    for (const headers of [{ 'user-agent': 'Mimecast' }, { 'user-agent': '' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }])
      expect((await press(token, headers)).statusCode).toBe(204);
    expect(await request(lead)).toMatchObject({ presses: 0 });
    // The customer's: the page's script posts it (a browser that sends no Sec-Fetch-Site is believed).
    expect((await press(token)).statusCode).toBe(204);
    const older = await apps[1]!.inject({ method: 'POST', url: `/r/${token}`, headers: { 'user-agent': PHONE_BROWSER } });
    expect(older.statusCode).toBe(204);
    expect(await request(lead)).toMatchObject({ state: 'sent', channel: 'sms', presses: 2 });
    // Pressed: the reminder, when due, sends nothing.
    await due(lead, 'review-reminder');
    await done(lead, 'review-reminder');
    expect(textsTo('+64274441234')).toHaveLength(1);
  });

  it('e-mails a customer without a mobile, reminds once after three days, and the one-click unsubscribe is kept', async () => {
    const lead = await newLead({ phone: '09 555 0100', work_email: 'Ruth.Kahu@Example.co.nz' });
    await ask(lead);
    const [first] = mailsTo('ruth.kahu@example.co.nz');
    const mail = await parseMail(first!);
    expect(mail.subject).toBe('Thanks from Commercial Refrigeration NZ');
    expect(first!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const unsubscribe = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(first!.raw)![1]!;
    expect(unsubscribe).toMatch(STOP_LINK);
    expect(mail.text).toMatch(LINK);
    expect(mail.html).toContain('Write a Google review');
    expect(mail.text).not.toMatch(/rate us|stars|discount|prize/i);

    // Not pressed: one reminder three days on, and only one, however often its job is asked to run.
    const [reminderJob] = await rows("SELECT transport, next_attempt_at FROM outbox WHERE lead_id = ? AND purpose = 'review-reminder'", lead);
    expect(reminderJob).toMatchObject({ transport: 'email' });
    expect(Number(reminderJob!.next_attempt_at)).toBeGreaterThan(Date.now() + REVIEW_TIMES.remindAfterMs - 120_000);
    await due(lead, 'review-reminder');
    await done(lead, 'review-reminder');
    await sql("UPDATE outbox SET status = 'pending', next_attempt_at = 0 WHERE lead_id = ? AND purpose = 'review-reminder'", lead);
    await done(lead, 'review-reminder');
    const mails = mailsTo('ruth.kahu@example.co.nz');
    expect(mails).toHaveLength(2);
    expect((await parseMail(mails[1]!)).subject).toBe('A last reminder from Commercial Refrigeration NZ');
    expect((await request(lead))?.reminded_at).not.toBeNull();

    // The unsubscribe page asks first (a scanner's fetch changes nothing); the one-click POST records it.
    const stop = STOP_LINK.exec(unsubscribe)![1]!;
    const page = await apps[0]!.inject({ method: 'GET', url: `/u/${stop}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`action="/u/${stop}"`);
    expect(await rows('SELECT * FROM review_opt_outs')).toHaveLength(0);
    const post = await apps[1]!.inject({
      method: 'POST',
      url: `/u/${stop}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain('You are unsubscribed');
    expect(await rows('SELECT * FROM review_opt_outs')).toHaveLength(1);
    // An unsubscribe token is no review link.
    expect((await open(stop)).statusCode).toBe(404);
    expect((await press(stop)).statusCode).toBe(404);

    // Seven months on, the same address (written otherwise) through a new lead is not e-mailed again.
    await sql('UPDATE review_contacts SET asked_at = asked_at - ?', 7 * MONTH);
    const again = await newLead({ work_email: 'ruth.kahu@EXAMPLE.co.nz ' });
    await won(again);
    expect(await request(again)).toMatchObject({ state: 'held', reason: 'unsubscribed' });
  });

  it('honours STOP: the reminder to a number that replied STOP is not sent', async () => {
    const lead = await newLead({ phone: '021 777 8888' });
    await ask(lead);
    expect(textsTo('+64217778888')).toHaveLength(1);
    const stop = await signedTwilioPost(
      `http://127.0.0.1:${port}${SMS_INBOUND_PATH}`,
      { MessageSid: `SM${'a1'.repeat(16)}`, AccountSid: SID, From: '+64217778888', To: FROM, Body: 'STOP' },
      TOKEN,
      `${INBOX_ORIGIN}${SMS_INBOUND_PATH}`,
    );
    expect(stop.status).toBe(200);
    await due(lead, 'review-reminder');
    await done(lead, 'review-reminder');
    expect(textsTo('+64217778888')).toHaveLength(1);
  });

  it('asks nobody twice within six months, by phone or by e-mail, however written', async () => {
    const first = await newLead({ phone: '022 123 4567', work_email: 'aroha@bakery.nz' });
    await ask(first);
    const samePhone = await newLead({ phone: '+64 22 123 4567', work_email: 'orders@bakery.nz' });
    const sameEmail = await newLead({ work_email: ' AROHA@bakery.nz' });
    for (const lead of [samePhone, sameEmail]) await ask(lead);
    expect(await request(samePhone)).toMatchObject({ state: 'held', reason: 'asked_recently' });
    expect(await request(sameEmail)).toMatchObject({ state: 'held', reason: 'asked_recently' });
    expect(textsTo('+64221234567')).toHaveLength(1);
    // Six months and more later, they may be asked again.
    await sql('UPDATE review_contacts SET asked_at = asked_at - ?', 7 * MONTH);
    const later = await newLead({ phone: '0221234567' });
    await ask(later);
    expect(await request(later)).toMatchObject({ state: 'sent' });
    expect(textsTo('+64221234567')).toHaveLength(2);
  });

  it('asks once when two instances send at once: the same lead won twice, and two leads of one customer', async () => {
    const lead = await newLead({ work_email: 'twice@cafe.nz' });
    await Promise.all([won(lead, 0), won(lead, 1)]);
    expect(await rows("SELECT id FROM outbox WHERE lead_id = ? AND purpose = 'review-request'", lead)).toHaveLength(1);
    const other = await newLead({ work_email: 'TWICE@cafe.nz' });
    await won(other, 1);
    // Both due at the same moment, for the two workers of the two instances.
    await sql("UPDATE outbox SET next_attempt_at = 0 WHERE purpose = 'review-request' AND status = 'pending' AND lead_id IN (?, ?)", lead, other);
    await Promise.all([done(lead, 'review-request'), done(other, 'review-request')]);
    await waitFor(async () => (await request(lead))?.state !== 'sending' && (await request(other))?.state !== 'sending', { what: 'both settled' });
    expect(mailsTo('twice@cafe.nz')).toHaveLength(1);
    expect([(await request(lead))?.state, (await request(other))?.state].sort()).toEqual(['held', 'sent']);
  });

  it('lets owners skip one lead or turn requests off, refuses staff, strangers and other sites, and counts for the Reports', async () => {
    const lead = await newLead({ work_email: 'skip@me.nz' });
    await won(lead);
    expect((await call(staff, 'PUT', `/leads/${lead}/review`, { skip: true })).statusCode).toBe(403);
    // Staff see where it stands (a customer may ask them on the phone), and change nothing.
    expect((await call(staff, 'GET', `/leads/${lead}/review`)).json()).toMatchObject({ state: 'queued' });
    expect((await apps[0]!.inject({ method: 'GET', url: `/inbox/api/leads/${lead}/review` })).statusCode).toBe(401);
    expect((await call(owner, 'PUT', `/leads/${lead}/review`, { skip: true }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await call(owner, 'PUT', `/leads/${lead}/review`, { skip: 'yes' })).statusCode).toBe(400);
    expect((await call(owner, 'GET', `/leads/${lead}/review`)).json()).toMatchObject({ state: 'queued', can_skip: true });
    expect((await call(owner, 'PUT', `/leads/${lead}/review`, { skip: true })).json()).toMatchObject({ state: 'skipped' });
    await due(lead, 'review-request');
    await done(lead, 'review-request');
    expect(mailsTo('skip@me.nz')).toHaveLength(0);
    expect((await call(owner, 'GET', '/leads/no-such-lead/review')).statusCode).toBe(404);

    expect((await call(staff, 'PUT', '/reviews', { on: false })).statusCode).toBe(403);
    expect((await call(owner, 'PUT', '/reviews', { on: false })).json()).toEqual({ on: false });
    const off = await newLead({ work_email: 'off@me.nz' });
    await won(off);
    expect(await request(off)).toMatchObject({ state: 'held', reason: 'off' });
    expect((await call(owner, 'PUT', '/reviews', { on: true })).json()).toEqual({ on: true });

    const report = await call(owner, 'GET', '/reports/reviews');
    expect(report.statusCode).toBe(200);
    const sent = (await rows("SELECT COUNT(*) AS n FROM review_requests WHERE state = 'sent'"))[0]!.n;
    expect(report.json()).toMatchObject({ on: true, place_id_set: true, sent: Number(sent), pressed: 1, reminded: 1 });
    expect((await call(staff, 'GET', '/reports/reviews')).statusCode).toBe(403);
    expect((await call(owner, 'GET', '/reports/reviews?from=2026-13-40')).statusCode).toBe(400);
  });

  it('leads nowhere from a stranger’s, forged or ended token, whatever the request carries', async () => {
    const lead = await newLead({ phone: '029 111 2222' });
    await ask(lead);
    const token = LINK.exec(textsTo('+64291112222')[0]!.body)![1]!;
    const stranger = 'A'.repeat(43);
    for (const path of [stranger, `${token.slice(0, -1)}B`, token.slice(1), `${token}x`, '..%2F..%2Fevil', 'https%3A%2F%2Fevil.example', `${token}%00`]) {
      for (const res of [await open(path), await press(path)]) {
        expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, path).toBeLessThan(500);
        expect(res.headers.location, path).toBeUndefined();
        expect(googleOf(res.body), path).toBeUndefined();
      }
    }
    expect((await apps[0]!.inject({ method: 'HEAD', url: `/r/${token}` })).headers.location).toBeUndefined();
    // A review token unsubscribes nobody, and a stranger's unsubscribe token is nobody's.
    expect((await apps[0]!.inject({ method: 'POST', url: `/u/${token}` })).statusCode).toBe(404);
    expect((await apps[0]!.inject({ method: 'POST', url: `/u/${stranger}` })).statusCode).toBe(404);
    expect((await request(lead))?.presses).toBe(0);
    // Its purpose over, the link has ended.
    await sql("UPDATE review_links SET ends_at = 0 WHERE lead_id = ? AND kind = 'review'", lead);
    const ended = await open(token);
    expect(ended.statusCode).toBe(410);
    expect(googleOf(ended.body)).toBeUndefined();
    expect((await press(token)).statusCode).toBe(410);
    expect((await request(lead))?.presses).toBe(0);

    const live = await newLead({ phone: '029 333 4444' });
    await ask(live);
    const good = LINK.exec(textsTo('+64293334444')[0]!.body)![1]!;
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), fc.string({ maxLength: 40 }), async (segment, query) => {
        const res = await apps[0]!.inject({
          method: 'GET',
          url: `/r/${encodeURIComponent(segment)}?${encodeURIComponent(query)}=${encodeURIComponent(segment)}`,
        });
        expect(res.statusCode).toBeLessThan(500);
        expect(res.headers.location).toBeUndefined();
        expect(googleOf(res.body)).toBeUndefined();
        const pressed = await apps[1]!.inject({ method: 'POST', url: `/r/${encodeURIComponent(segment)}`, payload: query });
        expect(pressed.statusCode).toBeGreaterThanOrEqual(400);
        expect(pressed.statusCode).toBeLessThan(500);
        const stop = await apps[1]!.inject({ method: 'POST', url: `/u/${encodeURIComponent(segment)}`, payload: query });
        expect(stop.statusCode).toBeGreaterThanOrEqual(400);
        expect(stop.statusCode).toBeLessThan(500);
        const real = await apps[0]!.inject({
          method: 'GET',
          url: `/r/${good}?next=${encodeURIComponent(segment)}`,
          headers: { host: segment.replace(/[^\x21-\x7e]/g, '') || 'x' },
        });
        expect(real.statusCode).toBe(200);
        expect(googleOf(real.body)).toBe(GOOGLE);
      }),
      { numRuns: propertyRuns(60) },
    );
  });

  it('answers hostile ids, queries and bodies on its inbox routes with a 4xx, never a 5xx', async () => {
    const lead = await newLead({ work_email: 'hostile@me.nz' });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant(lead), fc.string({ maxLength: 60 })),
        fc.jsonValue({ maxDepth: 2 }),
        fc.string({ maxLength: 30 }),
        async (id, body, date) => {
          const path = `/leads/${encodeURIComponent(id)}/review`;
          for (const res of [
            await call(owner, 'PUT', path, body as object),
            await call(owner, 'GET', path),
            await call(owner, 'PUT', '/reviews', body as object),
            await call(owner, 'GET', `/reports/reviews?from=${encodeURIComponent(date)}&to=${encodeURIComponent(date)}`),
          ])
            expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: propertyRuns(40) },
    );
    await call(owner, 'PUT', '/reviews', { on: true });
  });

  it('says a request the text provider refused for good reached nobody, and leaves the customer free to be asked', async () => {
    const lead = await newLead({ phone: '020 4000 5000' });
    twilio.failNext(400, 1);
    await ask(lead);
    expect(await request(lead)).toMatchObject({ state: 'held', reason: 'undelivered' });
    expect(await rows('SELECT * FROM review_contacts WHERE lead_id = ?', lead)).toHaveLength(0);
    expect(await rows("SELECT * FROM outbox WHERE lead_id = ? AND purpose = 'review-reminder'", lead)).toHaveLength(0);
  });

  it('holds a request when the business details have no place ID', async () => {
    details = released as BusinessDetails;
    try {
      const lead = await newLead({ work_email: 'noplace@me.nz' });
      await won(lead);
      expect(await request(lead)).toMatchObject({ state: 'held', reason: 'no_place' });
    } finally {
      details = withPlace;
    }
  });
});

describe('the review text', () => {
  it('fits two parts with the live site’s address', () => {
    const link = `https://www.commercialrefrigeration.nz/r/${'x'.repeat(43)}`;
    for (const reminder of [false, true]) expect(textParts(reviewText(link, reminder))).toMatchObject({ encoding: 'GSM-7', segments: 2 });
  });
});
