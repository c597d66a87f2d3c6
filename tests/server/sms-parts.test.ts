/**
 * The building blocks of texting partners: reading a New Zealand mobile number, Twilio's webhook
 * signature, the meaning of a one-word reply, and the Messages API client against a local fake of
 * Twilio. Examples pin the known cases; fast-check properties cover the rest of the input space.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isNzMobile, nzMobileE164 } from '../../core/partner/nz-mobile.ts';
import { isValidTwilioSignature, twilioSignature } from '../../server/sms/twilio-signature.ts';
import { replyIntent, type ReplyIntent } from '../../server/sms/reply-words.ts';
import { MAX_BODY_CHARS, TextRefused, TextRetryable, createTwilioClient } from '../../server/sms/twilio-client.ts';
import { signedTwilioPost, startFakeTwilio, type FakeTwilio } from '../support/fake-twilio.ts';

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

/** A mobile's national significant number (no trunk 0), from each range a New Zealand mobile can be in. */
const mobileNsn = fc.oneof(
  fc.tuple(fc.constantFrom('20', '21', '22', '27', '28', '29'), digits(7, 8)).map(([p, d]) => p + d),
  digits(6, 7).map((d) => `26${d}`),
  digits(6, 6).map((d) => `21${d}`),
  digits(5, 5).map((d) => `275${d}`),
);

/** Landline numbers: area code 3, 4, 6, 7 or 9 and a 7-digit local number starting 2 to 9. */
const landlineNsn = fc.tuple(fc.constantFrom('3', '4', '6', '7', '9'), fc.constantFrom(...'23456789'), digits(6, 6)).map((p) => p.join(''));
/** Freephone (0800, 0508) and premium (0900) numbers. */
const serviceNsn = fc.oneof(
  digits(6, 7).map((d) => `800${d}`),
  digits(6, 7).map((d) => `508${d}`),
  digits(5, 6).map((d) => `900${d}`),
);

const prefixStyle = fc.constantFrom('0', '+64', '+64 ', '0064', '00 64 ', '64', '64 ', '+64 (0)', '+64 0');
const separator = fc.constantFrom('', ' ', '  ', '-', '.', ' - ', '\u00a0', '\u2013');

/** The number written as a person might: a prefix style, then its digits with separators between them. */
function written(nsn: string): fc.Arbitrary<string> {
  return fc.tuple(prefixStyle, fc.array(separator, { minLength: nsn.length, maxLength: nsn.length }), fc.boolean()).map(([prefix, seps, parens]) => {
    const body = [...nsn].map((d, i) => (i === 0 ? d : seps[i] + d)).join('');
    // "(021) 123 4567": parentheses around the area code, as written nationally.
    if (parens && prefix === '0') return `(0${body.slice(0, 2)})${body.slice(2)}`;
    return prefix + body;
  });
}

describe('nzMobileE164', () => {
  it.each([
    ['021 123 4567', '+64211234567'],
    ['(021) 123-4567', '+64211234567'],
    ['0211234567', '+64211234567'],
    ['+64 21 123 4567', '+64211234567'],
    ['+64211234567', '+64211234567'],
    ['0064211234567', '+64211234567'],
    ['64 21 123 4567', '+64211234567'],
    ['+64 (0)21 123 4567', '+64211234567'],
    ['021.123.4567', '+64211234567'],
    ['  022 1234 5678  ', '+642212345678'],
    ['027 123 4567', '+64271234567'],
    ['020 1234 567', '+64201234567'],
    ['028 1234 5678', '+642812345678'],
    ['029 123 4567', '+64291234567'],
    ['021 123 456', '+6421123456'],
    ['0275 12345', '+6427512345'],
    ['026 123 456', '+6426123456'],
    ['０２１ １２３ ４５６７', '+64211234567'],
  ])('%j is %s', (input, e164) => {
    expect(nzMobileE164(input)).toBe(e164);
    expect(isNzMobile(input)).toBe(true);
  });

  it.each([
    ['09 123 4567', 'an Auckland landline'],
    ['03 345 6789', 'a Christchurch landline'],
    ['04 499 1234', 'a Wellington landline'],
    ['06 835 1234', 'a Napier landline'],
    ['07 838 1234', 'a Hamilton landline'],
    ['+64 9 123 4567', 'a landline written internationally'],
    ['0800 123 456', 'freephone'],
    ['0508 123 456', 'freephone'],
    ['0900 12345', 'a premium number'],
    ['021 123 45', 'too short'],
    ['021 1234 56789', 'too long'],
    ['022 123 456', 'a short number in a range that has none'],
    ['024 123 4567', 'not a mobile range'],
    ['025 123 4567', 'a closed mobile range'],
    ['021 CALL ME', 'letters'],
    ['021 123 4567 ext 2', 'an extension'],
    ['+61 412 345 678', 'an Australian mobile'],
    ['211234567', 'no prefix at all'],
    ['+ 64 21 123 4567 +', 'a stray plus'],
    ['', 'empty'],
    ['   ', 'blank'],
  ])('%j is not a mobile (%s)', (input) => {
    expect(nzMobileE164(input)).toBeNull();
    expect(isNzMobile(input)).toBe(false);
  });

  it('gives the same E.164 however a mobile is written', () => {
    fc.assert(
      fc.property(
        mobileNsn.chain((nsn) => fc.tuple(fc.constant(nsn), written(nsn))),
        ([nsn, input]) => {
          expect(nzMobileE164(input)).toBe(`+64${nsn}`);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never takes a landline, freephone or premium number, however written', () => {
    fc.assert(
      fc.property(
        fc.oneof(landlineNsn, serviceNsn).chain((nsn) => written(nsn)),
        (input) => {
          expect(nzMobileE164(input)).toBeNull();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throws, and anything it returns is +64 and a mobile number', () => {
    fc.assert(
      // Mobiles among the noise, so the shape of what it returns is checked as well as the nulls.
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.string({ unit: fc.constantFrom(...'0123456789 +-.()') }),
          mobileNsn.chain((nsn) => written(nsn)),
        ),
        (input) => {
          const out = nzMobileE164(input);
          expect(out === null || /^\+642\d{7,9}$/.test(out), String(out)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('Twilio signature', () => {
  // Twilio's published worked example (its docs' request-validation snippet and its helper libraries' tests).
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };

  it("reproduces Twilio's published signature", () => {
    expect(twilioSignature('12345', url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(isValidTwilioSignature('12345', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(true);
    // The same example with the older caller number it was first published with.
    const older = { ...params, Caller: '+12349013030', From: '+12349013030' };
    expect(twilioSignature('12345', url, older)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });

  it("signs a repeated name's distinct values in sorted order, as Twilio's helper libraries do", () => {
    const repeated = { Sid: 'CA123', SidAccount: 'AC123', Digits: ['5678', '1234', '1234'] };
    expect(twilioSignature('12345', url, repeated)).toBe('IK+Dwps556ElfBT0I3Rgjkr1wJU=');
    expect(isValidTwilioSignature('12345', url, { ...repeated, Digits: ['1234', '5678'] }, 'IK+Dwps556ElfBT0I3Rgjkr1wJU=')).toBe(true);
  });

  const token = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 32 });
  const name = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 });
  const value = fc.string({ unit: 'grapheme', maxLength: 24 });
  const form = fc.dictionary(name, value, { maxKeys: 8 });
  const webhookUrl = fc.webUrl({ withQueryParameters: true });

  it('matches an independent computation of URL + sorted name/value pairs, HMAC-SHA1, base64', () => {
    fc.assert(
      fc.property(token, webhookUrl, form, (t, u, p) => {
        const names = Object.keys(p).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        const signed = u + names.map((n) => n + p[n]).join('');
        expect(twilioSignature(t, u, p)).toBe(createHmac('sha1', Buffer.from(t, 'utf8')).update(Buffer.from(signed, 'utf8')).digest('base64'));
      }),
      { numRuns: 300 },
    );
  });

  it('verifies a valid signature, and no longer when the URL, a value, the set of names or the token changes', () => {
    fc.assert(
      fc.property(token, token, webhookUrl, form, name, value, (t, otherToken, u, p, extraName, extraValue) => {
        // A name the form already has, or the same token twice, is not a change (and is rare).
        fc.pre(!(extraName in p) && otherToken !== t);
        const signature = twilioSignature(t, u, p);
        expect(isValidTwilioSignature(t, u, p, signature)).toBe(true);
        expect(isValidTwilioSignature(t, `${u}x`, p, signature)).toBe(false);
        for (const n of Object.keys(p)) {
          expect(isValidTwilioSignature(t, u, { ...p, [n]: `${p[n]}!` }, signature)).toBe(false);
        }
        expect(isValidTwilioSignature(t, u, { ...p, [extraName]: extraValue }, signature)).toBe(false);
        expect(isValidTwilioSignature(otherToken, u, p, signature)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('is false, never a throw, for a missing, empty or garbage header', () => {
    expect(isValidTwilioSignature('12345', url, params, undefined)).toBe(false);
    expect(isValidTwilioSignature('12345', url, params, '')).toBe(false);
    // Right length in characters, longer in bytes: the length check must be on bytes.
    expect(isValidTwilioSignature('12345', url, params, 'é'.repeat(28))).toBe(false);
    expect(isValidTwilioSignature('12345', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8')).toBe(false);
    expect(isValidTwilioSignature('', url, params, twilioSignature('', url, params))).toBe(false);
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.base64String()), (header) => {
        expect(isValidTwilioSignature('12345', url, params, header)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('replyIntent', () => {
  it.each<[string, ReplyIntent]>([
    ['yes', 'accept'],
    ['Yes!', 'accept'],
    [' y e s ', 'accept'],
    ['YES.', 'accept'],
    ['Y', 'accept'],
    ['accept', 'accept'],
    ['👍 yes 👍', 'accept'],
    ['ＹＥＳ', 'accept'],
    ['no', 'decline'],
    ['No.', 'decline'],
    ['n', 'decline'],
    ['DECLINE', 'decline'],
    ['STOP', 'stop'],
    ['stop all', 'stop'],
    ['StopAll', 'stop'],
    ['unsubscribe', 'stop'],
    ['Cancel', 'stop'],
    ['end', 'stop'],
    ['QUIT', 'stop'],
    ['opt-out', 'stop'],
    ['revoke', 'stop'],
    ['start', 'start'],
    ['UNSTOP', 'start'],
    ['help', 'help'],
    ['Info?', 'help'],
    ['yes please', 'accept'],
    ['yep', 'accept'],
    ['no way', 'decline'],
    ['stop texting me', 'other'],
    ['yess', 'other'],
    ['', 'other'],
    ['🙂', 'other'],
    [`${' '.repeat(160)}yes`, 'other'],
    [`${'x'.repeat(200)}`, 'other'],
  ])('%j is %s', (body, intent) => {
    expect(replyIntent(body)).toBe(intent);
  });

  it('reads a keyword the same whatever its case, spacing, punctuation or emoji', () => {
    const keywords: [string, ReplyIntent][] = [
      ['yes', 'accept'],
      ['no', 'decline'],
      ['stop', 'stop'],
      ['unstop', 'start'],
      ['help', 'help'],
    ];
    const noise = fc.constantFrom(' ', '\t', '\n', '.', '!', '?', ',', '-', '…', '👍', '🙏🏽', '\u200d', '\ufe0f', '"');
    fc.assert(
      fc.property(
        fc.constantFrom(...keywords),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.array(fc.array(noise, { maxLength: 3 }), { minLength: 9, maxLength: 9 }),
        ([word, intent], upper, gaps) => {
          const letters = [...word].map((c, i) => (upper[i] ? c.toUpperCase() : c));
          const body = gaps[0]!.join('') + letters.map((c, i) => c + gaps[i + 1]!.join('')).join('');
          expect(replyIntent(body)).toBe(intent);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throws and always gives one of the intents', () => {
    const intents: ReplyIntent[] = ['accept', 'decline', 'stop', 'start', 'help', 'other'];
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 400 }), fc.string({ unit: 'grapheme' })), (body) => {
        expect(intents).toContain(replyIntent(body));
      }),
      { numRuns: 1000 },
    );
    expect(replyIntent('y'.repeat(1_000_000))).toBe('other');
  });
});

describe('Twilio client against the fake', () => {
  const accountSid = `AC${'0123456789abcdef'.repeat(2)}`;
  const authToken = 'f00dfeedcafe0123456789abcdefbeef';
  const from = '+6498765432';
  let fake: FakeTwilio;
  const errors: unknown[] = [];

  const client = (overrides: Partial<Parameters<typeof createTwilioClient>[0]> = {}) =>
    createTwilioClient({ accountSid, authToken, from, apiUrl: fake.url, ...overrides });
  /** The error a send rejects with, kept for the check that none of them carries the token. */
  async function failure(promise: Promise<unknown>): Promise<unknown> {
    const error = await promise.then(
      () => {
        throw new Error('the send was expected to fail');
      },
      (e: unknown) => e,
    );
    errors.push(error);
    return error;
  }

  beforeAll(async () => {
    fake = await startFakeTwilio({ accountSid, authToken });
  });
  afterAll(async () => {
    await fake.close();
  });
  afterEach(() => {
    fake.messages.length = 0;
    fake.requests.length = 0;
  });

  it('sends To, From, Body and StatusCallback with Basic auth, and returns the sid and status', async () => {
    const sent = await client().send({ to: '+64211234567', body: 'New job in Ōtāhuhu: reply YES to take it', statusCallback: 'https://example.nz/sms/status' });
    expect(sent.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sent.status).toBe('queued');
    const [message] = await fake.waitForMessages(1);
    expect(message).toEqual({
      to: '+64211234567',
      from,
      body: 'New job in Ōtāhuhu: reply YES to take it',
      statusCallback: 'https://example.nz/sms/status',
      sid: sent.sid,
    });
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`);
    expect(request?.contentType).toBe('application/x-www-form-urlencoded');
    expect(request?.authorization).toBe(`Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`);
  });

  it('leaves StatusCallback out when none is given', async () => {
    await client().send({ to: '+64211234567', body: 'hello' });
    expect(fake.requests[0]?.form).toEqual({ To: '+64211234567', From: from, Body: 'hello' });
  });

  it('is refused with Twilio’s code when the credentials are wrong', async () => {
    const error = await failure(client({ authToken: 'a-wrong-token-0000000000000000000' }).send({ to: '+64211234567', body: 'hi' }));
    expect(error).toBeInstanceOf(TextRefused);
    expect(error).toMatchObject({ status: 401, code: 20003 });
    expect(fake.messages).toHaveLength(0);
  });

  it('throws TextRetryable with retryAfter on 429', async () => {
    fake.failNext(429, 1, { retryAfter: 7 });
    const error = await failure(client().send({ to: '+64211234567', body: 'hi' }));
    expect(error).toBeInstanceOf(TextRetryable);
    expect(error).toMatchObject({ status: 429, retryAfter: 7 });
    expect((error as Error).message).toContain('429');
    expect(fake.messages).toHaveLength(0);
  });

  it('throws TextRetryable on 500, then sends once Twilio recovers', async () => {
    fake.failNext(500, 2);
    for (let i = 0; i < 2; i += 1) {
      const error = await failure(client().send({ to: '+64211234567', body: 'hi' }));
      expect(error).toBeInstanceOf(TextRetryable);
      expect(error).toMatchObject({ status: 500, retryAfter: undefined });
      expect((error as Error).message).toContain('500');
    }
    await expect(client().send({ to: '+64211234567', body: 'hi' })).resolves.toMatchObject({ status: 'queued' });
    expect(fake.messages).toHaveLength(1);
  });

  it('throws TextRefused carrying Twilio’s code and message on 400', async () => {
    fake.failNext(400, 1, { code: 21610, message: 'Attempt to send to unsubscribed recipient' });
    const error = await failure(client().send({ to: '+64211234567', body: 'hi' }));
    expect(error).toBeInstanceOf(TextRefused);
    expect(error).toMatchObject({ status: 400, code: 21610, twilioMessage: 'Attempt to send to unsubscribed recipient' });
    expect((error as Error).message).toContain('21610');

    fake.failNext(400);
    await expect(failure(client().send({ to: '+6421', body: 'hi' }))).resolves.toMatchObject({ code: 21211 });
  });

  it('refuses a body over 640 characters without a request, and sends one of exactly 640', async () => {
    const error = await failure(client().send({ to: '+64211234567', body: 'x'.repeat(MAX_BODY_CHARS + 1) }));
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(TextRetryable);
    expect((error as Error).message).toMatch(/641 characters.*640/);
    expect(fake.requests).toHaveLength(0);
    await client().send({ to: '+64211234567', body: 'x'.repeat(MAX_BODY_CHARS) });
    expect(fake.messages).toHaveLength(1);
  });

  it('throws TextRetryable when Twilio cannot be reached', async () => {
    const gone = await startFakeTwilio({ accountSid, authToken });
    const deadUrl = gone.url;
    await gone.close();
    const error = await failure(client({ apiUrl: deadUrl }).send({ to: '+64211234567', body: 'hi' }));
    expect(error).toBeInstanceOf(TextRetryable);
    expect(error).toMatchObject({ status: undefined });
  });

  it('lets the caller’s own abort through as it is', async () => {
    const controller = new AbortController();
    controller.abort(new Error('shutting down'));
    const error = await failure(client().send({ to: '+64211234567', body: 'hi' }, controller.signal));
    expect(error).not.toBeInstanceOf(TextRetryable);
    expect((error as Error).message).toBe('shutting down');
  });

  it('keeps the auth token out of every error message, even when Twilio or the network echoes it', async () => {
    const echo = (status: number, extra: Record<string, string> = {}) =>
      (async () => new Response(JSON.stringify({ code: 20000 + status, message: `bad token ${authToken} here` }), { status, headers: extra })) as typeof fetch;
    for (const status of [400, 401, 403, 404, 429, 500, 503]) {
      await failure(client({ fetch: echo(status) }).send({ to: '+64211234567', body: 'hi' }));
    }
    await failure(
      client({
        fetch: (async () => {
          throw new TypeError(`fetch failed for ${authToken}`);
        }) as typeof fetch,
      }).send({ to: '+64211234567', body: 'hi' }),
    );
    // Every error collected in this describe block, including those above.
    expect(errors.length).toBeGreaterThanOrEqual(15);
    for (const error of errors) {
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).not.toContain(authToken);
      expect(String(error)).not.toContain(authToken);
      expect(JSON.stringify(error)).not.toContain(authToken);
    }
  });
});

describe('fake Twilio’s webhooks', () => {
  const accountSid = `AC${'fedcba9876543210'.repeat(2)}`;
  const authToken = '0123456789abcdef0123456789abcdef';
  let fake: FakeTwilio;
  let receiver: Server;
  let receiverUrl: string;
  /** The origin the receiver believes Twilio was given: its public name behind a proxy, or its own address. */
  let signedOrigin = '';
  const received: { params: Record<string, string>; valid: boolean }[] = [];

  beforeAll(async () => {
    fake = await startFakeTwilio({ accountSid, authToken });
    // Stands in for the site's webhook routes: answers 204 to a request whose signature checks out, 403 otherwise.
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        const header = req.headers['x-twilio-signature'];
        const valid = isValidTwilioSignature(authToken, `${signedOrigin}${req.url ?? ''}`, params, typeof header === 'string' ? header : undefined);
        received.push({ params, valid });
        res.writeHead(valid ? 204 : 403).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  });
  afterEach(() => {
    received.length = 0;
  });
  afterAll(async () => {
    await fake.close();
    await new Promise<void>((resolve) => {
      receiver.close(() => resolve());
      receiver.closeAllConnections();
    });
  });

  it('signs an inbound reply over the URL it is told, and the signature fails for any other URL or token', async () => {
    signedOrigin = 'https://leads.example.nz';
    const params = { From: '+64211234567', To: '+6498765432', Body: 'YES', MessageSid: `SM${'a'.repeat(32)}`, AccountSid: accountSid };
    const good = await signedTwilioPost(`${receiverUrl}/sms/inbound`, params, authToken, 'https://leads.example.nz/sms/inbound');
    expect(good.status).toBe(204);
    expect(received[0]).toEqual({ params, valid: true });
    const wrongUrl = await signedTwilioPost(`${receiverUrl}/sms/inbound`, params, authToken);
    expect(wrongUrl.status).toBe(403);
    const wrongToken = await signedTwilioPost(`${receiverUrl}/sms/inbound`, params, 'not-the-token', 'https://leads.example.nz/sms/inbound');
    expect(wrongToken.status).toBe(403);
  });

  it('posts a signed delivery status to the message’s StatusCallback', async () => {
    signedOrigin = receiverUrl;
    const twilio = createTwilioClient({ accountSid, authToken, from: '+6498765432', apiUrl: fake.url });
    const sent = await twilio.send({ to: '+64211234567', body: 'hi', statusCallback: `${receiverUrl}/sms/status?lead=42` });
    expect(await fake.deliverStatus(sent.sid, 'delivered')).toBe(204);
    expect(await fake.deliverStatus(sent.sid, 'undelivered')).toBe(204);
    expect(received).toEqual([
      { valid: true, params: { AccountSid: accountSid, From: '+6498765432', MessageSid: sent.sid, MessageStatus: 'delivered', To: '+64211234567' } },
      {
        valid: true,
        params: { AccountSid: accountSid, ErrorCode: '30003', From: '+6498765432', MessageSid: sent.sid, MessageStatus: 'undelivered', To: '+64211234567' },
      },
    ]);
    // Signed over the callback URL exactly: the same request checked against any other URL fails.
    signedOrigin = `${receiverUrl}/elsewhere`;
    expect(await fake.deliverStatus(sent.sid, 'sent')).toBe(403);
  });

  it('resolves waitForMessages on the message that reaches the count, and rejects when it times out', async () => {
    const twilio = createTwilioClient({ accountSid, authToken, from: '+6498765432', apiUrl: fake.url });
    const before = fake.messages.length;
    const waiting = fake.waitForMessages(before + 2);
    await twilio.send({ to: '+64211234567', body: 'one' });
    await twilio.send({ to: '+64211234567', body: 'two' });
    expect((await waiting).slice(before).map((m) => m.body)).toEqual(['one', 'two']);
    await expect(fake.waitForMessages(fake.messages.length + 1, 50)).rejects.toThrow(/of \d+ messages in 50 ms/);
  });
});
