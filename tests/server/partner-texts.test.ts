/**
 * Texts in the owner's inbox, on both stores: a partner with texts on needs a New Zealand mobile,
 * whether added, changed (the phone alone included) or imported (the bad line named), and the
 * refusal points at the phone in words; a partner who replied STOP stays off until an owner ticks
 * Text messages (a saved change without it, or a file imported again, does not undo it); the list
 * from the command line says whether texts are on; and the lead page's offers name each way they went
 * (e-mail, text) with what became of it, from the outbox, the texts' receipts and the replies.
 * Hostile phone and texts combinations (fast-check) get a clear 4xx, never a 5xx, and exactly the
 * answer the rule gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { cleanOneLine } from '../../core/lead/schema.ts';
import { partnerKinds } from '../../core/partner/kinds.ts';
import { isNzMobile } from '../../core/partner/nz-mobile.ts';
import { textsByDefault } from '../../core/partner/texts.ts';
import { inboxWords } from '../../server/inbox/inbox-words.ts';
import { randomToken, secretHash } from '../../server/security/secrets.ts';
import { readPartnerCsv } from '../../server/partners/partner-import.ts';
import { answerWords } from '../../server/partners/partner-words.ts';
import { armOffer, makeOffer } from '../../server/dispatch/partner-offers.ts';
import { listPartners, partnerById } from '../../server/storage/partner-records.ts';
import { recordText } from '../../server/storage/text-work.ts';
import { replyFrom, textReceipt } from '../../server/dispatch/text-replies.ts';
import type { Transport } from '../../server/storage/purposes.ts';
import { addHamiltonTechnician } from '../support/partners.ts';
import { inboxSession, INBOX_ORIGIN, type Browser } from '../support/inbox-session.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

const cli = new URL('../../server/cli.ts', import.meta.url).pathname;
const NOT_MOBILE = inboxWords.errors.phoneNotMobile;
const HEADER = 'name,email,phone,kind,regions,services,on_call';

const base = { kind: 'technician', regions: ['Hamilton'], services: ['Repair'], on_call: true };

describe.each(storeKinds)('texts to partners in the inbox on %s', (kind) => {
  let t: TestStore;
  let app: FastifyInstance;
  const dir = mkdtempSync(join(tmpdir(), 'crnz-partner-texts-'));
  const session = inboxSession(
    () => app,
    () => t.store,
  );
  let emails = 0;
  const email = (what: string) => `${what}-${++emails}@x.nz`;

  beforeAll(async () => {
    t = await createTestStore(kind);
    app = await buildApp({ store: t.store, leadPurposes: [], inbox: { publicOrigin: INBOX_ORIGIN } });
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds a partner with texts only to a mobile, on by default for an on-call technician with one', async () => {
    const owner = await session.signedIn(`add-${kind}@example.nz`);
    const add = (body: Record<string, unknown>) => session.call(owner, 'POST', '/partners', { ...base, name: 'A Partner', email: email('add'), ...body });

    const landline = await add({ phone: '07 555 0101', sms: true });
    expect(landline.statusCode).toBe(400);
    expect(landline.json()).toEqual({ error: NOT_MOBILE, fields: { phone: NOT_MOBILE } });
    expect(NOT_MOBILE).toMatch(/^Texts need a New Zealand mobile number, such as 021 123 4567\./);
    // No phone at all is no mobile either.
    expect((await add({ sms: true })).json().fields).toEqual({ phone: NOT_MOBILE });

    expect((await add({ phone: '+64 21 555 0199', sms: true })).json().partner).toMatchObject({ sms: true, phone: '+64 21 555 0199', sms_stopped_at: null });
    expect((await add({ phone: '07 555 0101', sms: false })).json().partner).toMatchObject({ sms: false, phone: '07 555 0101' });
    // Left out: on for the on-call technician with a mobile, off for a landline, a supplier or someone not on call.
    expect((await add({ phone: '021 555 0198' })).json().partner.sms).toBe(true);
    expect((await add({ phone: '07 555 0102' })).json().partner.sms).toBe(false);
    expect((await add({ phone: '021 555 0197', kind: 'supplier' })).json().partner.sms).toBe(false);
    expect((await add({ phone: '021 555 0196', on_call: false })).json().partner.sms).toBe(false);
  });

  it('refuses a change that leaves texts on without a mobile, the phone alone included, and changes nothing', async () => {
    const owner = await session.signedIn(`change-${kind}@example.nz`);
    const partner = await addHamiltonTechnician(t.store, 'Mobile Mana', email('change'), { phone: '021 555 0301', sms: true });
    const patch = (body: Record<string, unknown>) => session.call(owner, 'PATCH', `/partners/${partner.id}`, body);

    for (const body of [{ phone: '07 555 0301' }, { phone: '' }, { phone: '07 555 0301', sms: true }, { phone: '0800 555 030', name: 'Renamed' }]) {
      const res = await patch(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: NOT_MOBILE, fields: { phone: NOT_MOBILE } });
    }
    expect(await t.store.read(() => partnerById(partner.id))).toMatchObject({ name: 'Mobile Mana', phone: '021 555 0301', sms: true });

    // Texts off with the landline in the same change is fine; turning them on again alone is not.
    expect((await patch({ phone: '07 555 0301', sms: false })).json().partner).toMatchObject({ phone: '07 555 0301', sms: false });
    expect((await patch({ sms: true })).json().fields).toEqual({ phone: NOT_MOBILE });
    expect((await patch({ phone: '022 555 0302', sms: true })).json().partner).toMatchObject({ phone: '022 555 0302', sms: true });
    // A change of something else leaves texts alone.
    expect((await patch({ paused: true })).json().partner).toMatchObject({ sms: true, paused: true });
  });

  it('refuses the change to a stranger, to staff and from another site', async () => {
    const owner = await session.signedIn(`guard-${kind}@example.nz`);
    const staff = await session.signedIn(`guard-staff-${kind}@example.nz`, 'staff');
    const stranger = await session.openBrowser();
    const partner = await addHamiltonTechnician(t.store, 'Guarded', email('guard'), { phone: '021 555 0401', sms: false });
    const url = `/partners/${partner.id}`;
    expect((await session.call(stranger, 'PATCH', url, { sms: true })).statusCode).toBe(401);
    expect((await session.call(staff, 'PATCH', url, { sms: true })).statusCode).toBe(403);
    expect((await session.call(owner, 'PATCH', url, { sms: true }, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await session.call(owner, 'PATCH', url, { sms: true }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await t.store.read(() => partnerById(partner.id)))!.sms).toBe(false);
    expect((await session.call(owner, 'PATCH', url, { sms: true })).statusCode).toBe(200);
  });

  it('keeps a STOP until an owner ticks Text messages: not undone by another change or a file imported again', async () => {
    const owner = await session.signedIn(`stop-${kind}@example.nz`);
    const address = email('stop');
    const partner = await addHamiltonTechnician(t.store, 'Stopped Sam', address, { phone: '027 555 0501', sms: true });
    const stopped = await t.store.transact(() => replyFrom('+64275550501', 'stop', answerWords, false));
    expect(stopped.kind).toBe('stopped');
    const listed = (await session.call(owner, 'GET', '/partners')).json().partners.find((p: { id: string }) => p.id === partner.id);
    expect(listed).toMatchObject({ sms: false, sms_stopped_at: expect.any(Number) });

    expect((await session.call(owner, 'PATCH', `/partners/${partner.id}`, { name: 'Stopped Sam Ltd' })).json().partner).toMatchObject({
      sms: false,
      sms_stopped_at: listed.sms_stopped_at,
    });
    const csv = `${HEADER},sms\nStopped Sam Ltd,${address},027 555 0501,technician,Hamilton,Repair,yes,yes\n`;
    expect((await session.call(owner, 'POST', '/partners/import', { csv })).json()).toEqual({ added: 0, updated: 1 });
    expect(await t.store.read(() => partnerById(partner.id))).toMatchObject({ sms: false, sms_stopped_at: listed.sms_stopped_at });

    const ticked = await session.call(owner, 'PATCH', `/partners/${partner.id}`, { sms: true });
    expect(ticked.json().partner).toMatchObject({ sms: true, sms_stopped_at: null });
  });

  it('reads an sms column of yes or no, refuses yes without a mobile at its line, and lists texts from the command line', async () => {
    const owner = await session.signedIn(`sheet-${kind}@example.nz`);
    const rows = [
      `Sheet Mobile,sheet-mobile-${kind}@x.nz,021 555 0601,technician,Hamilton,Repair,yes,yes`,
      `Sheet Landline,sheet-landline-${kind}@x.nz,07 555 0602,technician,Hamilton,Repair,yes,no`,
      `Sheet Default,sheet-default-${kind}@x.nz,022 555 0603,both,Hamilton,Repair,yes,`,
      `Sheet Supplier,sheet-supplier-${kind}@x.nz,021 555 0604,supplier,Hamilton,Repair,no,NO`,
    ];
    const bad = `Sheet Bad,sheet-bad-${kind}@x.nz,07 555 0605,technician,Hamilton,Repair,yes,yes`;
    const refused = await session.call(owner, 'POST', '/partners/import', { csv: [`${HEADER},sms`, ...rows, bad].join('\n') });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(
      'Nothing was imported. Line 6: sms is yes, but the phone is not a New Zealand mobile number (such as 021 123 4567), and texts go only to a mobile',
    );
    expect(readPartnerCsv(`${HEADER},sms\n${rows[0]}\nMaybe,maybe@x.nz,07 555 0608,technician,Hamilton,Repair,yes,maybe\n`)).toEqual({
      ok: false,
      problem: 'Line 3: sms must be yes or no, not "maybe"',
    });
    // A record over two lines (a break inside quotes) is named by the line it ends on.
    expect(readPartnerCsv(`${HEADER},sms\n"Two\nLines",two@x.nz,07 555 0606,technician,Hamilton,Repair,no,yes\n`)).toMatchObject({
      problem: expect.stringMatching(/^Line 3: sms is yes/),
    });
    expect((await t.store.read(() => listPartners())).map((p) => p.name)).not.toContain('Sheet Mobile');

    expect((await session.call(owner, 'POST', '/partners/import', { csv: [`${HEADER},sms`, ...rows].join('\n') })).statusCode).toBe(200);
    // Without the column, the default: on for the on-call technician with a mobile.
    const file = join(dir, 'no-sms.csv');
    writeFileSync(file, `${HEADER}\nNo Column,no-column-${kind}@x.nz,029 555 0607,technician,Hamilton,Repair,yes\n`);
    const imported = spawnSync(process.execPath, [cli, 'partners', 'import', file], { env: { ...process.env, DATABASE_URL: t.url }, encoding: 'utf8' });
    expect(imported.stdout).toContain('1 added');
    const sms = Object.fromEntries((await t.store.read(() => listPartners())).map((p) => [p.name, p.sms]));
    expect(sms).toMatchObject({ 'Sheet Mobile': true, 'Sheet Landline': false, 'Sheet Default': true, 'Sheet Supplier': false, 'No Column': true });

    expect((await t.store.transact(() => replyFrom('+64215550601', 'stop', answerWords, false))).kind).toBe('stopped');
    const list = spawnSync(process.execPath, [cli, 'partners', 'list'], { env: { ...process.env, DATABASE_URL: t.url }, encoding: 'utf8' });
    const line = (name: string) => list.stdout.split('\n').find((l) => l.startsWith(`${name}  `)) ?? '';
    expect(line('Sheet Default')).toContain('  texts on');
    expect(line('Sheet Landline')).toMatch(/ {2}texts off$/);
    expect(line('Sheet Mobile')).toContain('  texts off (replied STOP)');
  });

  it('answers hostile phone and texts on adding a partner with exactly the rule’s answer, never a 5xx', async () => {
    const owner = await session.signedIn(`prop-add-${kind}@example.nz`);
    const outcomes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(phoneish, smsish, fc.boolean(), fc.constantFrom(...partnerKinds), async (phone, sms, onCall, partnerKind) => {
        const body = { ...base, name: 'Hostile', email: email('prop-add'), kind: partnerKind, on_call: onCall, phone, sms };
        const res = await session.call(owner, 'POST', '/partners', body);
        expect(res.statusCode).toBeLessThan(500);
        const expected = expectedPartner({ phone, sms }, { on_call: onCall, kind: partnerKind, phone: '', sms: undefined });
        outcomes.add(typeof expected === 'string' ? expected : 'added');
        // The rule's answer as one value, so every run checks its whole answer whichever it is.
        const answer = { status: res.statusCode, body: res.json() as Record<string, unknown> };
        expect(answer).toEqual(
          expected === 'bad'
            ? { status: 400, body: expect.anything() }
            : expected === 'not_mobile'
              ? { status: 400, body: { error: NOT_MOBILE, fields: { phone: NOT_MOBILE } } }
              : { status: 201, body: expect.objectContaining({ partner: expect.objectContaining(expected) }) },
        );
      }),
      { numRuns: 60 },
    );
    expect([...outcomes].sort()).toEqual(['added', 'bad', 'not_mobile']);
  });

  it('answers hostile phone and texts on changing a partner with exactly the rule’s answer, never a 5xx, and stores only what it accepts', async () => {
    const owner = await session.signedIn(`prop-change-${kind}@example.nz`);
    const outcomes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          { phone: '021 555 0701', sms: true },
          { phone: '021 555 0702', sms: false },
          { phone: '07 555 0703', sms: false },
          { phone: '', sms: false },
        ),
        fc.option(phoneish, { nil: undefined }),
        smsish,
        async (current, phone, sms) => {
          const partner = await addHamiltonTechnician(t.store, 'Changing', email('prop-change'), current);
          const body = { ...(phone === undefined ? {} : { phone }), ...(sms === undefined ? {} : { sms }) };
          const res = await session.call(owner, 'PATCH', `/partners/${partner.id}`, body);
          expect(res.statusCode).toBeLessThan(500);
          const expected = expectedPartner({ phone, sms }, { on_call: true, kind: 'technician', ...current });
          const stored = await t.store.read(() => partnerById(partner.id));
          outcomes.add(typeof expected === 'string' ? expected : 'changed');
          // The rule's answer and what is stored as one value, so every run checks them whichever they are.
          const said = res.json() as { fields?: unknown; partner?: unknown };
          expect({ status: res.statusCode, fields: said.fields, partner: said.partner, stored }).toMatchObject(
            expected === 'bad'
              ? { status: 400, stored: current }
              : expected === 'not_mobile'
                ? { status: 400, fields: { phone: NOT_MOBILE }, stored: current }
                : { status: 200, partner: expected, stored: expected },
          );
          expect(!stored!.sms || isNzMobile(stored!.phone)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
    expect([...outcomes].sort()).toEqual(['bad', 'changed', 'not_mobile']);
  });
});

/** Phones as people type them, and as an attacker might. */
const phoneish = fc.oneof(
  fc.constantFrom(
    '021 123 4567',
    '+64 21 123 4567',
    '+64 (0)21 123 4567',
    '0064211234567',
    '021-123-4567',
    '０２１ １２３ ４５６７',
    '07 555 0101',
    '0800 123 456',
    '0900 12345',
    '+61 412 345 678',
    '',
    ' ',
    '\u202e021 123 4567',
    '021\u0000123\u00004567',
    '021 123 4567\n',
    '1'.repeat(41),
    '2'.repeat(161),
    'a'.repeat(5000),
    "' OR 1=1 --",
  ),
  fc.stringMatching(/^[0-9 +()-]{0,20}$/),
  fc.string({ maxLength: 60 }),
);
/** Texts on or off, and what is neither. */
const smsish = fc.oneof(fc.boolean(), fc.constantFrom(undefined, null, 'yes', 'true', 1, 0, [], {}));

/**
 * The rule, independently of the server: a value of the wrong type, or a phone over 40 characters
 * once cleaned, is a bad request; texts on (as sent, else as they were, else the default) with a
 * phone (as sent, else as it was) that is no mobile is refused at the phone; otherwise the partner as stored.
 */
function expectedPartner(
  change: { phone: unknown; sms: unknown },
  current: { on_call: boolean; kind: (typeof partnerKinds)[number]; phone: string; sms: boolean | undefined },
): 'bad' | 'not_mobile' | { phone: string; sms: boolean } {
  if (change.sms !== undefined && typeof change.sms !== 'boolean') return 'bad';
  if (change.phone !== undefined && (typeof change.phone !== 'string' || change.phone.length > 160 || cleanOneLine(change.phone).length > 40)) return 'bad';
  const phone = typeof change.phone === 'string' ? cleanOneLine(change.phone) : current.phone;
  const sms = change.sms ?? current.sms ?? textsByDefault({ ...current, phone });
  if (sms && !isNzMobile(phone)) return 'not_mobile';
  return { phone, sms };
}

describe.each(storeKinds)('how offers went to partners, on the lead page, on %s', (kind) => {
  let t: TestStore;
  let app: FastifyInstance;
  const session = inboxSession(
    () => app,
    () => t.store,
  );

  beforeAll(async () => {
    t = await createTestStore(kind);
    app = await buildApp({ store: t.store, leadPurposes: [], inbox: { publicOrigin: INBOX_ORIGIN } });
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  async function newLead(contact: string): Promise<string> {
    expect((await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ contact_name: contact }) })).statusCode).toBe(200);
    return (await t.store.listLeads()).find((l) => l.contact_name === contact)!.id;
  }

  /** Offers the lead to the partner as dispatch does, by e-mail and (when they take texts) by text. */
  async function offer(lead: string, partnerId: string): Promise<string> {
    const made = await t.store.transact(() => makeOffer(lead, partnerId, null, (p) => `Offered to ${p.name}`, undefined, { texts: true }));
    if (!made.ok) throw new Error(made.reason);
    return made.offer.id;
  }

  /** Claims the offer's job that travels by `transport` as a worker would, giving back any other it took. */
  async function claim(offerId: string, transport: Transport) {
    const claimed = await t.store.claimJobs({ purposes: ['offer'], transports: [transport], limit: 1000, leaseMs: 60_000, owner: 'partner-texts.test' });
    const job = claimed.find((j) => j.offer_id === offerId);
    for (const other of claimed) if (other !== job) await t.store.releaseJob(other);
    if (!job) throw new Error(`no ${transport} job of offer ${offerId}`);
    return job;
  }

  /** The e-mail leaves as the sender sends it: its link made, then the job done. */
  async function emailSent(offerId: string) {
    const job = await claim(offerId, 'email');
    expect(await t.store.transact(() => armOffer(job, randomToken, secretHash))).toBeDefined();
    expect(await t.store.completeJob(job)).toBe(true);
  }
  /** The text leaves as the sender sends it: its link made, the provider's id kept, then the job done. */
  async function textSent(offerId: string, partnerId: string, sid: string) {
    const job = await claim(offerId, 'sms');
    expect(await t.store.transact(() => armOffer(job, randomToken, secretHash, { channel: 'sms' }))).toBeDefined();
    await t.store.transact(() => recordText({ sid, offerId, partnerId, purpose: 'offer', status: 'queued' }));
    expect(await t.store.completeJob(job)).toBe(true);
  }
  const failedForGood = async (offerId: string, transport: Transport) => {
    const job = await claim(offerId, transport);
    expect(await t.store.failJob(job, 'refused', null)).toBe(true);
  };
  const receipt = (sid: string, status: 'delivered' | 'undelivered') =>
    t.store.transact(() => textReceipt(sid, status, '', (p) => `Not delivered to ${p.name}`));

  let reader: Browser | undefined;
  async function channels(lead: string): Promise<Record<string, unknown>> {
    // Staff read the lead page too.
    reader ??= await session.signedIn(`channels-${kind}@example.nz`, 'staff');
    const res = await session.call(reader, 'GET', `/leads/${lead}/partners`);
    expect(res.statusCode).toBe(200);
    return Object.fromEntries(res.json().offers.map((o: { partner_name: string; channels: unknown }) => [o.partner_name, o.channels]));
  }

  it('names each way an offer went and what became of it: sending, sent, delivered, failed', async () => {
    const lead = await newLead('Channel Lead One');
    const [ari, bea, cal] = [
      await addHamiltonTechnician(t.store, 'Ari', 'ari@x.nz', { phone: '021 555 0801', sms: true }),
      await addHamiltonTechnician(t.store, 'Bea', 'bea@x.nz', { phone: '021 555 0802', sms: true }),
      await addHamiltonTechnician(t.store, 'Cal', 'cal@x.nz', { phone: '021 555 0803', sms: true }),
    ];
    const [toAri, toBea, toCal] = [await offer(lead, ari.id), await offer(lead, bea.id), await offer(lead, cal.id)];
    expect((await channels(lead)).Ari).toEqual([
      { channel: 'email', state: 'sending' },
      { channel: 'text', state: 'sending' },
    ]);

    await emailSent(toAri);
    await failedForGood(toBea, 'email');
    await textSent(toBea, bea.id, 'SM-bea-1');
    await textSent(toCal, cal.id, 'SM-cal-1');
    expect(await channels(lead)).toEqual({
      Ari: [
        { channel: 'email', state: 'sent' },
        { channel: 'text', state: 'sending' },
      ],
      Bea: [
        { channel: 'email', state: 'failed' },
        { channel: 'text', state: 'sent' },
      ],
      Cal: [
        { channel: 'email', state: 'sending' },
        { channel: 'text', state: 'sent' },
      ],
    });

    await receipt('SM-bea-1', 'delivered');
    await receipt('SM-cal-1', 'undelivered');
    const after = await channels(lead);
    expect(after.Bea).toEqual([
      { channel: 'email', state: 'failed' },
      { channel: 'text', state: 'delivered' },
    ]);
    expect(after.Cal).toEqual([
      { channel: 'email', state: 'sending' },
      { channel: 'text', state: 'failed' },
    ]);
  });

  it('says "replied" for a text answered YES or NO, "not sent" for one that had no need to go, and no text for a partner without texts', async () => {
    const lead = await newLead('Channel Lead Two');
    const dee = await addHamiltonTechnician(t.store, 'Dee', 'dee@x.nz', { phone: '021 555 0804', sms: true });
    const eli = await addHamiltonTechnician(t.store, 'Eli', 'eli@x.nz', { phone: '021 555 0805', sms: true });
    const fay = await addHamiltonTechnician(t.store, 'Fay', 'fay@x.nz', { phone: '07 555 0806', sms: false });
    const toDee = await offer(lead, dee.id);
    const toEli = await offer(lead, eli.id);
    const toFay = await offer(lead, fay.id);
    for (const [offerId, partner, sid] of [
      [toDee, dee, 'SM-dee-1'],
      [toEli, eli, 'SM-eli-1'],
    ] as const) {
      await emailSent(offerId);
      await textSent(offerId, partner.id, sid);
    }
    expect((await t.store.transact(() => replyFrom('+64215550804', 'decline', answerWords, false))).kind).toBe('declined');
    expect((await t.store.transact(() => replyFrom('021 555 0805', 'accept', answerWords, false))).kind).toBe('accepted');
    // Eli took the job before Fay's e-mail left: it is done without being sent.
    const job = await claim(toFay, 'email');
    expect(await t.store.transact(() => armOffer(job, randomToken, secretHash))).toBeUndefined();
    expect(await t.store.completeJob(job)).toBe(true);

    expect(await channels(lead)).toEqual({
      Dee: [
        { channel: 'email', state: 'sent' },
        { channel: 'text', state: 'replied' },
      ],
      Eli: [
        { channel: 'email', state: 'sent' },
        { channel: 'text', state: 'replied' },
      ],
      Fay: [{ channel: 'email', state: 'not_sent' }],
    });
  });

  it('gives an offer made or withdrawn in the inbox its channels in the answer', async () => {
    const lead = await newLead('Channel Lead Three');
    const gus = await addHamiltonTechnician(t.store, 'Gus', 'gus@x.nz', { phone: '021 555 0807', sms: true });
    const owner = await session.signedIn(`offer-${kind}@example.nz`);
    const made = await session.call(owner, 'POST', `/leads/${lead}/offers`, { partner_id: gus.id });
    expect(made.statusCode).toBe(201);
    // An offer from the inbox goes by e-mail; the text is dispatch's, for urgent work at night.
    expect(made.json().offer.channels).toEqual([{ channel: 'email', state: 'sending' }]);
    await emailSent(made.json().offer.id);
    const withdrawn = await session.call(owner, 'POST', `/leads/${lead}/offers/${made.json().offer.id}/withdraw`);
    expect(withdrawn.json().offer).toMatchObject({ state: 'withdrawn', channels: [{ channel: 'email', state: 'sent' }] });
  });
});
