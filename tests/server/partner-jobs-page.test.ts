/**
 * The partner's "Your jobs" page on both stores, with a real outbox worker and SMTP peer: the link in
 * an offer e-mail (made from the offer's own link, kept only as a hash) opens the page; the on-call
 * shortcuts and a typed time set the partner's own on-call time, and dispatch sees them on call and
 * then off; their open offers and held jobs are listed and each opens a working job page; another
 * partner's offer and an ended one are refused; the owner's new link kills the old ones and turning
 * the page off kills every one; a paused or removed partner gets nothing; a post another site
 * started changes nothing; and hostile input to the new routes is always answered with a 4xx, a
 * 303 or the page, never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { OutboxWorker } from '../../server/outbox/worker.ts';
import { createPartnerSenders } from '../../server/outbox/partner-emails.ts';
import { createMailer } from '../../server/outbox/mailer.ts';
import { makeOffer, offerById } from '../../server/dispatch/partner-offers.ts';
import { answerOffer } from '../../server/dispatch/offer-answers.ts';
import { listPartners, partnerById } from '../../server/storage/partner-records.ts';
import { onCallOrder } from '../../server/dispatch/on-call-roster.ts';
import { dispatchLead } from '../../server/dispatch/dispatch.ts';
import { auditEntries } from '../../server/storage/audit-log.ts';
import { all } from '../../server/storage/steps.ts';
import { secretHash } from '../../server/security/secrets.ts';
import { answerWords } from '../../server/partners/partner-words.ts';
import { pageTokenFor } from '../../server/partners/partner-links.ts';
import { fromNzLocal, toNzLocal, tonightUntil, weekendUntil } from '../../server/partners/on-call-times.ts';
import type { Partner } from '../../core/inbox-api/partners.ts';
import { addHamiltonTechnician, offerWithLink } from '../support/partners.ts';
import { inboxSession, INBOX_ORIGIN, type Browser } from '../support/inbox-session.ts';
import { parseMail, startSmtp, waitFor, type SmtpPeer } from '../support/peers.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

const log = pino({ level: 'silent' });
const OWN = { 'content-type': 'application/x-www-form-urlencoded', origin: INBOX_ORIGIN, 'sec-fetch-site': 'same-origin' };
const CROSS_SITE = { ...OWN, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
const dispatchWords = { offered: (p: Partner) => `Offered to ${p.name}`, timedOut: (p: Partner) => `Timed out: ${p.name}` };

/** The token of a /partner/jobs or /partner/offer address. */
const tokenOf = (url: string) => new URL(url, INBOX_ORIGIN).searchParams.get('t')!;
/** The "Your jobs" address a page or e-mail links to, if any. */
const jobsLinkIn = (text: string) => /(http:\/\/localhost:4321\/partner\/jobs\?t=[\w-]+)/.exec(text)?.[1];

describe.each(storeKinds)('the partner’s jobs page on %s', (kind) => {
  let t: TestStore;
  let smtp: SmtpPeer;
  let app: FastifyInstance;
  let worker: OutboxWorker;
  let owner: Browser;
  const session = inboxSession(
    () => app,
    () => t.store,
  );

  beforeAll(async () => {
    t = await createTestStore(kind);
    smtp = await startSmtp();
    app = await buildApp({ store: t.store, leadPurposes: [], rateLimit: { max: 1000, windowMs: 600_000 }, inbox: { publicOrigin: INBOX_ORIGIN } });
    worker = new OutboxWorker({
      store: t.store,
      senders: createPartnerSenders({
        store: t.store,
        mailer: createMailer({ smtpUrl: smtp.url }),
        from: 'website@example.nz',
        replyTo: 'office@example.nz',
        publicOrigin: INBOX_ORIGIN,
        messageIdDomain: 'example.nz',
      }),
      log,
      pollIntervalMs: 50,
      maxAttempts: 3,
    });
    owner = await session.signedIn(`owner-${kind}@example.nz`);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await t.cleanup();
  });

  let leads = 0;
  /** An urgent Hamilton repair of the test's own (the form's defaults), found by its name. */
  async function newLead(fields: Record<string, string> = {}): Promise<string> {
    const name = `Jobs Page Customer ${++leads}`;
    expect((await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ contact_name: name, ...fields }) })).statusCode).toBe(200);
    return (await t.store.listLeads()).find((l) => l.contact_name === name)!.id;
  }

  /** A technician of the test's own, not on call by the inbox's switch (so only what they set on their page puts them on call). */
  const newPartner = (name: string) =>
    addHamiltonTechnician(t.store, name, `${name.toLowerCase().replaceAll(' ', '-')}-${kind}@partner.nz`, { on_call: false });

  /** Offers a lead as the inbox does, and the offer e-mail the worker sends: its job link's token and its "Your jobs" address. */
  async function offerByMail(leadId: string, partner: Partner) {
    const made = await t.store.transact(() => makeOffer(leadId, partner.id, 'owner@example.nz', (p) => `Offered to ${p.name}`));
    if (!made.ok) throw new Error(made.reason);
    await worker.runOnce();
    const mail = await waitFor(
      async () => {
        for (const raw of smtp.messages.filter((m) => m.to.includes(partner.email))) {
          const parsed = await parseMail(raw);
          if (parsed.messageId === `<offer-${made.offer.id}@example.nz>`) return parsed;
        }
        return undefined;
      },
      { what: `the offer e-mail to ${partner.email}` },
    );
    const text = String(mail.text);
    const offerToken = tokenOf(/(http:\/\/localhost:4321\/partner\/offer\?t=[\w-]+)/.exec(text)![1]!);
    return { offerId: made.offer.id, offerToken, jobsUrl: jobsLinkIn(text), html: String(mail.html) };
  }

  const jobsPage = (token: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/partner/jobs?t=${encodeURIComponent(token)}`, headers });
  const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = OWN) =>
    app.inject({ method: 'POST', url, headers, payload: new URLSearchParams(fields).toString() });
  const setOnCall = (token: string, action: string, until?: string, headers?: Record<string, string>) =>
    post('/partner/jobs', { t: token, action, ...(until === undefined ? {} : { until }) }, headers);
  const openJob = (token: string, offer: string, headers?: Record<string, string>) => post('/partner/jobs/open', { t: token, offer }, headers);
  const jobPage = (token: string, action = 'view') => post('/partner/offer', { t: token, action });
  const renew = async (partner: Partner, as: Browser = owner) => session.call(as, 'POST', `/partners/${partner.id}/page/renew`);
  /** A fresh page link for the partner, as the owner makes it in the inbox. */
  const pageLink = async (partner: Partner) => {
    const renewed = await renew(partner);
    expect(renewed.statusCode).toBe(200);
    return tokenOf(renewed.json().link);
  };
  const partnerNow = async (partner: Partner) => (await t.store.read(() => partnerById(partner.id)))!;

  it('opens from the link in an offer e-mail, made from the offer’s own link and kept only as a hash', async () => {
    const partner = await newPartner('Mail Link Cooling');
    const lead = await newLead();
    const mailed = await offerByMail(lead, partner);
    expect(mailed.jobsUrl).toBeDefined();
    // The same link a copy sent again would carry: it is made from the offer link's token.
    const pageToken = tokenOf(mailed.jobsUrl!);
    expect(pageToken).toBe(pageTokenFor(mailed.offerToken));
    expect(mailed.html).toContain(`href="${mailed.jobsUrl}"`);
    const stored = await t.store.read(() => all('SELECT token_hash, partner_id FROM partner_page_links WHERE partner_id = ?', partner.id));
    expect(stored).toEqual([{ token_hash: secretHash(pageToken), partner_id: partner.id }]);

    const page = await jobsPage(pageToken);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('For Mail Link Cooling');
    expect(page.body).toContain('Not on call');
    expect(page.body).toContain('Offers waiting for you');
    expect(page.body).toContain('Repair · Hamilton');
    expect(page.body).toContain('Accept by');
    // What the job page shows before accepting, never who the customer is.
    for (const secret of [`Jobs Page Customer ${leads}`, 'mere@kaicafe.co.nz', '021 555 0101', 'Kai Cafe']) expect(page.body).not.toContain(secret);

    // The job page of the same e-mail links to the same page, before Continue and after it.
    expect(jobsLinkIn((await app.inject({ method: 'GET', url: `/partner/offer?t=${mailed.offerToken}` })).body)).toBe(mailed.jobsUrl);
    expect(jobsLinkIn((await jobPage(mailed.offerToken)).body)).toBe(mailed.jobsUrl);
    // A token one character off opens nothing.
    expect((await jobsPage(`${pageToken.slice(0, -1)}${pageToken.endsWith('A') ? 'B' : 'A'}`)).statusCode).toBe(404);
  });

  it('links every e-mail to a partner to the page: the job they accepted, and an offer that ended', async () => {
    const partner = await newPartner('Every Mail Cooling');
    const kept = await offerByMail(await newLead(), partner);
    const ending = await offerByMail(await newLead(), partner);
    const mailWith = async (messageId: string) =>
      waitFor(
        async () => {
          for (const raw of smtp.messages.filter((m) => m.to.includes(partner.email))) {
            const parsed = await parseMail(raw);
            if (parsed.messageId === messageId) return parsed;
          }
          return undefined;
        },
        { what: messageId },
      );

    // "You have the job": its own job link, and a page link made from it.
    expect((await jobPage(kept.offerToken, 'accept')).statusCode).toBe(200);
    await worker.runOnce();
    const accepted = String((await mailWith(`<accepted-${kept.offerId}@example.nz>`)).text);
    const acceptedJob = tokenOf(/(http:\/\/localhost:4321\/partner\/offer\?t=[\w-]+)/.exec(accepted)![1]!);
    expect(acceptedJob).not.toBe(kept.offerToken);
    expect(tokenOf(jobsLinkIn(accepted)!)).toBe(pageTokenFor(acceptedJob));
    expect((await jobsPage(tokenOf(jobsLinkIn(accepted)!))).statusCode).toBe(200);

    // An offer withdrawn: its short e-mail has no job link to make one from, so a random one, kept by its hash.
    const withdrawn = await session.call(
      owner,
      'POST',
      `/leads/${(await t.store.read(() => offerById(ending.offerId)))!.lead!.id}/offers/${ending.offerId}/withdraw`,
    );
    expect(withdrawn.statusCode).toBe(200);
    await worker.runOnce();
    const ended = String((await mailWith(`<ended-${ending.offerId}@example.nz>`)).text);
    const endedPage = tokenOf(jobsLinkIn(ended)!);
    expect(endedPage).not.toBe(pageTokenFor(ending.offerToken));
    const page = await jobsPage(endedPage);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('For Every Mail Cooling');
    // The token is kept with the e-mail's job only until it is sent; the database holds its hash alone.
    const secrets = await t.store.read(() => all("SELECT secret FROM outbox WHERE purpose = 'ended' AND offer_id = ?", ending.offerId));
    expect(secrets).toEqual([{ secret: null }]);
    const hashes = (await t.store.read(() => all('SELECT token_hash FROM partner_page_links WHERE partner_id = ?', partner.id))).map((r) => r.token_hash);
    expect(hashes).toContain(secretHash(endedPage));
    expect(hashes).not.toContain(endedPage);
  });

  it('sets the partner’s own on-call time with the shortcuts and a typed time, and dispatch sees them on call, then off', async () => {
    const partner = await newPartner('Night Shift Cooling');
    const token = await pageLink(partner);
    const dispatch = async () => {
      const lead = await newLead();
      return t.store.transact(() => dispatchLead(lead, 600_000, dispatchWords));
    };
    // Off call: nobody to offer it to, so the business's own people are woken instead.
    expect(await dispatch()).toEqual({ step: 'escalated', why: 'nobody_covers' });

    const before = new Date();
    const tonight = await setOnCall(token, 'tonight');
    const after = new Date();
    expect(tonight.statusCode).toBe(200);
    const until = (await partnerNow(partner)).on_call_until!;
    expect([tonightUntil(before).getTime(), tonightUntil(after).getTime()]).toContain(until);
    expect(new Date(until).toLocaleTimeString('en-NZ', { timeZone: 'Pacific/Auckland', hour: 'numeric', minute: '2-digit' })).toBe('7:00 am');
    expect(tonight.body).toContain('Saved: you are on call until');
    expect(tonight.body).toContain('7:00 am');
    expect((await jobsPage(token)).body).toMatch(/On call until [^<]*7:00 am/);
    expect((await partnerNow(partner)).on_call_now).toBe(true);
    expect(
      (
        await t.store.read(function* () {
          return yield* onCallOrder(yield* listPartners());
        })
      ).map((turn) => turn.id),
    ).toContain(partner.id);
    const offered = await dispatch();
    expect(offered.step).toBe('offered');
    expect(offered.step === 'offered' && offered.partners.map((p) => p.id)).toEqual([partner.id]);

    const off = await setOnCall(token, 'off');
    expect(off.statusCode).toBe(200);
    expect(off.body).toContain('Saved: you are not on call now.');
    expect((await jobsPage(token)).body).toContain('Not on call');
    expect((await partnerNow(partner)).on_call_now).toBe(false);
    expect(
      (
        await t.store.read(function* () {
          return yield* onCallOrder(yield* listPartners());
        })
      ).map((turn) => turn.id),
    ).not.toContain(partner.id);
    expect(await dispatch()).toEqual({ step: 'escalated', why: 'nobody_covers' });

    const weekendBefore = new Date();
    expect((await setOnCall(token, 'weekend')).statusCode).toBe(200);
    const weekend = (await partnerNow(partner)).on_call_until!;
    expect([weekendUntil(weekendBefore).getTime(), weekendUntil(new Date()).getTime()]).toContain(weekend);
    expect(new Date(weekend).toLocaleString('en-NZ', { timeZone: 'Pacific/Auckland', weekday: 'long', hour: 'numeric', minute: '2-digit' })).toBe(
      'Monday 7:00 am',
    );

    // A time of their own, read as New Zealand time.
    const typed = toNzLocal(new Date(Date.now() + 3 * 3_600_000));
    const set = await setOnCall(token, 'until', typed);
    expect(set.statusCode).toBe(200);
    expect((await partnerNow(partner)).on_call_until).toBe(fromNzLocal(typed)!.getTime());
    expect(set.body).toContain(`value="${typed}"`);
    // A time passed, too far ahead or not a time is refused, and changes nothing.
    for (const [bad, says] of [
      [toNzLocal(new Date(Date.now() - 3_600_000)), 'That time has already passed'],
      [toNzLocal(new Date(Date.now() + 15 * 86_400_000)), 'Pick a time within the next 14 days'],
      ['tomorrow', 'Pick a date and a time'],
      ['2026-02-30T07:00', 'Pick a date and a time'],
    ]) {
      const refused = await setOnCall(token, 'until', bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.body).toContain(says);
      expect(refused.body).toContain('aria-invalid="true"');
    }
    expect((await partnerNow(partner)).on_call_until).toBe(fromNzLocal(typed)!.getTime());
    const lines = (await t.store.read(() => auditEntries({ limit: 100 }))).filter((e) => e.actor_email === partner.email).map((e) => e.action);
    expect(lines).toContain(`Night Shift Cooling (${partner.email}) set their own on-call time: not on call`);
    expect(lines.filter((l) => l.includes('set their own on-call time: on call until'))).toHaveLength(3);
  });

  it('lists open offers and held jobs, and each opens a working job page', async () => {
    const partner = await newPartner('Listed Jobs Cooling');
    const [open, held, declined] = [await newLead({ city: 'Hamilton' }), await newLead(), await newLead()];
    const openOffer = await offerWithLink(t.store, open, partner.id);
    const heldOffer = await offerWithLink(t.store, held, partner.id);
    const declinedOffer = await offerWithLink(t.store, declined, partner.id);
    await t.store.transact(() => answerOffer(secretHash(heldOffer.token), { action: 'accept' }, answerWords));
    await t.store.transact(() => answerOffer(secretHash(declinedOffer.token), { action: 'decline', reason: '' }, answerWords));
    const token = await pageLink(partner);

    const page = (await jobsPage(token)).body;
    const offersPart = page.slice(page.indexOf('Offers waiting for you'), page.indexOf('Jobs you have'));
    const heldPart = page.slice(page.indexOf('Jobs you have'));
    expect(offersPart).toContain(`value="${openOffer.offerId}"`);
    expect(heldPart).toContain(`value="${heldOffer.offerId}"`);
    expect(page).not.toContain(declinedOffer.offerId);
    expect(page).not.toContain(`Jobs Page Customer`);

    // "Open the job" lands on the job page by a link of its own; the offer can be accepted there.
    const opened = await openJob(token, openOffer.offerId);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toMatch(/^\/partner\/offer\?t=[\w-]{40,}$/);
    const jobToken = tokenOf(String(opened.headers.location));
    expect(jobToken).not.toBe(openOffer.token);
    const landing = await app.inject({ method: 'GET', url: String(opened.headers.location) });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain('Continue');
    // The job page links back to the partner's page (a link of its own, kept when the job was opened).
    const back = jobsLinkIn(landing.body);
    expect(back).toBeDefined();
    expect((await jobsPage(tokenOf(back!))).statusCode).toBe(200);
    expect((await jobPage(jobToken)).body).toContain('Accept job');
    const accepted = await jobPage(jobToken, 'accept');
    expect(accepted.body).toContain('You have this job');
    expect((await t.store.read(() => offerById(openOffer.offerId)))!.standing).toBe('held');

    // Both are now held; the held job opens with the customer shown; opening it again gives the same working link.
    const heldOpened = await openJob(token, heldOffer.offerId);
    expect(heldOpened.statusCode).toBe(303);
    const heldView = await jobPage(tokenOf(String(heldOpened.headers.location)));
    expect(heldView.body).toContain(`Jobs Page Customer ${leads - 1}`);
    expect((await openJob(token, heldOffer.offerId)).headers.location).toBe(heldOpened.headers.location);
    const nowHeld = (await jobsPage(token)).body;
    expect(nowHeld).toContain('No job offers are waiting for you.');
  });

  it('refuses another partner’s offer, an ended offer and a made-up one, and makes no link for them', async () => {
    const mine = await newPartner('Own Jobs Cooling');
    const theirs = await newPartner('Other Jobs Cooling');
    const [a, b] = [await newLead(), await newLead()];
    const own = await offerWithLink(t.store, a, mine.id);
    const other = await offerWithLink(t.store, b, theirs.id);
    const token = await pageLink(mine);
    const pageLinks = async (offerId: string) => t.store.read(() => all("SELECT offer_id FROM offer_links WHERE offer_id = ? AND channel = 'page'", offerId));

    const refused = await openJob(token, other.offerId);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain('That job is not on your list.');
    expect(refused.body).not.toContain(other.offerId);
    expect(await pageLinks(other.offerId)).toEqual([]);
    expect((await openJob(token, 'no-such-offer')).statusCode).toBe(404);

    await t.store.transact(() => answerOffer(secretHash(own.token), { action: 'decline', reason: 'Away' }, answerWords));
    const ended = await openJob(token, own.offerId);
    expect(ended.statusCode).toBe(410);
    expect(ended.body).toContain('That job is no longer open to you.');
    expect(await pageLinks(own.offerId)).toEqual([]);
  });

  it('a new link kills the old ones, turning the page off kills every one, and both are owners’ alone', async () => {
    const partner = await newPartner('Renewed Link Cooling');
    const first = await offerByMail(await newLead(), partner);
    const mailed = tokenOf(first.jobsUrl!);
    const staff = await session.signedIn(`staff-${kind}@example.nz`, 'staff');
    expect((await renew(partner, staff)).statusCode).toBe(403);
    expect((await session.call(staff, 'POST', `/partners/${partner.id}/page/revoke`)).statusCode).toBe(403);
    expect((await renew(partner, await session.openBrowser())).statusCode).toBe(401);
    expect((await session.call(owner, 'POST', `/partners/${partner.id}/page/renew`, undefined, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await jobsPage(mailed)).statusCode).toBe(200);

    const renewed = await renew(partner);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().link).toMatch(/^http:\/\/localhost:4321\/partner\/jobs\?t=[\w-]{40,}$/);
    const fresh = tokenOf(renewed.json().link);
    expect((await jobsPage(mailed)).statusCode).toBe(404);
    expect((await jobsPage(fresh)).statusCode).toBe(200);
    // The old e-mail's job page still opens its job, but no longer brings back a link to the page.
    const oldJob = await jobPage(first.offerToken);
    expect(oldJob.statusCode).toBe(200);
    expect(jobsLinkIn(oldJob.body)).toBeUndefined();
    expect((await jobsPage(mailed)).statusCode).toBe(404);
    // An offer made after the renewal carries a working link again.
    const second = await offerByMail(await newLead(), partner);
    expect((await jobsPage(tokenOf(second.jobsUrl!))).statusCode).toBe(200);
    const opened = await openJob(fresh, second.offerId);
    expect(opened.statusCode).toBe(303);

    const revoked = await session.call(owner, 'POST', `/partners/${partner.id}/page/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().partner.page_revoked).toBe(true);
    for (const dead of [fresh, tokenOf(second.jobsUrl!)]) expect((await jobsPage(dead)).statusCode).toBe(404);
    expect((await setOnCall(fresh, 'tonight')).statusCode).toBe(404);
    // The job link opened from the page dies with it; the e-mail's own job link still shows the job, without the page.
    expect((await jobPage(tokenOf(String(opened.headers.location)))).statusCode).toBe(404);
    const mailedJob = await jobPage(second.offerToken);
    expect(mailedJob.statusCode).toBe(200);
    expect(jobsLinkIn(mailedJob.body)).toBeUndefined();
    const third = await offerByMail(await newLead(), partner);
    expect(third.jobsUrl).toBeUndefined();
    expect(await t.store.read(() => all('SELECT token_hash FROM partner_page_links WHERE partner_id = ?', partner.id))).toEqual([]);

    // A new link turns it on again.
    expect((await jobsPage(await pageLink(partner))).statusCode).toBe(200);
    const lines = (await t.store.read(() => auditEntries({ limit: 200 }))).filter((e) => e.actor_email === `owner-${kind}@example.nz`).map((e) => e.action);
    expect(lines).toContain(`Jobs page of Renewed Link Cooling (${partner.email}) turned off`);
    expect(lines.filter((l) => l.startsWith('New link to the jobs page of Renewed Link Cooling'))).toHaveLength(2);
    expect((await renew({ ...partner, id: 'no-such-partner' })).statusCode).toBe(404);
  });

  it('shows nothing to a paused or removed partner', async () => {
    const partner = await newPartner('Paused Page Cooling');
    const lead = await newLead();
    const { offerId } = await offerWithLink(t.store, lead, partner.id);
    const token = await pageLink(partner);
    expect((await jobsPage(token)).statusCode).toBe(200);

    expect((await session.call(owner, 'PATCH', `/partners/${partner.id}`, { paused: true })).statusCode).toBe(200);
    const paused = await jobsPage(token);
    expect(paused.statusCode).toBe(410);
    expect(paused.body).toContain('This link to your jobs page no longer works');
    expect(paused.body).toContain('0800');
    expect(paused.body).not.toContain('Paused Page Cooling');
    expect((await setOnCall(token, 'tonight')).statusCode).toBe(410);
    expect((await partnerNow(partner)).on_call_until).toBeNull();
    expect((await openJob(token, offerId)).statusCode).toBe(410);
    const refused = await renew(partner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('paused');

    expect((await session.call(owner, 'PATCH', `/partners/${partner.id}`, { paused: false })).statusCode).toBe(200);
    expect((await jobsPage(token)).statusCode).toBe(200);
    expect((await session.call(owner, 'DELETE', `/partners/${partner.id}`)).statusCode).toBe(200);
    // Removing them deletes their links: the page is gone for good, even if they are added back later.
    const removed = await jobsPage(token);
    expect(removed.statusCode).toBe(404);
    expect(removed.body).not.toContain('Paused Page Cooling');
    expect((await renew(partner)).statusCode).toBe(404);
  });

  it('changes nothing for a post another site started', async () => {
    const partner = await newPartner('Cross Site Cooling');
    const { offerId } = await offerWithLink(t.store, await newLead(), partner.id);
    const token = await pageLink(partner);
    for (const headers of [CROSS_SITE, { ...OWN, 'sec-fetch-site': 'same-site' }, { 'content-type': OWN['content-type'], origin: 'https://evil.example' }]) {
      const onCall = await setOnCall(token, 'weekend', undefined, headers);
      expect(onCall.statusCode).toBe(403);
      expect(onCall.body).not.toContain(token);
      const opened = await openJob(token, offerId, headers);
      expect(opened.statusCode).toBe(403);
      expect(opened.headers.location).toBeUndefined();
    }
    expect((await partnerNow(partner)).on_call_until).toBeNull();
    expect(await t.store.read(() => all("SELECT offer_id FROM offer_links WHERE offer_id = ? AND channel = 'page'", offerId))).toEqual([]);
    // The page's own post, as a browser sends it from a no-referrer page (Origin null), is taken.
    expect((await setOnCall(token, 'weekend', undefined, { ...OWN, origin: 'null' })).statusCode).toBe(200);
  });

  it('answers hostile tokens, offer ids, times and actions with a 4xx, a 303 or the page, never a 5xx or a hang', async () => {
    const partner = await newPartner('Hostile Input Cooling');
    const other = await newPartner('Hostile Other Cooling');
    const lead = await newLead();
    const { offerId } = await offerWithLink(t.store, lead, partner.id);
    const otherOffer = await offerWithLink(t.store, await newLead(), other.id);
    const token = await pageLink(partner);
    const odd = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom('', ' ', '%00', '\u0000', "' OR 1=1 --", '../../etc/passwd', '<script>alert(1)</script>', 'a'.repeat(9000), '%E0%A4%A', '9'.repeat(40)),
    );
    const tokens = fc.oneof(fc.constant(token), odd, fc.base64String({ minLength: 20, maxLength: 220 }));
    const offers = fc.oneof(fc.constantFrom(offerId, otherOffer.offerId), odd, fc.uuid());
    const times = fc.oneof(
      odd,
      fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 16)),
      fc.integer({ min: -100_000, max: 100_000 }).map((minutes) => toNzLocal(new Date(Date.now() + minutes * 60_000))),
      fc.constantFrom('2026-13-01T07:00', '2026-02-29T07:00', '2026-04-05T02:30', '2026-09-27T02:30', '0000-01-01T00:00', '9999-12-31T23:59'),
    );
    const actions = fc.oneof(fc.constantFrom('until', 'tonight', 'weekend', 'off'), odd);
    const headers = fc.oneof(
      fc.constant(OWN),
      fc.constant(CROSS_SITE),
      fc.record({ 'content-type': fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x', OWN['content-type']) }).map((h) => ({
        ...OWN,
        ...h,
      })),
    );
    const request = fc.oneof(
      fc.record({ method: fc.constant('GET' as const), url: tokens.map((t) => `/partner/jobs?t=${encodeURIComponent(t)}`) }),
      fc.record({
        method: fc.constant('POST' as const),
        url: fc.constant('/partner/jobs'),
        headers,
        fields: fc.record({ t: tokens, action: actions, until: times }, { requiredKeys: [] }),
      }),
      fc.record({
        method: fc.constant('POST' as const),
        url: fc.constant('/partner/jobs/open'),
        headers,
        fields: fc.record({ t: tokens, offer: offers }, { requiredKeys: [] }),
      }),
      fc.record({
        method: fc.constantFrom('PUT' as const, 'DELETE' as const, 'PATCH' as const),
        url: fc.constantFrom('/partner/jobs', '/partner/jobs/open', '/partner/jobs/'),
      }),
    );
    const seen = new Set<number>();
    /** Where each 303 sent the partner, checked once the run is over (the examples include an opening). */
    const redirects: string[] = [];
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const answer = await Promise.race([
          app.inject({
            method: r.method,
            url: r.url,
            ...('headers' in r ? { headers: r.headers } : {}),
            ...('fields' in r ? { payload: new URLSearchParams(r.fields as Record<string, string>).toString() } : {}),
          }),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${r.method} ${r.url} hung`)), 5_000)),
        ]);
        seen.add(answer.statusCode);
        const fine = answer.statusCode === 200 || answer.statusCode === 303 || (answer.statusCode >= 400 && answer.statusCode < 500);
        expect(fine, `${answer.statusCode} for ${JSON.stringify(r).slice(0, 300)}`).toBe(true);
        if (answer.statusCode === 303) redirects.push(String(answer.headers.location));
      }),
      {
        numRuns: 300,
        // Each kind of answer is reached whatever the draw: the page, a setting, an opening, a refusal.
        examples: [
          [{ method: 'GET', url: `/partner/jobs?t=${token}` }],
          [{ method: 'POST', url: '/partner/jobs', headers: OWN, fields: { t: token, action: 'until', until: '2026-13-01T07:00' } }],
          [{ method: 'POST', url: '/partner/jobs/open', headers: OWN, fields: { t: token, offer: offerId } }],
          [{ method: 'POST', url: '/partner/jobs/open', headers: CROSS_SITE, fields: { t: token, offer: offerId } }],
          [{ method: 'POST', url: '/partner/jobs/open', headers: OWN, fields: { t: token, offer: otherOffer.offerId } }],
          // A NUL character is text PostgreSQL cannot hold: refused before it reaches a query.
          [{ method: 'POST', url: '/partner/jobs/open', headers: OWN, fields: { t: token, offer: '\u0000' } }],
          [{ method: 'POST', url: '/partner/jobs', headers: OWN, fields: { t: `${token}\u0000`, action: 'off' } }],
        ],
      },
    );
    expect([...seen]).toEqual(expect.arrayContaining([200, 303, 400, 403, 404]));
    expect(redirects.length).toBeGreaterThan(0);
    expect(redirects.filter((location) => !/^\/partner\/offer\?t=/.test(location))).toEqual([]);

    // The owner's routes with hostile ids: a refusal, never a 5xx.
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('renew', 'revoke'), odd, async (what, id) => {
        const answer = await session.call(owner, 'POST', `/partners/${encodeURIComponent(id)}/page/${what}`);
        expect(answer.statusCode, `${what} ${JSON.stringify(id).slice(0, 80)}`).toBeGreaterThanOrEqual(400);
        expect(answer.statusCode).toBeLessThan(500);
      }),
      {
        numRuns: 60,
        examples: [
          ['renew', '\u0000'],
          ['revoke', '\u0000'],
        ],
      },
    );
  }, 120_000);
});
