/**
 * Replies read as partners write them, and the offer text that says what is wrong. Reading: accept
 * and decline words (emoji and trailing words too), Twilio's keywords only as the whole reply, and a
 * job's code anywhere in it. End to end on both stores, two instances answering the webhook in turn,
 * offers texted by the real sender: each reply class does what it says (a reply that is neither yes
 * nor no goes on the lead's timeline, is answered once with what to reply, and holds the offer 5
 * minutes longer, once); a code answers the offer it names and a bare YES to two waiting jobs takes
 * neither; the answer to a job that ended says how it ended. The offer text, for any notes
 * (fast-check), is at most 3 parts, carries its code and none of the notes' phone numbers, e-mail
 * addresses or links; hostile reply bodies get 200 or a 4xx, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { armOffer, makeOffer, offerById } from '../../server/dispatch/partner-offers.ts';
import { answerOffer } from '../../server/dispatch/offer-answers.ts';
import { inboxLead, leadEvents } from '../../server/storage/lead-work.ts';
import { all, run } from '../../server/storage/steps.ts';
import { randomToken, secretHash } from '../../server/security/secrets.ts';
import { answerWords, partnerWords } from '../../server/partners/partner-words.ts';
import { createPartnerTexts, offerText, OFFER_TEXT_PARTS } from '../../server/outbox/partner-texts.ts';
import { readReply } from '../../server/sms/reply-words.ts';
import { textParts, toGsm7 } from '../../server/sms/segments.ts';
import { codeCandidates, JOB_CODE } from '../../server/sms/job-codes.ts';
import { textWords } from '../../server/sms/text-words.ts';
import { SMS_INBOUND_PATH } from '../../server/sms/sms-paths.ts';
import { twilioSignature } from '../../server/sms/twilio-signature.ts';
import type { TwilioClient } from '../../server/sms/twilio-client.ts';
import type { Partner } from '../../core/inbox-api/partners.ts';
import { addHamiltonTechnician } from '../support/partners.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

const TOKEN = 'test-auth-token-0123456789abcdef';
const ORIGIN = 'https://partners.example.nz';

describe('reading a reply', () => {
  it.each([
    'yes',
    'Y',
    'Yep',
    'yeah!',
    'YUP',
    'ok',
    'Okay.',
    'sure',
    'On my way',
    'omw',
    'Coming',
    "I'll take it",
    'I’ll take it, 30 min away',
    '👍',
    '👍🏽',
    '✅',
    'Yep on my way 20min',
    'yes but not today',
    'No worries, on my way',
  ])('%j accepts', (body) => {
    expect(readReply(body).intent).toBe('accept');
  });

  it.each(['no', 'NAH', 'Nope.', "can't", 'Can’t tonight sorry', 'cannot', 'busy', 'Busy on another job', 'not tonight', '👎', 'no way'])(
    '%j declines',
    (body) => {
      expect(readReply(body).intent).toBe('decline');
    },
  );

  it.each([
    ['STOP', 'stop'],
    [' stop. ', 'stop'],
    ['Unsubscribe', 'stop'],
    ['START', 'start'],
    ['help', 'help'],
    ['stop by the site first?', 'other'],
    ['please stop', 'other'],
    ['what is the address?', 'other'],
    ['how many units', 'other'],
    ['20min', 'other'],
  ] as const)('%j is %s (keywords only as the whole reply)', (body, intent) => {
    expect(readReply(body).intent).toBe(intent);
  });

  it('reads a job code anywhere in the reply, in any case, and never a word or a time as one', () => {
    expect(readReply('YES K7P')).toEqual({ intent: 'accept', code: 'K7P' });
    expect(readReply('k7p yep omw')).toEqual({ intent: 'accept', code: 'K7P' });
    expect(readReply('no, K7P sorry')).toEqual({ intent: 'decline', code: 'K7P' });
    expect(readReply('what about k7p?')).toEqual({ intent: 'other', code: 'K7P' });
    for (const body of ['yes 20min', 'yes 3pm', 'yes omw', 'yes yes', 'yes A1B', 'yes O0O']) expect(readReply(body).code).toBeUndefined();
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 1_000_000 }), (id, n) => {
        const [code] = codeCandidates(`${id}-${n}`, 1);
        expect(code).toMatch(JOB_CODE);
        expect(readReply(`yes ${code!.toLowerCase()}`)).toEqual({ intent: 'accept', code });
      }),
    );
  });
});

describe('counting a text’s parts', () => {
  it.each([
    ['a'.repeat(160), 'GSM-7', 1],
    ['a'.repeat(161), 'GSM-7', 2],
    ['a'.repeat(459), 'GSM-7', 3],
    ['a'.repeat(460), 'GSM-7', 4],
    ['€'.repeat(80), 'GSM-7', 1],
    ['[]'.repeat(81), 'GSM-7', 3],
    ['ā'.repeat(70), 'UCS-2', 1],
    [`${'a'.repeat(70)}ā`, 'UCS-2', 2],
    ['😀'.repeat(35), 'UCS-2', 1],
    ['😀'.repeat(36), 'UCS-2', 2],
  ] as const)('case %#', (text, encoding, segments) => {
    expect(textParts(text)).toMatchObject({ encoding, segments });
  });

  it('writes a customer’s macrons, quotes and emoji in GSM-7', () => {
    expect(toGsm7('Māori café “cool room” – 9°C ❄️ ok…')).toBe('Maori cafe "cool room" - 9C ok...');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(textParts(toGsm7(text)).encoding).toBe('GSM-7');
      }),
    );
  });
});

describe.each(storeKinds)('replies by text on %s, two instances', (kind) => {
  let t: TestStore;
  let apps: FastifyInstance[];
  let leads = 0;
  let partners = 0;
  let callbacks = 0;
  const sent: { to: string; body: string }[] = [];
  const client: TwilioClient = {
    send: async (message) => {
      sent.push({ to: message.to, body: message.body });
      return { sid: `SM${String(sent.length).padStart(32, '0')}`, status: 'queued' };
    },
  };

  beforeAll(async () => {
    t = await createTestStore(kind);
    const stores = [t.store, t.reopen()];
    apps = await Promise.all(
      stores.map((store) =>
        buildApp({ store, leadPurposes: [], rateLimit: { max: 10_000, windowMs: 600_000 }, texts: { authToken: TOKEN, publicOrigin: ORIGIN } }),
      ),
    );
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t.cleanup();
  });

  const technician = async (phone: string) =>
    addHamiltonTechnician(t.store, `Tech ${++partners} Cooling`, `tech-${partners}-${kind}@x.nz`, { phone, sms: true });

  /** An urgent lead offered to `partner`, its e-mail armed and its text sent by the real sender: the offer, its lead and its text. */
  async function textedOffer(partner: Partner, fields: Record<string, string> = {}) {
    const name = `Reply Customer ${++leads}`;
    const res = await apps[leads % 2]!.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ contact_name: name, ...fields }) });
    expect(res.statusCode).toBe(200);
    const lead = (await t.store.listLeads()).find((l) => l.contact_name === name)!;
    const made = await t.store.transact(() => makeOffer(lead.id, partner.id, null, (p) => `Offered to ${p.name}`, undefined, { texts: true }));
    if (!made.ok) throw new Error(made.reason);
    const jobs = (await t.store.claimJobs({ purposes: ['offer'], limit: 1000, leaseMs: 60_000, owner: 'text-reply-meaning' })).filter(
      (j) => j.offer_id === made.offer.id,
    );
    const texts = createPartnerTexts({ store: t.store, client, publicOrigin: ORIGIN });
    let text = '';
    for (const job of jobs) {
      if (job.transport === 'sms') {
        await texts.offer(job);
        text = sent.at(-1)!.body;
      } else await t.store.transact(() => armOffer(job, randomToken, secretHash));
      expect(await t.store.completeJob(job)).toBe(true);
    }
    const code = /^URGENT job ([A-Z0-9]{3}) /.exec(text)?.[1];
    if (!code) throw new Error(`no code in the offer text: ${text}`);
    return { leadId: lead.id, offerId: made.offer.id, text, code };
  }

  /** A reply as Twilio posts it, signed, to one instance or the other in turn. */
  async function reply(from: string, body: string) {
    const form = { MessageSid: `SM${String(++callbacks).padStart(32, 'f')}`, From: from, To: '+6498870000', Body: body };
    const res = await apps[callbacks % 2]!.inject({
      method: 'POST',
      url: SMS_INBOUND_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TOKEN, `${ORIGIN}${SMS_INBOUND_PATH}`, form) },
      payload: new URLSearchParams(form).toString(),
    });
    return {
      status: res.statusCode,
      answer: /<Message>([^<]*)<\/Message>/.exec(res.body)?.[1]?.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))),
    };
  }

  const offerRow = async (id: string) => (await t.store.read(() => all('SELECT state, expires_at, extended_at FROM partner_offers WHERE id = ?', id)))[0]!;
  const timeline = async (leadId: string) => (await t.store.read(() => leadEvents(leadId))).map((e) => e.text);

  it('accepts on every way of saying yes, emoji and trailing words too', async () => {
    const phone = '021 555 0701';
    const partner = await technician(phone);
    for (const body of ['Yep on my way 20min', '👍', '✅', 'omw', "I'll take it", 'Sure thing', 'ok!', 'Coming now']) {
      const { offerId } = await textedOffer(partner);
      const { status, answer } = await reply(phone, body);
      expect(status, body).toBe(200);
      expect(answer, body).toBe(textWords.replies.accepted);
      expect(String((await offerRow(offerId)).state), body).toBe('accepted');
    }
  });

  it('declines on every way of saying no', async () => {
    const phone = '021 555 0702';
    const partner = await technician(phone);
    for (const body of ['nah', 'Nope.', "Can't tonight, sorry", 'cannot', 'busy', 'not tonight', '👎']) {
      const { offerId } = await textedOffer(partner);
      const { answer } = await reply(phone, body);
      expect(answer, body).toBe(textWords.replies.declined);
      expect(String((await offerRow(offerId)).state), body).toBe('declined');
    }
  });

  it('puts anything else on the lead’s timeline, answers once with what to reply, and holds the offer 5 minutes longer, once', async () => {
    const phone = '021 555 0703';
    const partner = await technician(phone);
    const { offerId, leadId, code } = await textedOffer(partner);
    const before = Number((await offerRow(offerId)).expires_at);
    const first = await reply(phone, 'Is it the walk-in or the display fridge?\nSee www.evil.example/x');
    expect(first.status).toBe(200);
    expect(first.answer).toContain('passed your message on');
    expect(first.answer).toContain(`YES ${code}`);
    expect(first.answer).toMatch(/hold it for you until /);
    const once = await offerRow(offerId);
    expect(String(once.state)).toBe('open');
    expect(Number(once.expires_at)).toBe(before + 5 * 60_000);
    expect(once.extended_at).not.toBeNull();
    expect(await timeline(leadId)).toContain(`Reply by text from ${partner.name}: Is it the walk-in or the display fridge? See www[.]evil[.]example/x`);

    // A second such reply is kept too, but the offer is not held again; "stop" inside a sentence stops nothing.
    const second = await reply(phone, `stop by the depot first? ${'x'.repeat(600)}`);
    expect(second.answer).not.toMatch(/hold it/);
    expect(Number((await offerRow(offerId)).expires_at)).toBe(before + 5 * 60_000);
    const kept = (await timeline(leadId)).filter((line) => line.startsWith('Reply by text from'));
    expect(kept).toHaveLength(2);
    expect([...kept[1]!].length).toBeLessThanOrEqual(`Reply by text from ${partner.name}: `.length + 300);
    expect((await t.store.read(() => all('SELECT sms FROM partners WHERE id = ?', partner.id)))[0]!.sms).toBeTruthy();
  });

  it('answers the offer a code names; a bare YES to two waiting jobs takes neither and asks which; to one, takes it', async () => {
    const phone = '021 555 0704';
    const partner = await technician(phone);
    const a = await textedOffer(partner, { city: 'Hamilton', service_type: 'Repair' });
    const b = await textedOffer(partner, { city: 'Tauranga', service_type: 'Maintenance' });
    expect(a.code).not.toBe(b.code);

    const which = await reply(phone, 'YES');
    expect(which.answer).toContain('Which one?');
    expect(which.answer).toContain(`${a.code} Repair, Hamilton`);
    expect(which.answer).toContain(`${b.code} Maintenance, Tauranga`);
    expect([String((await offerRow(a.offerId)).state), String((await offerRow(b.offerId)).state)]).toEqual(['open', 'open']);
    // A code that names neither takes neither.
    const other = codeCandidates('no such offer').find((c) => c !== a.code && c !== b.code)!;
    expect((await reply(phone, `yes ${other}`)).answer).toContain('Which one?');

    expect((await reply(phone, `yep ${a.code.toLowerCase()} omw`)).answer).toBe(textWords.replies.accepted);
    expect([String((await offerRow(a.offerId)).state), String((await offerRow(b.offerId)).state)]).toEqual(['accepted', 'open']);
    expect((await reply(phone, 'YES')).answer).toBe(textWords.replies.accepted);
    expect(String((await offerRow(b.offerId)).state)).toBe('accepted');
  });

  it('with two jobs waiting: a bare NO declines neither, and a question goes on both timelines, each held once', async () => {
    const phone = '021 555 0708';
    const partner = await technician(phone);
    const a = await textedOffer(partner, { city: 'Hamilton' });
    const b = await textedOffer(partner, { city: 'Dunedin', service_type: 'Installation' });
    expect((await reply(phone, 'nah')).answer).toContain('Which one?');
    const before = [Number((await offerRow(a.offerId)).expires_at), Number((await offerRow(b.offerId)).expires_at)];
    const noted = await reply(phone, 'Which one is closer to Frankton?');
    expect(noted.answer).toContain(`${a.code} Repair, Hamilton`);
    expect(noted.answer).toContain(`${b.code} Installation, Dunedin`);
    const after = [await offerRow(a.offerId), await offerRow(b.offerId)];
    expect(after.map((o) => String(o.state))).toEqual(['open', 'open']);
    expect(after.map((o) => Number(o.expires_at))).toEqual(before.map((at) => at + 5 * 60_000));
    for (const leadId of [a.leadId, b.leadId]) expect(await timeline(leadId)).toContain(`Reply by text from ${partner.name}: Which one is closer to Frankton?`);
    // Named by its code, a question goes on that job's timeline only.
    await reply(phone, `${b.code} how many units?`);
    expect((await timeline(a.leadId)).filter((line) => line.includes('how many units'))).toEqual([]);
    expect(await timeline(b.leadId)).toContain(`Reply by text from ${partner.name}: ${b.code} how many units?`);
    expect((await reply(phone, `no ${b.code}`)).answer).toBe(textWords.replies.declined);
    expect([String((await offerRow(a.offerId)).state), String((await offerRow(b.offerId)).state)]).toEqual(['open', 'declined']);
    // A yes to the job they turned down says so; it takes neither that one nor the other.
    expect((await reply(phone, `yes ${b.code}`)).answer).toBe(textWords.replies.ended('declined'));
    expect(String((await offerRow(a.offerId)).state)).toBe('open');
  });

  it('says how an offer ended: its time ran out, or another partner took it', async () => {
    const phone = '021 555 0705';
    const partner = await technician(phone);
    const lapsed = await textedOffer(partner);
    await t.store.transact(() => run('UPDATE partner_offers SET expires_at = created_at WHERE id = ?', lapsed.offerId));
    expect((await reply(phone, `YES ${lapsed.code}`)).answer).toBe(textWords.replies.ended('lapsed'));

    const taken = await textedOffer(partner);
    const rival = await addHamiltonTechnician(t.store, 'Rival Cooling', `rival-${kind}@x.nz`);
    const made = await t.store.transact(() => makeOffer(taken.leadId, rival.id, null, () => 'Offered'));
    if (!made.ok) throw new Error(made.reason);
    const job = (await t.store.claimJobs({ purposes: ['offer'], limit: 1000, leaseMs: 60_000, owner: 'rival' })).find((j) => j.offer_id === made.offer.id)!;
    const token = randomToken();
    await t.store.transact(() => armOffer(job, () => token, secretHash));
    await t.store.transact(() => answerOffer(secretHash(token), { action: 'accept' }, answerWords));
    expect((await reply(phone, 'yes')).answer).toBe(textWords.replies.ended('taken'));
    expect(textWords.replies.ended('taken')).not.toMatch(/someone else|time/);
    expect(textWords.replies.ended('lapsed')).not.toMatch(/someone else|took/);
    // Nobody says a lapsed offer went to someone else: whether anyone else was free is not known to it.
    expect(partnerWords.ended.timedOut).not.toMatch(/someone else/);
    expect(textWords.replies.declined).not.toMatch(/someone else/);
  });

  it('texts what is wrong in the customer’s words, cleaned, and never more than 3 parts, whatever the notes', async () => {
    const partner = await technician('021 555 0706');
    const { leadId, offerId, text, code } = await textedOffer(partner, { notes: 'Walk-in freezer at -2°C, compressor clicking. Ring 021 777 8888 — ta' });
    expect(text).toContain('Customer says: "Walk-in freezer at -2C, compressor clicking. Ring [phone removed] - ta"');
    expect(text).toContain(`Reply YES ${code} to accept or NO ${code} to decline.`);
    const lead = (await t.store.read(() => inboxLead(leadId)))!;
    const offer = (await t.store.read(() => offerById(offerId)))!;

    const word = fc.oneof(
      { weight: 6, arbitrary: fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: 1, maxLength: 12 }) },
      fc.constantFrom('Māori', 'café', '❄️', '😀', '9°C', '中文', 'naïve', '“quoted”', '{brace}', '[x]', '€5', 'ā'.repeat(30)),
      fc.string({ unit: 'grapheme', maxLength: 8 }).map((s) => s.replace(/[\d@.:/]/g, '')),
    );
    const phone = fc.oneof(
      fc
        .tuple(fc.constantFrom('021', '027', '09', '07'), fc.integer({ min: 1_000_000, max: 9_999_999 }))
        .map(([a, n]) => `${a} ${String(n).slice(0, 3)} ${String(n).slice(3)}`),
      fc.integer({ min: 1_000_000, max: 9_999_999 }).map((n) => `+64 21 ${n}`),
    );
    const email = fc.string({ unit: fc.constantFrom(...'abcxyz'), minLength: 1, maxLength: 8 }).map((s) => `${s}@zzmail.co.nz`);
    const link = fc.constantFrom('https://zzlink.example/a?b=1', 'www.zzlink.nz', 'zzlink.com/path', 'http://zzlink.io');
    const part = fc.oneof(
      { weight: 8, arbitrary: word },
      phone.map((p) => ({ phone: p })),
      email,
      link,
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 400 }), (parts) => {
        const notes = parts
          .map((p) => (typeof p === 'string' ? p : p.phone))
          .join(' ')
          .slice(0, 4000);
        const body = offerText({ ...offer, lead: { ...lead, notes } }, 'tok3n', ORIGIN, code);
        const parts_ = textParts(body);
        expect(parts_.segments).toBeLessThanOrEqual(OFFER_TEXT_PARTS);
        expect(parts_.encoding).toBe('GSM-7');
        expect(body).toContain(`YES ${code}`);
        // No address of the notes' (a lone "@" the customer typed, full-width or not, is no address).
        expect(body.toLowerCase()).not.toContain('zzmail');
        expect(body.toLowerCase()).not.toContain('zzlink');
        const digits = body.replace(/\D/g, '');
        const phones = parts.filter((p): p is { phone: string } => typeof p !== 'string');
        for (const p of phones) expect(digits).not.toContain(p.phone.replace(/\D/g, '').slice(-7));
      }),
      { numRuns: 300 },
    );
  });

  it('answers any reply body from a partner with jobs waiting with 200 or a 4xx, never a 500', async () => {
    const phone = '021 555 0707';
    const partner = await technician(phone);
    await textedOffer(partner);
    await textedOffer(partner);
    const body = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: 'grapheme', maxLength: 2000 }),
      fc.constantFrom('YES', 'yes ACD', '👍', 'no', 'STOP', 'START', 'help', '\u0000', 'yes\u0000', '<Message>&amp;', '\ud800', 'x'.repeat(20_000)),
      fc.tuple(fc.constantFrom('yes', 'no', 'what'), fc.string({ maxLength: 40 })).map(([a, b]) => `${a} ${b}`),
    );
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const { status } = await reply(phone, text);
        expect([200, 400, 413]).toContain(status);
      }),
      { numRuns: 80 },
    );
  });
});
