/**
 * Attacks on the routes for texts and the partners' "Your jobs" page, on both stores with two
 * instances sharing the database: Twilio's callbacks, the jobs page and its posts, and the owner's
 * new link and turning the page off. Each is tried as a stranger, in the wrong role, from another
 * site, with hostile values and twice at once; the logs are then read for tokens, phone numbers and
 * message bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { offerById } from '../../server/dispatch/partner-offers.ts';
import { partnerById } from '../../server/storage/partner-records.ts';
import { recordText } from '../../server/storage/text-work.ts';
import { all, run, type Work } from '../../server/storage/steps.ts';
import { randomToken, secretHash } from '../../server/security/secrets.ts';
import { pageTokenFor } from '../../server/partners/partner-links.ts';
import { partnerWords } from '../../server/partners/partner-words.ts';
import { SMS_INBOUND_PATH, SMS_STATUS_PATH } from '../../server/sms/sms-paths.ts';
import { twilioSignature } from '../../server/sms/twilio-signature.ts';
import { textWords } from '../../server/sms/text-words.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { addHamiltonTechnician, offerWithLink } from '../support/partners.ts';
import { inboxSession, INBOX_ORIGIN, type Browser } from '../support/inbox-session.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

const TOKEN = 'attack-auth-token-0123456789abcdef';
const FORM = 'application/x-www-form-urlencoded';
const OWN = { 'content-type': FORM, origin: INBOX_ORIGIN, 'sec-fetch-site': 'same-origin' };
const r = textWords.replies;
/** Every fixed answer, and each way an ended offer is told (the answers that list jobs need a partner's own offers). */
const REPLIES: readonly string[] = [
  ...Object.values(r).filter((v): v is string => typeof v === 'string'),
  ...(['lapsed', 'taken', 'declined', 'closed'] as const).map((how) => r.ended(how)),
];
const tokenOf = (url: string) => new URL(url, INBOX_ORIGIN).searchParams.get('t')!;
/** The words of a TwiML answer, its character references read back. */
const said = (body: string) => /<Message>(.*)<\/Message>/.exec(body)?.[1]?.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)));
/** A form as the server parses it: one value per name, or all of a repeated name's values. */
const parsed = (raw: string) => {
  const form: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(raw)) form[k] = k in form ? [...[form[k]!].flat(), v] : v;
  return form;
};

/** A store whose next read, once held, waits when done until the test lets it go: a race played in a set order. */
function gatedStore(store: LeadStore) {
  let gate: { reached: () => void; release: Promise<void> } | undefined;
  const read = async <T>(work: () => Work<T>) => {
    const out = await store.read(work);
    const held = gate;
    gate = undefined;
    held?.reached();
    await held?.release;
    return out;
  };
  const gated = new Proxy(store, {
    get: (target, prop) => {
      if (prop === 'read') return read;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const holdNextRead = () => {
    const [atGate, release] = [Promise.withResolvers<void>(), Promise.withResolvers<void>()];
    gate = { reached: atGate.resolve, release: release.promise };
    return { atGate: atGate.promise, release: release.resolve };
  };
  return { store: gated, holdNextRead };
}

describe.each(storeKinds)('attacks on texts and the jobs page on %s', (kind) => {
  let t: TestStore;
  let apps: FastifyInstance[];
  let gate: ReturnType<typeof gatedStore>;
  const logLines: string[] = [];
  /** What no log line may show: tokens, phone numbers as written, message bodies, customers. */
  const secrets = new Set<string>();
  const appOf = (i: number) => () => apps[i]!;
  const [a, b] = [inboxSession(appOf(0), () => t.store), inboxSession(appOf(1), () => t.store)];
  let owner: Browser;
  /** Notes what the logs may not show; the first given back. */
  const keep = (...values: string[]) => {
    for (const value of values) secrets.add(value);
    return values[0]!;
  };

  beforeAll(async () => {
    t = await createTestStore(kind);
    gate = gatedStore(t.reopen());
    const logger = pino({ level: 'trace' }, { write: (line: string) => logLines.push(line.trim()) });
    const options = { logger, leadPurposes: [], rateLimit: { max: 10_000, windowMs: 600_000 }, inbox: { publicOrigin: INBOX_ORIGIN } };
    apps = await Promise.all([t.store, gate.store].map((store) => buildApp({ store, ...options, texts: { authToken: TOKEN, publicOrigin: INBOX_ORIGIN } })));
    owner = await a.signedIn(`owner-${kind}@example.nz`);
  });
  afterAll(async () => {
    for (const app of apps ?? []) await app.close();
    await t?.cleanup();
  });

  let people = 0;
  async function technician(name: string) {
    people += 1;
    const local = `021 555 ${1000 + people}`;
    const e164 = `+6421555${1000 + people}`;
    keep(local, e164, local.replaceAll(' ', ''));
    const partner = await addHamiltonTechnician(t.store, `${name} ${people}`, `p${people}-${kind}@partner.nz`, { phone: local, sms: true, on_call: false });
    return { ...partner, e164 };
  }
  async function newLead() {
    people += 1;
    const name = `Hidden Customer ${people}`;
    const phone = `027 444 ${1000 + people}`;
    keep(name, phone, phone.replaceAll(' ', ''));
    const res = await apps[0]!.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ contact_name: name, phone }) });
    expect(res.statusCode).toBe(200);
    return { id: (await t.store.listLeads()).find((l) => l.contact_name === name)!.id, name, phone };
  }
  /** An offer as dispatch makes it for a partner who takes texts: its e-mail link and its text's link. */
  async function textedOffer(leadId: string, partnerId: string) {
    const { offerId, token } = await offerWithLink(t.store, leadId, partnerId);
    const smsToken = randomToken();
    const sql = "INSERT INTO offer_links (offer_id, channel, token_hash, created_at) VALUES (?, 'sms', ?, 0)";
    await t.store.transact(() => run(sql, offerId, secretHash(keep(smsToken, token))));
    return { offerId, token };
  }
  /** A callback posted as Twilio would, signed over `signUrl` with `authToken` (or not at all). */
  const callback = (app: FastifyInstance, path: string, raw: string, sign: { url?: string; authToken?: string } | false = {}) => {
    const signature = sign && { 'x-twilio-signature': twilioSignature(sign.authToken ?? TOKEN, sign.url ?? `${INBOX_ORIGIN}${path}`, parsed(raw)) };
    return app.inject({ method: 'POST', url: path, headers: { 'content-type': FORM, ...signature }, payload: raw });
  };
  const reply = (app: FastifyInstance, from: string, body: string) =>
    callback(app, SMS_INBOUND_PATH, new URLSearchParams({ MessageSid: `SM${randomUUID()}`, From: from, To: '+6498870000', Body: body }).toString());
  const jobsPage = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: `/partner/jobs?t=${encodeURIComponent(token)}` });
  const post = (app: FastifyInstance, url: string, fields: Record<string, string>, headers: Record<string, string> = OWN) =>
    app.inject({ method: 'POST', url, headers, payload: new URLSearchParams(fields).toString() });
  const pageLink = async (partnerId: string) => {
    const renewed = await a.call(owner, 'POST', `/partners/${partnerId}/page/renew`);
    expect(renewed.statusCode).toBe(200);
    return keep(tokenOf(renewed.json().link));
  };
  const acceptedJobs = (...ids: string[]) =>
    t.store.read(() =>
      all(`SELECT offer_id, transport FROM outbox WHERE purpose = 'accepted' AND offer_id IN (${ids.map(() => '?')}) ORDER BY transport`, ...ids),
    );
  const pageLinks = (partnerId: string) => t.store.read(() => all('SELECT token_hash FROM partner_page_links WHERE partner_id = ?', partnerId));

  it('refuses a callback not signed with this auth token alike for a partner’s number and a stranger’s, and tells each only the words', async () => {
    const ana = await technician('Ana Stranger');
    const stranger = '+64275550999';
    const refusals = new Set<string>();
    for (const from of [ana.e164, stranger]) {
      const raw = new URLSearchParams({ MessageSid: 'SM1', From: from, Body: 'YES' }).toString();
      for (const res of [
        await callback(apps[0]!, SMS_INBOUND_PATH, raw, false),
        await callback(apps[0]!, SMS_INBOUND_PATH, raw, { authToken: 'someone-elses-auth-token-0123456789' }),
        // Signed for another host, as if a proxy's Host header were believed.
        await callback(apps[0]!, SMS_INBOUND_PATH, raw, { url: `https://evil.example${SMS_INBOUND_PATH}` }),
        await callback(apps[1]!, SMS_INBOUND_PATH, raw, { url: `${INBOX_ORIGIN}${SMS_STATUS_PATH}` }),
        await apps[1]!.inject({ method: 'POST', url: SMS_INBOUND_PATH, headers: { ...OWN, origin: 'null', 'sec-fetch-site': 'cross-site' }, payload: raw }),
      ]) {
        expect(res.statusCode).toBe(403);
        refusals.add(res.body);
      }
    }
    expect([...refusals]).toEqual(['Refused: not signed by Twilio.']);
    for (const body of ['YES', 'no', 'HELP', 'START', 'STOP', 'what is this']) expect(said((await reply(apps[1]!, stranger, body)).body)).toBe(r.unknownNumber);
    expect(said((await reply(apps[0]!, ana.e164, 'YES')).body)).toBe(r.noOffer);
    // Nothing waits for her, so a reply that is neither yes nor no is told what the texts take.
    expect(said((await reply(apps[0]!, ana.e164, 'what is this')).body)).toBe(r.help([]));
  });

  it('answers any signed callback (odd encodings, repeated fields, NUL, Unicode, SQL-ish text) with a 200 or a 4xx, and only known words', async () => {
    const ana = await technician('Ana Hostile');
    const lead = await newLead();
    const { offerId } = await textedOffer(lead.id, ana.id);
    const sid = `SM${randomUUID().replaceAll('-', '')}`;
    await t.store.transact(() => recordText({ sid, offerId, partnerId: ana.id, purpose: 'offer', status: 'queued' }));
    // Her one job as the answers that list jobs name it (its code, if its text gave it one).
    const [coded] = await t.store.read(() => all('SELECT text_code FROM partner_offers WHERE id = ?', offerId));
    const { service_type: service, city } = (await t.store.read(() => offerById(offerId)))!.lead!;
    const job = { code: coded?.text_code ? String(coded.text_code) : null, service, city };
    /** The words of an answer that lists her jobs: for her one job while it waits, or none once it does not. */
    const listing = [[job], []].flatMap((waiting) => [r.help(waiting), r.which(waiting), r.noted(waiting, undefined)]);
    const known = (words: string | undefined) =>
      words === undefined ||
      REPLIES.includes(words) ||
      listing.some((w) => words === w || (words.startsWith(`${w} We will hold it for you until `) && words.endsWith('.')));
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.constantFrom('YES', 'ＹＥＳ', ' n o ', 'STOP', 'start', '%FF', '%', '%E0%A4%A', '%00', '+', "'; DROP TABLE partners; --", '\u0000', '\ud800'),
      fc.constantFrom(ana.e164, '＋６４２１５５５' + ana.e164.slice(-4), sid, 'sent', 'delivered', 'undelivered', 'failed', 'x'.repeat(3000)),
    );
    const field = fc.tuple(fc.constantFrom('From', 'Body', 'MessageSid', 'MessageStatus', 'ErrorCode', 'To', 'Fr%00om', ''), value, fc.boolean());
    const encode = (v: string, asIs: boolean) => (asIs || !v.isWellFormed() ? v : encodeURIComponent(v));
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(SMS_INBOUND_PATH, SMS_STATUS_PATH),
        fc.array(field, { maxLength: 8 }),
        fc.integer({ min: 0, max: 1 }),
        async (path, fields, instance) => {
          const raw = fields.map(([k, v, asIs]) => `${k}=${encode(v, asIs)}`).join('&');
          const res = await callback(apps[instance]!, path, raw);
          seen.add(res.statusCode);
          // 403 is a replay (the same form signed again), 413 a form too large.
          expect([200, 400, 403, 413], `${res.statusCode} for ${path} ${raw.slice(0, 200)}`).toContain(res.statusCode);
          // No words at all (a status callback, a refusal), or one of the known replies.
          expect(known(said(res.body)), said(res.body)).toBe(true);
          expect(res.body).not.toContain(ana.name);
        },
      ),
      { numRuns: 150 },
    );
    expect([...seen]).toEqual(expect.arrayContaining([200, 400]));
    const [text] = await t.store.read(() => all('SELECT status, error_code FROM text_messages WHERE sid = ?', sid));
    expect(['queued', 'sent', 'delivered', 'undelivered', 'failed']).toContain(text!.status);
    expect(String(text!.error_code ?? '').length).toBeLessThanOrEqual(16);
    // Larger than any callback, signed or not: refused before anything is read.
    const huge = `From=${ana.e164}&Body=${'Y'.repeat(17 * 1024)}`;
    expect((await callback(apps[0]!, SMS_INBOUND_PATH, huge)).statusCode).toBe(413);
    // Many repeats of one field under the limit: the first is read, the signature covers them all.
    const repeated = `${'From=%2B64275550999&'.repeat(700)}Body=YES&MessageSid=SM9`;
    expect(said((await callback(apps[1]!, SMS_INBOUND_PATH, repeated)).body)).toBe(r.unknownNumber);
  }, 60_000);

  it('gives one of two YES replies for the same job at the same moment on two instances the job; the other no customer details', async () => {
    const ana = await technician('Ana Race');
    const ben = await technician('Ben Race');
    for (let round = 0; round < 5; round += 1) {
      const lead = await newLead();
      const offers = [await textedOffer(lead.id, ana.id), await textedOffer(lead.id, ben.id)];
      const answers = await Promise.all([reply(apps[0]!, ana.e164, 'YES'), reply(apps[1]!, ben.e164, 'yes')]);
      const views = await Promise.all(offers.map((o) => t.store.read(() => offerById(o.offerId))));
      expect(views.map((v) => v!.offer.state).sort()).toEqual(['accepted', 'withdrawn']);
      const winner = views.findIndex((v) => v!.offer.state === 'accepted');
      expect(said(answers[winner]!.body)).toBe(r.accepted);
      // The loser may be told "taken" or, once the winner's commit is seen, "no job waiting" (the flaw below).
      expect([r.ended('taken'), r.noOffer]).toContain(said(answers[1 - winner]!.body));
      for (const answer of answers) for (const secret of [lead.name, lead.phone]) expect(answer.body).not.toContain(secret);
      // The customer's details go (by e-mail and by text) to the winner alone.
      expect(await acceptedJobs(offers[0]!.offerId, offers[1]!.offerId)).toEqual(
        ['email', 'sms'].map((transport) => ({ offer_id: offers[winner]!.offerId, transport })),
      );
    }
  }, 60_000);

  it('tells a technician whose YES comes after another’s took the job that it was taken', async () => {
    const ana = await technician('Ana Late');
    const ben = await technician('Ben Early');
    const lead = await newLead();
    await textedOffer(lead.id, ana.id);
    await textedOffer(lead.id, ben.id);
    expect(said((await reply(apps[0]!, ben.e164, 'YES')).body)).toBe(r.accepted);
    expect(said((await reply(apps[1]!, ana.e164, 'YES')).body)).toBe(r.ended('taken'));
  });

  it('takes a YES delivered twice at once (a retry on each instance) once, and a YES racing the page’s accept once', async () => {
    const ana = await technician('Ana Twice');
    const first = await newLead();
    const { offerId } = await textedOffer(first.id, ana.id);
    const raw = new URLSearchParams({ MessageSid: 'SMtwice', From: ana.e164, Body: 'YES' }).toString();
    const twice = await Promise.all(apps.map((app) => callback(app, SMS_INBOUND_PATH, raw)));
    expect(twice.map((res) => res.statusCode).sort()).toEqual([200, 403]);
    expect((await t.store.read(() => offerById(offerId)))!.offer.state).toBe('accepted');
    const both = (id: string) => ['email', 'sms'].map((transport) => ({ offer_id: id, transport }));
    expect(await acceptedJobs(offerId)).toEqual(both(offerId));

    const second = await newLead();
    const offer = await textedOffer(second.id, ana.id);
    const [page, text] = await Promise.all([post(apps[0]!, '/partner/offer', { t: offer.token, action: 'accept' }), reply(apps[1]!, ana.e164, 'YES')]);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(second.name);
    const view = (await t.store.read(() => offerById(offer.offerId)))!;
    // Whichever came first, the text is told the job is hers, and the customer's details go by text once too.
    const byText = said(text.body) === r.accepted;
    expect([r.accepted, r.held]).toContain(said(text.body));
    expect(view.offer).toMatchObject({ state: 'accepted', accepted_via: byText ? 'sms' : 'email' });
    expect(await acceptedJobs(offer.offerId)).toEqual(both(offer.offerId));
  });

  it('records a YES’s disclosure of the customer in the audit log, as the page’s accept does', async () => {
    const ana = await technician('Ana Audited');
    const lead = await newLead();
    await textedOffer(lead.id, ana.id);
    expect(said((await reply(apps[0]!, ana.e164, 'YES')).body)).toBe(r.accepted);
    const lines = await t.store.read(() => all('SELECT action FROM audit_log WHERE actor_email = ?', ana.email));
    expect(lines.map((l) => l.action)).toContain(partnerWords.audit.disclosed(lead.id, ana.name, ana.email));
  });

  it('refuses the jobs page’s posts and the owner’s routes to another site, a stranger and staff, and changes nothing', async () => {
    const partner = await technician('Cross Site');
    const { offerId } = await offerWithLink(t.store, (await newLead()).id, partner.id);
    const token = await pageLink(partner.id);
    const elsewhere = [
      { ...OWN, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { ...OWN, origin: 'null', 'sec-fetch-site': 'cross-site' },
      { ...OWN, 'sec-fetch-site': 'same-site', origin: 'http://shop.localhost:4321' },
      { ...OWN, origin: 'https://evil.example' },
      { 'content-type': FORM, origin: 'null' },
      { 'content-type': FORM, origin: 'http://localhost:4321.evil.example' },
      { 'content-type': FORM, origin: 'http://localhost:4322' },
      { 'content-type': FORM },
    ];
    for (const headers of elsewhere)
      for (const app of apps) {
        const onCall = await post(app, '/partner/jobs', { t: token, action: 'weekend' }, headers);
        const opened = await post(app, '/partner/jobs/open', { t: token, offer: offerId }, headers);
        for (const res of [onCall, opened]) {
          expect(res.statusCode, JSON.stringify(headers)).toBe(403);
          expect(res.body).not.toContain(token);
          expect(res.headers.location).toBeUndefined();
        }
        // The inbox takes no form and needs its own Origin: only the headers naming another one are tried there.
        if (!('origin' in headers)) continue;
        const { 'content-type': _type, ...inboxHeaders } = headers;
        for (const what of ['renew', 'revoke']) {
          const res = await b.call(owner, 'POST', `/partners/${partner.id}/page/${what}`, undefined, inboxHeaders);
          expect(res.statusCode, `${what} ${JSON.stringify(headers)}`).toBe(403);
        }
      }
    const staff = await b.signedIn(`staff-${kind}@example.nz`, 'staff');
    const stranger = await b.openBrowser();
    // Staff, a stranger, and the owner's session with a stranger's CSRF token or none.
    const callers = [
      [staff, 403],
      [stranger, 401],
      [{ ...owner, csrf: stranger.csrf }, 403],
      [{ ...owner, csrf: '' }, 403],
    ] as const;
    for (const [who, status] of callers)
      for (const what of ['renew', 'revoke']) expect((await b.call(who, 'POST', `/partners/${partner.id}/page/${what}`)).statusCode).toBe(status);
    expect(await t.store.read(() => partnerById(partner.id))).toMatchObject({ on_call_until: null, page_revoked: false });
    expect(await pageLinks(partner.id)).toEqual([{ token_hash: secretHash(token) }]);
    expect(await t.store.read(() => all("SELECT 1 AS yes FROM offer_links WHERE offer_id = ? AND channel = 'page'", offerId))).toEqual([]);
    expect((await jobsPage(apps[1]!, token)).statusCode).toBe(200);
  });

  it('answers hostile jobs-page bodies (huge, repeated fields, odd encodings, NUL, Unicode, times out of range) with the page or a 4xx', async () => {
    const partner = await technician('Hostile Body');
    const { offerId } = await offerWithLink(t.store, (await newLead()).id, partner.id);
    const token = await pageLink(partner.id);
    const value = fc.oneof(
      fc.string({ maxLength: 24 }),
      fc.constantFrom(token, offerId, '%FF', '%', '%E0%A4%A', '%00', "1' OR '1'='1", 'ＴＯＮＩＧＨＴ', '\ud800', '+'),
      fc.constantFrom('until', 'tonight', 'weekend', 'off', '2026-01-01T24:00', '2026-01-01T23:60', '+275760-09-13T00:00', '9999-12-31T23:59'),
      fc.constantFrom('0000-01-01T00:00', '2026-02-29T07:00', '1e308', '-1', 'Infinity', '2026-01-01T07:00:00.0000'),
    );
    const field = fc.tuple(fc.constantFrom('t', 'action', 'until', 'offer', 't%00', ''), value);
    const hostilePost = [fc.constantFrom('/partner/jobs', '/partner/jobs/open'), fc.array(field, { maxLength: 7 }), fc.integer({ min: 0, max: 1 })] as const;
    const send = async (url: string, fields: [string, string][], i: number) => {
      const payload = fields.map(([k, v]) => `${k}=${v}`).join('&');
      const res = await apps[i]!.inject({ method: 'POST', url, headers: OWN, payload });
      const fine = res.statusCode === 200 || res.statusCode === 303 || (res.statusCode >= 400 && res.statusCode < 500);
      expect(fine, `${res.statusCode} for ${url} ${payload.slice(0, 200)}`).toBe(true);
      return { payload, res };
    };
    await fc.assert(
      fc.asyncProperty(...hostilePost, async (url, fields, i) => void (await send(url, fields, i))),
      { numRuns: 200 },
    );
    // Only the partner's own link (the last t sent) opens anything: any other answers a 4xx.
    await fc.assert(
      fc.asyncProperty(...hostilePost, async (url, fields, i) => {
        fc.pre([parsed(fields.map(([k, v]) => `${k}=${v}`).join('&')).t].flat().at(-1) !== token);
        const { payload, res } = await send(url, fields, i);
        expect([200, 303], `${res.statusCode} for ${url} ${payload.slice(0, 200)}`).not.toContain(res.statusCode);
      }),
      { numRuns: 100 },
    );
    const huge = await post(apps[0]!, '/partner/jobs', { t: token, action: 'until', until: '9'.repeat(9000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.body).not.toContain(token);
  }, 60_000);

  it('leaves one consistent page after a renew and a revoke at once, or two renews, on two instances', async () => {
    const partner = await technician('Renew Revoke');
    for (let round = 0; round < 5; round += 1) {
      const [renewed, revoked] = await Promise.all([
        a.call(owner, 'POST', `/partners/${partner.id}/page/renew`),
        b.call(owner, 'POST', `/partners/${partner.id}/page/revoke`),
      ]);
      expect([renewed.statusCode, revoked.statusCode]).toEqual([200, 200]);
      const fresh = keep(tokenOf(renewed.json().link));
      const { page_revoked } = (await t.store.read(() => partnerById(partner.id)))!;
      expect(await pageLinks(partner.id)).toEqual(page_revoked ? [] : [{ token_hash: secretHash(fresh) }]);
      expect((await jobsPage(apps[round % 2]!, fresh)).statusCode).toBe(page_revoked ? 404 : 200);
    }
    const twice = await Promise.all([a, b].map((s) => s.call(owner, 'POST', `/partners/${partner.id}/page/renew`)));
    const tokens = twice.map((res) => tokenOf(res.json().link));
    const opens = await Promise.all(tokens.map((token) => jobsPage(apps[0]!, token).then((res) => res.statusCode)));
    expect(opens.sort()).toEqual([200, 404]);
    expect(await pageLinks(partner.id)).toHaveLength(1);
  });

  it('never brings back a page link derived from an offer made before a renew that raced it', async () => {
    const partner = await technician('Derived Race');
    for (let round = 0; round < 5; round += 1) {
      const { token } = await offerWithLink(t.store, (await newLead()).id, partner.id);
      keep(token, pageTokenFor(token));
      const [, renewed] = await Promise.all([
        post(apps[1]!, '/partner/offer', { t: token, action: 'view' }),
        a.call(owner, 'POST', `/partners/${partner.id}/page/renew`),
      ]);
      const fresh = keep(tokenOf(renewed.json().link));
      expect((await jobsPage(apps[0]!, pageTokenFor(token))).statusCode).toBe(404);
      expect(await pageLinks(partner.id)).toEqual([{ token_hash: secretHash(fresh) }]);
    }
  });

  /** A press on the page with a link the owner renews or turns off between the page's check of the link and its change. */
  async function pressDuring(change: 'renew' | 'revoke', press: 'open' | 'on_call') {
    const partner = await technician(`Gate ${change} ${press}`);
    const { offerId } = await offerWithLink(t.store, (await newLead()).id, partner.id);
    const old = await pageLink(partner.id);
    const held = gate.holdNextRead();
    const pressed =
      press === 'open' ? post(apps[1]!, '/partner/jobs/open', { t: old, offer: offerId }) : post(apps[1]!, '/partner/jobs', { t: old, action: 'weekend' });
    await held.atGate;
    const changed = await a.call(owner, 'POST', `/partners/${partner.id}/page/${change}`);
    expect(changed.statusCode).toBe(200);
    held.release();
    const res = await pressed;
    if (res.headers.location) keep(tokenOf(String(res.headers.location)));
    const fresh = change === 'renew' ? keep(tokenOf(changed.json().link)) : undefined;
    // The old link did nothing: it is refused, no job link or page link survives but the owner's new one, and no on-call time was set.
    expect([404, 410]).toContain(res.statusCode);
    expect(await pageLinks(partner.id)).toEqual(fresh ? [{ token_hash: secretHash(fresh) }] : []);
    expect(await t.store.read(() => all("SELECT 1 AS yes FROM offer_links WHERE offer_id = ? AND channel = 'page'", offerId))).toEqual([]);
    expect((await t.store.read(() => partnerById(partner.id)))!.on_call_until).toBeNull();
  }

  it('turning the page off wins over a press with its link already checked', async () => {
    await pressDuring('revoke', 'open');
    await pressDuring('revoke', 'on_call');
  });
  it('a renew wins over "Open the job" pressed with the old link already checked', () => pressDuring('renew', 'open'));
  it('a renew wins over an on-call press with the old link already checked', () => pressDuring('renew', 'on_call'));

  it('writes no token, phone number, message body or customer at info or above, and still logs the requests', async () => {
    const ana = await technician('Ana Logged');
    const lead = await newLead();
    await textedOffer(lead.id, ana.id);
    const body = 'Kia ora zebra-mango 4242';
    keep(body, encodeURIComponent(body), '+64275550888');
    await reply(apps[0]!, ana.e164, body);
    await reply(apps[1]!, '+64275550888', 'STOP');
    expect(said((await reply(apps[1]!, ana.e164, 'YES')).body)).toBe(r.accepted);
    const token = await pageLink(ana.id);
    await jobsPage(apps[1]!, token);
    await post(apps[0]!, '/partner/jobs', { t: token, action: 'tonight' });
    await post(apps[0]!, '/partner/jobs', { t: `${token}\u0000`, action: 'off' });
    const lines = logLines.map((l) => JSON.parse(l) as { level: number; msg?: string; req?: { url: string } });
    expect(lines.map((l) => l.req?.url)).toEqual(expect.arrayContaining([SMS_INBOUND_PATH, '/partner/jobs?t=[redacted]', '/partner/jobs']));
    expect(lines.map((l) => l.msg)).toContain('text message reply');
    const shown = logLines.filter((_, i) => lines[i]!.level >= 30).join('\n');
    const inLog = (s: string) => (/^\d+$/.test(s) ? new RegExp(`(?<![\\d.])${s}(?![\\d.])`).test(shown) : shown.includes(s));
    const leaks = [...secrets].filter((s) => [s, encodeURIComponent(s), JSON.stringify(s).slice(1, -1)].some(inLog));
    expect(leaks).toEqual([]);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
