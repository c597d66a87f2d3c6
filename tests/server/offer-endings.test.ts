/**
 * Partner links that end with their purpose, on both stores with a real SMTP peer: an offer ends
 * when its partner is removed or paused, when its lead is quoted or closed, or when someone in the
 * inbox withdraws it (urgent work then goes to the next on-call partner at once); an accepted job's
 * link shows the customer only until the job is won or lost, 30 days pass, or the partner is
 * removed; before accepting, the notes carry no contact details or links, and after it the e-mail
 * writes links as text; the customer is told which partners saw the job without their details;
 * and a send repeated after a crash carries the same link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { OutboxWorker } from '../../server/outbox/worker.ts';
import { createDispatchRunner } from '../../server/outbox/dispatch-runner.ts';
import { createDispatchNote } from '../../server/outbox/dispatch-note.ts';
import { attendBy } from '../../core/lead/response-targets.ts';
import { leadEmail } from '../../server/outbox/lead-email.ts';
import { notificationCopy } from '../../server/outbox/email-words.ts';
import { createPartnerSenders } from '../../server/outbox/partner-emails.ts';
import { createMailer, type Mailer } from '../../server/outbox/mailer.ts';
import { armOffer, HELD_JOB_MS, makeOffer } from '../../server/dispatch/partner-offers.ts';
import { offersOfLead } from '../../server/storage/offer-records.ts';
import { randomToken, secretHash } from '../../server/security/secrets.ts';
import { fromThisSite } from '../../server/http/same-origin.ts';
import { run } from '../../server/storage/steps.ts';
import { inboxSession, INBOX_ORIGIN } from '../support/inbox-session.ts';
import { addHamiltonTechnician } from '../support/partners.ts';
import { parseMail, startSmtp, waitFor, type SmtpPeer } from '../support/peers.ts';
import { createTestStore, formBody, JSON_ACCEPT, rawQuery, storeKinds, type TestStore } from '../support/stores.ts';

const log = pino({ level: 'silent' });
const MINUTE = 60_000;
const planned = { timeframe: '1–2 weeks', site_type: 'Refit/Upgrade', service_type: 'Installation' };

describe.each(storeKinds)('partner links that end with their purpose, on %s', (kind) => {
  let t: TestStore;
  let smtp: SmtpPeer;
  let app: FastifyInstance;
  let worker: OutboxWorker;
  const session = inboxSession(
    () => app,
    () => t.store,
  );

  beforeAll(async () => {
    t = await createTestStore(kind);
    smtp = await startSmtp();
    worker = new OutboxWorker({
      store: t.store,
      senders: {
        ...createPartnerSenders({
          store: t.store,
          mailer: createMailer({ smtpUrl: smtp.url }),
          from: 'website@example.nz',
          replyTo: 'office@example.nz',
          publicOrigin: INBOX_ORIGIN,
          messageIdDomain: 'example.nz',
        }),
        // The wait is long and no minute's check runs: only a dispatch job moves urgent work on here.
        dispatch: createDispatchRunner(t.store, 15 * MINUTE),
      },
      log,
      pollIntervalMs: 50,
      maxAttempts: 3,
    });
    app = await buildApp({
      store: t.store,
      leadPurposes: [],
      rateLimit: { max: 1000, windowMs: MINUTE },
      inbox: { publicOrigin: INBOX_ORIGIN },
      dispatch: true,
    });
    worker.start();
  });
  afterAll(async () => {
    await app.close();
    await worker.stop();
    await smtp.close();
    await t.cleanup();
  });

  async function newLead(fields: Record<string, string>): Promise<string> {
    expect((await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody(fields) })).statusCode).toBe(200);
    return (await t.store.listLeads()).find((l) => l.contact_name === fields.contact_name)!.id;
  }

  /** The e-mail of one offer (its Message-ID names it), once it has arrived. */
  async function offerMail(offerId: string) {
    const raw = await waitFor(() => smtp.messages.find((m) => m.raw.includes(`<offer-${offerId}@example.nz>`)), { what: `the e-mail of offer ${offerId}` });
    return parseMail(raw);
  }
  const tokenOf = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]).searchParams.get('t')!;

  const press = (token: string, action: string) =>
    app.inject({
      method: 'POST',
      url: '/partner/offer',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: INBOX_ORIGIN, 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({ t: token, action }).toString(),
    });

  async function offered(owner: Awaited<ReturnType<typeof session.signedIn>>, lead: string, partnerId: string) {
    const made = await session.call(owner, 'POST', `/leads/${lead}/offers`, { partner_id: partnerId });
    expect(made.statusCode).toBe(201);
    const offerId = made.json().offer.id as string;
    return { offerId, token: tokenOf(String((await offerMail(offerId)).text)) };
  }

  const offerStates = async (lead: string) =>
    (await t.store.read(() => offersOfLead(lead))).map(
      ({ offer, partner }) => `${partner.name}: ${offer.state}${offer.end_reason ? ` (${offer.end_reason})` : ''}`,
    );

  it('ends the offers of a partner who is removed or paused: their links accept nothing and show no customer', async () => {
    const owner = await session.signedIn(`owner-ends-${kind}@example.nz`);
    const removed = await addHamiltonTechnician(t.store, 'Removed Refrigeration', `removed-${kind}@x.nz`, { services: ['Installation'] });
    const paused = await addHamiltonTechnician(t.store, 'Paused Refrigeration', `paused-${kind}@x.nz`, { services: ['Installation'] });
    const first = await newLead({ contact_name: 'Removal Cafe', ...planned });
    const second = await newLead({ contact_name: 'Pause Cafe', ...planned });
    const a = await offered(owner, first, removed.id);
    const b = await offered(owner, second, paused.id);

    expect((await session.call(owner, 'DELETE', `/partners/${removed.id}`)).statusCode).toBe(200);
    expect((await session.call(owner, 'PATCH', `/partners/${paused.id}`, { paused: true })).statusCode).toBe(200);
    for (const { token, customer } of [
      { token: a.token, customer: 'Removal Cafe' },
      { token: b.token, customer: 'Pause Cafe' },
    ]) {
      const accepted = await press(token, 'accept');
      expect(accepted.statusCode).toBe(200);
      expect(accepted.body).toContain('This job is no longer offered.');
      expect(accepted.body).not.toContain(customer);
      expect(accepted.body).not.toContain('mere@kaicafe.co.nz');
    }
    expect(await offerStates(first)).toEqual(['Removed Refrigeration: withdrawn (partner_removed)']);
    expect(await offerStates(second)).toEqual(['Paused Refrigeration: withdrawn (partner_paused)']);
    const timeline = (await session.call(owner, 'GET', `/leads/${first}`)).json().timeline.map((e: { text: string }) => e.text);
    expect(timeline).toContain('Offer to Removed Refrigeration withdrawn: the partner was removed');
  });

  it('ends every offer of a lead that is quoted, and refuses new ones', async () => {
    const owner = await session.signedIn(`owner-quoted-${kind}@example.nz`);
    const partner = await addHamiltonTechnician(t.store, 'Quoted Late Ltd', `quoted-${kind}@x.nz`, { services: ['Installation'] });
    const other = await addHamiltonTechnician(t.store, 'Never Offered Ltd', `never-${kind}@x.nz`, { services: ['Installation'] });
    const lead = await newLead({ contact_name: 'Quoted Cafe', ...planned });
    const { token } = await offered(owner, lead, partner.id);
    expect((await session.call(owner, 'POST', `/leads/${lead}/status`, { status: 'quoted' })).statusCode).toBe(200);
    const accepted = await press(token, 'accept');
    expect(accepted.body).toContain('This job is no longer offered.');
    expect(accepted.body).not.toContain('Quoted Cafe');
    expect(await offerStates(lead)).toEqual(['Quoted Late Ltd: withdrawn (lead_closed)']);
    const refused = await session.call(owner, 'POST', `/leads/${lead}/offers`, { partner_id: other.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('quoted or closed');
  });

  it('withdraws an offer from the inbox, and an urgent job goes to the next on-call partner at once', async () => {
    const staff = await session.signedIn(`staff-withdraw-${kind}@example.nz`, 'staff');
    await addHamiltonTechnician(t.store, 'Aaa First On Call', `first-${kind}@x.nz`);
    await addHamiltonTechnician(t.store, 'Bbb Second On Call', `second-${kind}@x.nz`);
    const lead = await newLead({ contact_name: 'Withdrawn Night Cafe' });
    // Dispatch runs as the urgent lead is stored: one on-call partner has it.
    const [first] = await waitFor(
      async () => {
        const offers = await t.store.read(() => offersOfLead(lead));
        return offers.length === 1 && offers;
      },
      { what: 'the first automatic offer' },
    );
    const token = tokenOf(String((await offerMail(first!.offer.id)).text));

    const withdrawn = await session.call(staff, 'POST', `/leads/${lead}/offers/${first!.offer.id}/withdraw`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().offer).toMatchObject({ state: 'withdrawn', end_reason: 'withdrawn' });
    // No minute's check runs here: the withdrawal itself moved the job on.
    const next = await waitFor(async () => (await offerStates(lead)).find((s) => s.endsWith(': open')), { what: 'the next on-call partner offered' });
    expect(next).not.toContain(first!.partner.name);
    const page = await press(token, 'accept');
    expect(page.body).toContain('This job is no longer offered.');
    expect(page.body).not.toContain('Withdrawn Night Cafe');
    // Twice, or on another lead's path, or by a stranger: refused.
    expect((await session.call(staff, 'POST', `/leads/${lead}/offers/${first!.offer.id}/withdraw`)).statusCode).toBe(409);
    const otherLead = await newLead({ contact_name: 'Other Lead', ...planned });
    expect((await session.call(staff, 'POST', `/leads/${otherLead}/offers/${first!.offer.id}/withdraw`)).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: `/inbox/api/leads/${lead}/offers/${first!.offer.id}/withdraw`, headers: { origin: INBOX_ORIGIN } })).statusCode,
    ).toBe(403);
  });

  it('shows an accepted job until it is won or lost, 30 days pass, or the partner is removed, then says whom to call', async () => {
    const owner = await session.signedIn(`owner-held-${kind}@example.nz`);
    const jobs = [];
    for (const name of ['Won', 'Old', 'Gone'] as const) {
      const partner = await addHamiltonTechnician(t.store, `${name} Holder Ltd`, `holder-${name.toLowerCase()}-${kind}@x.nz`, { services: ['Installation'] });
      const lead = await newLead({ contact_name: `${name} Job Cafe`, ...planned });
      const { token, offerId } = await offered(owner, lead, partner.id);
      expect((await press(token, 'accept')).body).toContain(`${name} Job Cafe`);
      jobs.push({ name, partner, lead, token, offerId });
    }
    const [won, old, gone] = jobs;
    expect((await session.call(owner, 'POST', `/leads/${won!.lead}/status`, { status: 'won', job_value: 120000 })).statusCode).toBe(200);
    await t.store.transact(() => run('UPDATE partner_offers SET answered_at = answered_at - ? WHERE id = ?', HELD_JOB_MS + 1000, old!.offerId));
    expect((await session.call(owner, 'DELETE', `/partners/${gone!.partner.id}`)).statusCode).toBe(200);
    for (const job of jobs) {
      const page = await press(job.token, 'view');
      expect(page.body).toContain('This job is closed');
      expect(page.body).toContain('0800');
      expect(page.body).not.toContain(`${job.name} Job Cafe`);
      expect(page.body).not.toContain('mere@kaicafe.co.nz');
      expect((await press(job.token, 'quote_sent')).body).not.toContain('Quote sent recorded');
    }
    // The record of who received the details stays.
    expect(await offerStates(gone!.lead)).toEqual(['Gone Holder Ltd: accepted']);
  });

  it('hides contact details and links in the notes until a partner accepts, and never makes a stranger’s link clickable', async () => {
    const owner = await session.signedIn(`owner-notes-${kind}@example.nz`);
    const partner = await addHamiltonTechnician(t.store, 'Notes Reader Ltd', `notes-${kind}@x.nz`, { services: ['Installation'] });
    const notes = 'Re-verify your account at https://evil.example/partner-login\nCall Sally on 021 555 0199 or sally@kaicafe.co.nz. Freezer reading -8.';
    const lead = await newLead({ contact_name: 'Notes Cafe', notes, ...planned });
    const { offerId, token } = await offered(owner, lead, partner.id);
    const mail = await offerMail(offerId);
    const before = (await press(token, 'view')).body;
    for (const text of [String(mail.text), String(mail.html), before]) {
      for (const hidden of ['evil.example', '021 555 0199', 'sally@kaicafe.co.nz']) expect(text).not.toContain(hidden);
      expect(text).toContain('[phone removed]');
      expect(text).toContain('Freezer reading -8.');
    }
    const after = (await press(token, 'accept')).body;
    expect(after).toContain('021 555 0199');
    expect(after).toContain('sally@kaicafe.co.nz');
    const details = await parseMail(
      await waitFor(() => smtp.messages.find((m) => m.raw.includes(`<accepted-${offerId}@example.nz>`)), { what: 'the details e-mail' }),
    );
    expect(String(details.text)).toContain('evil[.]example/partner-login');
    expect(String(details.text)).not.toMatch(/https?:\/\/evil/);
    expect(String(details.html)).not.toContain('evil.example');
  });

  it('never gives an urgent offer an accept-by after the time someone must be on site', async () => {
    const owner = await session.signedIn(`owner-window-${kind}@example.nz`);
    const partner = await addHamiltonTechnician(t.store, 'Window Test Ltd', `window-${kind}@x.nz`, { on_call: false });
    const lead = await newLead({ contact_name: 'Window Night Cafe' });
    const made = await session.call(owner, 'POST', `/leads/${lead}/offers`, { partner_id: partner.id, accept_within: '3d' });
    expect(made.statusCode).toBe(201);
    const onSiteBy = Date.parse(attendBy((await t.store.getLead(lead))!)!);
    // Worked out on the server's clock and stamped by the database's: a second's leeway.
    expect(made.json().offer.expires_at).toBeLessThanOrEqual(onSiteBy + 1000);
    expect(made.json().offer.expires_at).toBeGreaterThan(Date.now() + 60 * MINUTE);
  });

  it('marks a partner whose address refuses an offer, moves the job on at once, and offers them jobs again once cleared', async () => {
    const owner = await session.signedIn(`owner-bounce-${kind}@example.nz`);
    await worker.stop();
    try {
      await addHamiltonTechnician(t.store, 'Aaa Bouncing Ltd', `bounce-${kind}@x.nz`);
      await addHamiltonTechnician(t.store, 'Bbb Next On Call Ltd', `next-on-call-${kind}@x.nz`);
      const lead = await newLead({ contact_name: 'Bounce Night Cafe' });
      // Dispatch (a job) offers the fairest on-call partner; their mail server refuses the offer for good.
      const dispatch = createDispatchRunner(t.store, 15 * MINUTE);
      const claim = (purposes: ('dispatch' | 'offer')[]) => t.store.claimJobs({ purposes, limit: 20, leaseMs: 60_000, owner: 'test' });
      for (const job of (await claim(['dispatch'])).filter((j) => j.lead_id === lead)) await dispatch(job);
      const first = (await t.store.read(() => offersOfLead(lead)))[0]!;
      const refusing = createPartnerSenders({
        store: t.store,
        mailer: { sendMail: async () => Promise.reject(Object.assign(new Error('550 no such user'), { responseCode: 550 })) } as unknown as Mailer,
        from: 'website@example.nz',
        replyTo: 'office@example.nz',
        publicOrigin: INBOX_ORIGIN,
        messageIdDomain: 'example.nz',
      });
      const [offerJob] = (await claim(['offer'])).filter((j) => j.offer_id === first.offer.id);
      await expect(refusing.offer(offerJob!)).rejects.toThrow('550');
      const states = await offerStates(lead);
      expect(states[0]).toBe(`${first.partner.name}: withdrawn (undelivered)`);
      // The next on-call partner is asked now (a dispatch job queued by the bounce), not at the next check.
      for (const job of (await claim(['dispatch'])).filter((j) => j.lead_id === lead)) await dispatch(job);
      expect((await offerStates(lead)).filter((s) => s.endsWith(': open'))).toHaveLength(1);
      const listed = (await session.call(owner, 'GET', '/partners')).json().partners.find((p: { id: string }) => p.id === first.partner.id);
      expect(listed.bounced_at).toEqual(expect.any(Number));
      // Cleared by an owner once the address is fixed: suggested again.
      expect((await session.call(owner, 'PATCH', `/partners/${first.partner.id}`, { bounced: false })).statusCode).toBe(200);
      const again = (await session.call(owner, 'GET', '/partners')).json().partners.find((p: { id: string }) => p.id === first.partner.id);
      expect(again.bounced_at).toBeNull();
    } finally {
      worker.start();
    }
  });

  it('keeps one link for an offer whose e-mail is sent again after a crash, and drops it once delivered', async () => {
    const partner = await addHamiltonTechnician(t.store, 'Crash Test Ltd', `crash-${kind}@x.nz`, { services: ['Installation'] });
    const lead = await newLead({ contact_name: 'Crash Cafe', ...planned });
    await worker.stop();
    try {
      const made = await t.store.transact(() => makeOffer(lead, partner.id, 'owner@example.nz', (p) => `Offered to ${p.name}`));
      if (!made.ok) throw new Error(made.reason);
      const claim = () => t.store.claimJobs({ purposes: ['offer'], limit: 10, leaseMs: 60_000, owner: 'test' });
      const [job] = (await claim()).filter((j) => j.offer_id === made.offer.id);
      const first = await t.store.transact(() => armOffer(job!, randomToken, secretHash));
      // The instance dies after the e-mail left: its claim is given up, the job is claimed again.
      await t.store.releaseJob(job!);
      const [again] = (await claim()).filter((j) => j.offer_id === made.offer.id);
      const second = await t.store.transact(() => armOffer(again!, randomToken, secretHash));
      expect(second!.token).toBe(first!.token);
      expect(await t.store.completeJob(again!)).toBe(true);
      const kept = await rawQuery<{ secret: string | null }>(kind, t.url, `SELECT secret FROM outbox WHERE id = ${kind === 'sqlite' ? '?' : '$1'}`, [
        again!.id,
      ]);
      expect(kept[0]!.secret).toBeNull();
      // The link still opens the job.
      expect((await press(first!.token, 'view')).body).toContain('Accept job');
    } finally {
      worker.start();
    }
  });

  it('says in an urgent lead’s own e-mail whom it was offered to automatically, or that nobody on call covers it', async () => {
    const note = createDispatchNote(t.store);
    const covered = await newLead({ contact_name: 'Note Night Cafe' });
    const offered = await waitFor(async () => (await t.store.read(() => offersOfLead(covered))).find((o) => o.offer.automatic), {
      what: 'the automatic offer',
    });
    const lead = (await t.store.getLead(covered))!;
    expect(await note(lead)).toContain(`Offered automatically to ${offered.partner.name} (on call) at `);
    const text = leadEmail(lead, { to: ['quotes@example.nz'], inboxOrigin: INBOX_ORIGIN, messageIdDomain: 'example.nz' }, await note(lead)).text;
    expect(text).toMatch(/URGENT – call back first \(.*\)\nOffered automatically to /);
    // Nobody on call covers Dunedin repairs.
    const uncovered = (await t.store.getLead(await newLead({ contact_name: 'Dunedin Night Cafe', city: 'Dunedin' })))!;
    expect(await note(uncovered)).toBe(notificationCopy.uncovered);
    const calm = (await t.store.getLead(await newLead({ contact_name: 'Note Planned Cafe', ...planned })))!;
    expect(await note(calm)).toBeUndefined();
  });

  it('tells the customer which partner has their details and which others saw the job without them', async () => {
    const owner = await session.signedIn(`owner-told-${kind}@example.nz`);
    const declining = await addHamiltonTechnician(t.store, 'Declined First Ltd', `declined-first-${kind}@x.nz`, { services: ['Installation'] });
    const taking = await addHamiltonTechnician(t.store, 'Taker Second Ltd', `taker-${kind}@x.nz`, { services: ['Installation'] });
    const lead = await newLead({ contact_name: 'Told Cafe', ...planned });
    const a = await offered(owner, lead, declining.id);
    expect((await press(a.token, 'decline')).body).toContain('You declined');
    const b = await offered(owner, lead, taking.id);
    await press(b.token, 'accept');
    const { introducedMail } = await import('../../server/outbox/partner-emails.ts');
    const { offerById } = await import('../../server/dispatch/partner-offers.ts');
    const view = (await t.store.read(() => offerById(b.offerId)))!;
    const mail = introducedMail({ ...view, lead: view.lead! }, { messageIdDomain: 'example.nz' });
    expect(mail.text).toContain('We have passed your name, company, phone, e-mail and everything you wrote to Taker Second Ltd');
    expect(mail.text).toContain('Before that, we offered the job to Declined First Ltd');
  });
});

describe('a request from this site', () => {
  const origin = 'https://www.example.nz';
  const asks = (site: string | undefined, from: string | undefined) =>
    fromThisSite({ ...(site === undefined ? {} : { 'sec-fetch-site': site }), ...(from === undefined ? {} : { origin: from }) }, origin);
  it('is told by Fetch Metadata (the partner page’s no-referrer makes browsers send Origin null), else by the Origin', () => {
    expect(asks('same-origin', 'null')).toBe(true);
    expect(asks('same-origin', origin)).toBe(true);
    expect(asks(undefined, origin)).toBe(true);
    for (const [site, from] of [
      ['cross-site', 'null'],
      ['same-site', origin],
      ['none', 'null'],
      [undefined, 'null'],
      [undefined, undefined],
      [undefined, 'https://evil.example'],
      [undefined, 'https://www.example.nz.evil.example'],
      ['same-origin', 'https://evil.example'],
    ] as const)
      expect(asks(site, from)).toBe(false);
  });
});
