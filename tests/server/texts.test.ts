/**
 * Urgent offers by text message, end to end on both stores, with two instances sharing the
 * database, a real SMTP peer and a local fake of Twilio's Messages API that posts signed delivery
 * receipts back: the offer goes by text and by e-mail; YES from the partner's own phone accepts (the
 * first accept wins across the page, the reply and the instances) and brings the customer's details
 * by text; NO declines and the next on-call partner is texted; STOP turns texts off; an undelivered
 * text moves the job on at once; unsigned, forged and replayed callbacks are refused; a provider that
 * answers 429 or 500 is retried and holds up no e-mail; and no callback input ever gets a 500.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { offersOfLead } from '../../server/storage/offer-records.ts';
import { answerOffer } from '../../server/dispatch/offer-answers.ts';
import { partnerById } from '../../server/storage/partner-records.ts';
import { inboxLead, leadJobs } from '../../server/storage/lead-work.ts';
import { notifications } from '../../server/inbox/lead-views.ts';
import { all, run } from '../../server/storage/steps.ts';
import { answerWords } from '../../server/partners/partner-words.ts';
import { SMS_INBOUND_PATH, SMS_STATUS_PATH } from '../../server/sms/sms-paths.ts';
import { twilioSignature } from '../../server/sms/twilio-signature.ts';
import { textWords } from '../../server/sms/text-words.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { addHamiltonTechnician } from '../support/partners.ts';
import { waitFor, type SmtpPeer } from '../support/peers.ts';
import { signedTwilioPost, type FakeTwilio } from '../support/fake-twilio.ts';
import { formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';
import { startTextRig, type TextRig } from '../support/text-rig.ts';

const SID = `AC${'1f'.repeat(16)}`;
const TOKEN = 'test-auth-token-0123456789abcdef';
const FROM = '+6498870000';
// Not the customer's own number (021 555 0101): the customer is texted too, once a partner takes the job.
const ANA = { phone: '021 555 0111', e164: '+64215550111' };
const BEN = { phone: '022 555 0202', e164: '+64225550202' };

describe.each(storeKinds)('urgent offers by text on %s', (kind) => {
  let t: TestStore;
  let smtp: SmtpPeer;
  let twilio: FakeTwilio;
  let origin: string;
  /** Instance A listens on PUBLIC_ORIGIN (where Twilio's receipts go); instance B is reached by inject. */
  let apps: FastifyInstance[];
  let stores: LeadStore[];

  let rig: TextRig;

  beforeEach(async () => {
    rig = await startTextRig(kind, { accountSid: SID, authToken: TOKEN, from: FROM });
    ({ t, smtp, twilio, origin, apps, stores } = rig);
  });
  afterEach(async () => {
    await rig.close();
  });

  const technicians = async () => ({
    ana: await addHamiltonTechnician(t.store, 'Ana Cooling', 'ana@x.nz', { phone: ANA.phone, sms: true }),
    ben: await addHamiltonTechnician(t.store, 'Ben Fridge', 'ben@x.nz', { phone: BEN.phone, sms: true }),
  });
  async function urgentLead(fields: Record<string, string> = {}): Promise<string> {
    const res = await apps[1]!.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ site_suburb: 'Frankton', ...fields }) });
    expect(res.statusCode).toBe(200);
    return (await t.store.listLeads()).at(-1)!.id;
  }
  const reply = (from: string, body: string, extra: Record<string, string> = {}) =>
    signedTwilioPost(
      `${origin}${SMS_INBOUND_PATH}`,
      { MessageSid: `SM${crypto.randomUUID().replaceAll('-', '')}`, AccountSid: SID, From: from, To: FROM, Body: body, ...extra },
      TOKEN,
    );
  const offers = (lead: string) => t.store.read(() => offersOfLead(lead));
  const textsTo = (to: string) => twilio.messages.filter((m) => m.to === to);

  it('texts the on-call technician the job, what is wrong in the customer’s words (cleaned), its code and its own working link', async () => {
    const { ana } = await technicians();
    const lead = await urgentLead({
      notes: 'Cool room alarm going off, reading 9°C. Call me on 027 999 8888 or see http://evil.example — Mere',
      site_street: '12 Grey Street',
    });
    const [text] = await twilio.waitForMessages(1);
    expect(text!.to).toBe(ANA.e164);
    expect(text!.from).toBe(FROM);
    expect(text!.statusCallback).toBe(`${origin}${SMS_STATUS_PATH}`);
    expect(text!.body).toMatch(
      /^URGENT job ([A-Z][0-9][A-Z]) from Commercial Refrigeration NZ: Repair, [^.]*Frankton, Hamilton\. Customer says: "Cool room alarm going off, reading 9C\. Call me on \[phone removed\] or see \[link removed\] - \[name removed\]" On site by .+\. Accept by .+: http:\/\/127\.0\.0\.1:\d+\/partner\/offer\?t=\S+ Reply YES \1 to accept or NO \1 to decline\. Std text charges may apply\.$/,
    );
    for (const secret of ['Mere', 'Tane', '021 555 0101', 'mere@', 'Kai Cafe', '027 999', 'evil', 'Grey Street']) expect(text!.body).not.toContain(secret);
    // Plain characters only: one outside the GSM alphabet would make every part cost as two.
    expect(text!.body).toMatch(/^[\x20-\x7e]+$/);
    // The e-mail went too, and the text's own link opens the job page.
    await waitFor(() => smtp.messages.some((m) => m.to.includes('ana@x.nz')), { what: 'the offer e-mail' });
    const link = new URL(/http\S+/.exec(text!.body)![0]);
    expect((await apps[1]!.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(200);
    expect((await offers(lead)).map((o) => [o.partner.id, o.offer.state])).toEqual([[ana.id, 'open']]);
    // One job per transport, each done once the peers took it (their commits follow the sends).
    const offerJobs = async () =>
      (await t.store.listJobs())
        .filter((j) => j.purpose === 'offer')
        .map((j) => `${j.transport} ${j.status}`)
        .sort();
    await waitFor(async () => (await offerJobs()).join() === 'email done,sms done', { what: 'both offer jobs done' });
    // The lead's deliveries list both, each named by how it went.
    const { detail, jobs: sent } = await t.store.read(function* () {
      return { detail: (yield* inboxLead(lead))!, jobs: yield* leadJobs(lead) };
    });
    expect(notifications(detail, sent, false).map((n) => `${n.label} (${n.state})`)).toEqual(
      expect.arrayContaining(['Job offer: Ana Cooling (sent)', 'Job offer by text: Ana Cooling (sent)']),
    );
  });

  it('YES from the partner’s own phone accepts, once, and brings the customer’s details by text and e-mail', async () => {
    const { ana } = await technicians();
    const lead = await urgentLead({ site_street: '12 Grey Street', access_notes: 'Gate code 4321' });
    await twilio.waitForMessages(1);
    // The reply comes in another writing of the number, as phones send it.
    const res = await reply(ANA.e164, ' Yes! ');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('the job is yours');
    const [offer] = await offers(lead);
    expect(offer!.offer).toMatchObject({ state: 'accepted', accepted_via: 'sms' });
    expect(offer!.partner.id).toBe(ana.id);
    // The customer is texted who is coming at the same time: Ana's own second text is the details.
    const [, details] = await waitFor(() => (textsTo(ANA.e164).length >= 2 ? textsTo(ANA.e164) : undefined), { what: 'the details text' });
    expect(details!.body).toContain('Mere Tane, 021 555 0101');
    expect(details!.body).toContain('12 Grey Street, Frankton, Hamilton');
    // The access notes stay behind the link. The link's own port and token are digits too, so they
    // are left out of the look for the gate code (port 43219 once held "4321").
    expect(details!.body).not.toContain('Gate code');
    expect(details!.body.replace(/https?:\/\/\S+/g, '')).not.toContain('4321');
    await waitFor(() => smtp.messages.some((m) => m.to.includes('ana@x.nz') && m.raw.includes('You have the job')), { what: 'the accepted e-mail' });
    // A second YES changes nothing: the job is already theirs (and they are told so), and no second details text goes.
    expect(await (await reply(ANA.e164, 'YES')).text()).toContain('You already have this job');
    expect(textsTo(ANA.e164)).toHaveLength(2);
  });

  it('takes the first accept only, whether it comes by the page on one instance or by text on the other', async () => {
    await technicians();
    const lead = await urgentLead();
    await twilio.waitForMessages(1);
    // The same offer's e-mail link, accepted on instance A's page while the YES reaches instance B.
    await waitFor(async () => (await t.store.read(() => all("SELECT token_hash FROM offer_links WHERE channel = 'email'"))).length === 1, {
      what: 'the offer e-mail sent with its link',
    });
    const [page, text] = await Promise.all([
      (async () => {
        const [first] = await offers(lead);
        const hashes = await t.store.read(() => all("SELECT token_hash FROM offer_links WHERE offer_id = ? AND channel = 'email'", first!.offer.id));
        return stores[0]!.transact(() => answerOffer(String(hashes[0]!.token_hash), { action: 'accept' }, answerWords));
      })(),
      reply(ANA.e164, 'yes'),
    ]);
    const accepted = (await offers(lead)).filter((o) => o.offer.state === 'accepted');
    expect(accepted).toHaveLength(1);
    const byText = (await text.text()).includes('the job is yours');
    expect(page.changed !== byText).toBe(true);
    expect(accepted[0]!.offer.accepted_via).toBe(byText ? 'sms' : 'email');
  });

  it('NO declines and texts the next on-call technician; STOP turns texts off and the inbox shows it', async () => {
    const { ana, ben } = await technicians();
    const lead = await urgentLead();
    const [first] = await twilio.waitForMessages(1);
    const firstTo = first!.to;
    const other = firstTo === ANA.e164 ? { e164: BEN.e164, id: ben.id } : { e164: ANA.e164, id: ana.id };
    expect(await (await reply(firstTo, 'no')).text()).toContain(textWords.replies.declined);
    const [, second] = await twilio.waitForMessages(2);
    expect(second!.to).toBe(other.e164);
    expect((await offers(lead)).map((o) => o.offer.decline_reason).filter(Boolean)).toEqual(['Declined by text']);

    expect((await reply(other.e164, 'STOP')).status).toBe(200);
    const stopped = await t.store.read(() => partnerById(other.id));
    expect(stopped).toMatchObject({ sms: false });
    expect(stopped!.sms_stopped_at).toEqual(expect.any(Number));
    // A later urgent job reaches them by e-mail only (the one who said no is paused, so it is theirs).
    await t.store.transact(() => run("UPDATE leads SET status = 'lost' WHERE id = ?", lead));
    await t.store.transact(() => run('UPDATE partners SET paused = TRUE WHERE id <> ?', other.id));
    const before = twilio.messages.length;
    const next = await urgentLead({ contact_name: 'Second Job' });
    const offer = await waitFor(async () => (await offers(next)).find((o) => o.partner.id === other.id), { what: 'the next offer' });
    await waitFor(async () => (await t.store.listJobs()).some((j) => j.offer_id === offer.offer.id && j.transport === 'email' && j.status === 'done'), {
      what: 'its e-mail sent',
    });
    expect((await t.store.listJobs()).filter((j) => j.offer_id === offer.offer.id && j.purpose === 'offer').map((j) => j.transport)).toEqual(['email']);
    expect(twilio.messages.slice(before)).toEqual([]);
    // START turns them back on.
    expect(await (await reply(other.e164, 'start')).text()).toContain(textWords.replies.started);
    expect(await t.store.read(() => partnerById(other.id))).toMatchObject({ sms: true, sms_stopped_at: null });
  });

  it('moves the job on at once when the text cannot be delivered, and a repeated receipt changes nothing twice', async () => {
    await technicians();
    const lead = await urgentLead();
    const [first] = await twilio.waitForMessages(1);
    // Twilio reports on a text once its API has answered; here that answer must first be kept (the text's row), as it is by then.
    await waitFor(async () => (await t.store.read(() => all('SELECT sid FROM text_messages WHERE sid = ?', first!.sid))).length === 1, {
      what: 'the text kept',
    });
    expect(await twilio.deliverStatus(first!.sid, 'sent')).toBe(200);
    expect(await twilio.deliverStatus(first!.sid, 'undelivered')).toBe(200);
    const [, second] = await twilio.waitForMessages(2);
    expect(second!.to).not.toBe(first!.to);
    const ended = (await offers(lead)).find((o) => o.offer.state === 'withdrawn');
    expect(ended!.offer.end_reason).toBe('undelivered');
    const status = await t.store.read(() => all('SELECT status FROM text_messages WHERE sid = ?', first!.sid));
    expect(status.map((r) => r.status)).toEqual(['undelivered']);
    // The same receipt again is a replay (403); one that arrives late or repeats a status changes nothing.
    expect(await twilio.deliverStatus(first!.sid, 'undelivered')).toBe(403);
    const late = await signedTwilioPost(
      `${origin}${SMS_STATUS_PATH}`,
      { MessageSid: first!.sid, MessageStatus: 'delivered', AccountSid: SID, To: first!.to, From: FROM },
      TOKEN,
    );
    expect(late.status).toBe(200);
    expect((await t.store.read(() => all('SELECT status FROM text_messages WHERE sid = ?', first!.sid))).map((r) => r.status)).toEqual(['undelivered']);
    expect(twilio.messages).toHaveLength(2);
  });

  it('refuses unsigned, forged and replayed callbacks, and answers a stranger without changing anything', async () => {
    await technicians();
    const lead = await urgentLead();
    await twilio.waitForMessages(1);
    const form = { MessageSid: 'SM0', From: ANA.e164, To: FROM, Body: 'YES', AccountSid: SID };
    const post = (headers: Record<string, string>, body = new URLSearchParams(form).toString(), path = SMS_INBOUND_PATH) =>
      fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body });
    expect((await post({})).status).toBe(403);
    expect((await post({ 'x-twilio-signature': twilioSignature('wrong-token-0123456789', `${origin}${SMS_INBOUND_PATH}`, form) })).status).toBe(403);
    // Signed for another address, or for other words than those sent.
    expect((await post({ 'x-twilio-signature': twilioSignature(TOKEN, `${origin}${SMS_STATUS_PATH}`, form) })).status).toBe(403);
    expect((await post({ 'x-twilio-signature': twilioSignature(TOKEN, `${origin}${SMS_INBOUND_PATH}`, { ...form, Body: 'NO' }) })).status).toBe(403);
    expect((await offers(lead)).map((o) => o.offer.state)).toEqual(['open']);
    const signed = { 'x-twilio-signature': twilioSignature(TOKEN, `${origin}${SMS_INBOUND_PATH}`, form) };
    expect((await post(signed)).status).toBe(200);
    expect((await post(signed)).status).toBe(403);
    expect((await offers(lead)).map((o) => o.offer.state)).toEqual(['accepted']);
    // A number that is no partner's changes nothing.
    const stranger = await reply('+64275550303', 'YES');
    expect(await stranger.text()).toContain('is not on');
  });

  it('retries a provider that answers 429 or 500, and the e-mail goes meanwhile', async () => {
    await technicians();
    twilio.failNext(429, 1);
    twilio.failNext(500, 1);
    await urgentLead();
    await waitFor(() => smtp.messages.length > 0, { what: 'the offer e-mail, not held up by the text' });
    const [text] = await twilio.waitForMessages(1, 10_000);
    expect(text!.body).toContain('Reply YES');
    // Delivered on the third try: the fake took it before the worker's commit, so the job is waited on.
    const job = await waitFor(async () => (await t.store.listJobs()).find((j) => j.purpose === 'offer' && j.transport === 'sms' && j.status === 'done'), {
      what: 'the text job done',
    });
    expect(job.attempts).toBe(3);
  });

  it('answers any callback with 200 or a clear 4xx, never a 500', async () => {
    await technicians();
    const field = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('YES', 'no', 'STOP', 'start', ANA.e164, 'delivered', 'undelivered', 'SM1', 'SM\u00001', '\u0000'),
    );
    const callback = [
      fc.constantFrom(SMS_INBOUND_PATH, SMS_STATUS_PATH),
      fc.dictionary(fc.constantFrom('From', 'Body', 'MessageSid', 'MessageStatus', 'To', 'ErrorCode', 'x'), field, { maxKeys: 6 }),
      fc.boolean(),
      fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain'),
    ] as const;
    const send = async (path: string, form: Record<string, string>, sign: boolean, type: string) => {
      const headers: Record<string, string> = { 'content-type': type };
      if (sign) headers['x-twilio-signature'] = twilioSignature(TOKEN, `${origin}${path}`, form);
      const res = await apps[1]!.inject({ method: 'POST', url: path, headers, payload: new URLSearchParams(form).toString() });
      expect(res.statusCode, res.body).toBeLessThan(500);
      return res;
    };
    await fc.assert(
      fc.asyncProperty(...callback, async (path, form, sign, type) => void (await send(path, form, sign, type))),
      { numRuns: 60 },
    );
    // Unsigned, or not a form as Twilio posts one: always refused.
    await fc.assert(
      fc.asyncProperty(...callback, async (path, form, sign, type) => {
        fc.pre(!sign || type !== 'application/x-www-form-urlencoded');
        expect((await send(path, form, sign, type)).statusCode).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: 60 },
    );
  });
});
