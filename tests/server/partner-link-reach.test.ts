/**
 * How far a partner's links reach, on both stores, over HTTP: a "Your jobs" link made from one job's
 * link (a declined offer's job page, an ended job's e-mail, a job page opened from the page) lists
 * the partner's jobs but opens none of them, so one forwarded or leaked message shows no other
 * job's customer; only the owner's own link to the page opens them. A partner removed and added
 * back starts with nothing: no old job link, page link or listing shows an offer made before.
 * Strangers (no token, a wrong one, another partner's, a post from no site of ours) get a 4xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { offerById } from '../../server/dispatch/partner-offers.ts';
import { all } from '../../server/storage/steps.ts';
import { importPartners } from '../../server/storage/partner-records.ts';
import { partnerWords } from '../../server/partners/partner-words.ts';
import type { Partner } from '../../core/inbox-api/partners.ts';
import { addHamiltonTechnician, hamiltonTechnician, offerWithLink } from '../support/partners.ts';
import { inboxSession, INBOX_ORIGIN, type Browser } from '../support/inbox-session.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

const OWN = { 'content-type': 'application/x-www-form-urlencoded', origin: INBOX_ORIGIN, 'sec-fetch-site': 'same-origin' };
const w = partnerWords.jobs;

const tokenOf = (url: string) => new URL(url, INBOX_ORIGIN).searchParams.get('t')!;
/** The "Your jobs" link a job page carries, if any. */
const jobsLinkIn = (html: string) => /href="(http:\/\/localhost:4321\/partner\/jobs\?t=[\w-]+)"/.exec(html)?.[1];

describe.each(storeKinds)('how far a partner’s links reach on %s', (kind) => {
  let t: TestStore;
  let app: FastifyInstance;
  let owner: Browser;
  const session = inboxSession(
    () => app,
    () => t.store,
  );

  beforeAll(async () => {
    t = await createTestStore(kind);
    app = await buildApp({ store: t.store, leadPurposes: [], rateLimit: { max: 1000, windowMs: 600_000 }, inbox: { publicOrigin: INBOX_ORIGIN } });
    owner = await session.signedIn(`owner-reach-${kind}@example.nz`);
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  let leads = 0;
  /** A lead of the test's own, with a customer's name and phone no page before accepting shows. */
  async function newLead(): Promise<{ id: string; name: string; phone: string }> {
    const n = ++leads;
    const name = `Reach Customer Tamsin${n}`;
    const phone = `021 777 ${String(1000 + n)}`;
    expect((await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ contact_name: name, phone }) })).statusCode).toBe(200);
    return { id: (await t.store.listLeads()).find((l) => l.contact_name === name)!.id, name, phone };
  }
  const newPartner = (name: string) => addHamiltonTechnician(t.store, name, `${name.toLowerCase().replaceAll(' ', '-')}-${kind}@partner.nz`);

  const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = OWN) =>
    app.inject({ method: 'POST', url, headers, payload: new URLSearchParams(fields).toString() });
  const jobPage = (token: string, action = 'view', extra: Record<string, string> = {}) => post('/partner/offer', { t: token, action, ...extra });
  const jobsPage = (token: string) => app.inject({ method: 'GET', url: `/partner/jobs?t=${encodeURIComponent(token)}` });
  const openJob = (token: string, offer: string, headers?: Record<string, string>) => post('/partner/jobs/open', { t: token, offer }, headers);
  /** The owner's own link to the partner's page, as the inbox makes it. */
  const standingLink = async (partner: Partner) => {
    const renewed = await session.call(owner, 'POST', `/partners/${partner.id}/page/renew`);
    expect(renewed.statusCode).toBe(200);
    return tokenOf(renewed.json().link);
  };
  const pageLinksOf = (offerId: string) => t.store.read(() => all("SELECT 1 AS yes FROM offer_links WHERE offer_id = ? AND channel = 'page'", offerId));

  it('a declined offer’s link to "Your jobs" lists the jobs but opens none; the owner’s own link still does', async () => {
    const partner = await newPartner('Reach Cooling');
    const held = await newLead();
    const heldOffer = await offerWithLink(t.store, held.id, partner.id);
    const accepted = await jobPage(heldOffer.token, 'accept');
    expect(accepted.body).toContain(held.name);
    const waiting = await newLead();
    const openOffer = await offerWithLink(t.store, waiting.id, partner.id);
    const declined = await offerWithLink(t.store, (await newLead()).id, partner.id);

    // The declined offer's job page, as a forwarded e-mail's link opens it, carries a "Your jobs" link.
    const answered = await jobPage(declined.token, 'decline', { reason: 'Too far' });
    expect(answered.statusCode).toBe(200);
    const derivedUrl = jobsLinkIn(answered.body);
    expect(derivedUrl).toBeDefined();
    const derived = tokenOf(derivedUrl!);

    // Neither the held job nor the open offer opens from it: a clear 403 in the page's words, and no job link made.
    for (const offer of [heldOffer.offerId, openOffer.offerId]) {
      const refused = await openJob(derived, offer);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers.location).toBeUndefined();
      expect(refused.body).toContain(w.limited);
      expect(refused.body).not.toContain(held.name);
      expect(refused.body).not.toContain(held.phone);
      expect(await pageLinksOf(offer)).toEqual([]);
    }

    const listed = await jobsPage(derived);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain(w.heldHeading);
    expect(listed.body).toContain(w.listOnly);
    expect(listed.body).toContain(w.openFromMessage);
    expect(listed.body).not.toContain('/partner/jobs/open');
    expect(listed.body).not.toContain(held.name);

    // The owner's own link opens the held job and shows its customer.
    const standing = await standingLink(partner);
    const full = await jobsPage(standing);
    expect(full.body).toContain('/partner/jobs/open');
    expect(full.body).not.toContain(w.listOnly);
    const opened = await openJob(standing, heldOffer.offerId);
    expect(opened.statusCode).toBe(303);
    const jobToken = tokenOf(opened.headers.location as string);
    const job = await jobPage(jobToken);
    expect(job.body).toContain(held.name);

    // That job page's own "Your jobs" link was made from one job's link too: it lists, and opens nothing.
    const fromJob = jobsLinkIn(job.body);
    expect(fromJob).toBeDefined();
    expect((await jobsPage(tokenOf(fromJob!))).body).not.toContain('/partner/jobs/open');
    expect((await openJob(tokenOf(fromJob!), openOffer.offerId)).statusCode).toBe(403);
    expect(await pageLinksOf(openOffer.offerId)).toEqual([]);
  });

  it('answers strangers on the jobs page with a 4xx and nothing of any customer, never a 5xx', async () => {
    const partner = await newPartner('Stranger Cooling');
    const other = await newPartner('Other Cooling');
    const held = await newLead();
    const { offerId, token } = await offerWithLink(t.store, held.id, partner.id);
    expect((await jobPage(token, 'accept')).body).toContain(held.name);
    const standing = await standingLink(partner);
    const othersStanding = await standingLink(other);
    const othersOffer = await offerWithLink(t.store, (await newLead()).id, other.id);
    const othersDerived = tokenOf(jobsLinkIn((await jobPage(othersOffer.token)).body)!);

    const answers = [
      await app.inject({ method: 'GET', url: '/partner/jobs' }),
      await jobsPage('x'.repeat(43)),
      await post('/partner/jobs/open', { offer: offerId }),
      await openJob('x'.repeat(43), offerId),
      await openJob(othersStanding, offerId),
      await openJob(othersDerived, offerId),
      // A post from no page of ours: no Origin, and a browser that says another site started it.
      await openJob(standing, offerId, { 'content-type': 'application/x-www-form-urlencoded' }),
      await openJob(standing, offerId, { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' }),
      await openJob(standing, 'not an id'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.body).not.toContain(held.name);
      expect(answer.body).not.toContain(held.phone);
    }
    expect(await pageLinksOf(offerId)).toEqual([]);
  });

  it('a partner removed and added back starts with nothing: no old job link, page link or listing shows an old offer', async () => {
    const partner = await newPartner('Comeback Cooling');
    const held = await newLead();
    const { offerId, token } = await offerWithLink(t.store, held.id, partner.id);
    expect((await jobPage(token, 'accept')).body).toContain(held.name);
    const waiting = await newLead();
    const open = await offerWithLink(t.store, waiting.id, partner.id);
    const standing = await standingLink(partner);
    const fromPage = await openJob(standing, offerId);
    expect(fromPage.statusCode).toBe(303);
    const pageToken = tokenOf(fromPage.headers.location as string);
    expect((await jobPage(pageToken)).body).toContain(held.name);

    expect((await session.call(owner, 'DELETE', `/partners/${partner.id}`)).statusCode).toBe(200);
    const back = await session.call(owner, 'POST', '/partners', hamiltonTechnician(partner.name, partner.email));
    expect(back.statusCode).toBe(201);
    expect(back.json().partner.id).toBe(partner.id);

    // Each old link, the e-mail's and the one opened from the page, says the job is over, with no way back to the page.
    for (const old of [token, pageToken, open.token]) {
      const answer = await jobPage(old);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.body).not.toContain(held.name);
      expect(answer.body).not.toContain(held.phone);
      expect(jobsLinkIn(answer.body)).toBeUndefined();
      expect((await jobPage(old, 'accept')).body).not.toContain(held.name);
    }
    // The one rule says so whatever link finds the offer.
    expect((await t.store.read(() => offerById(offerId)))!.standing).toBe('closed');
    expect((await t.store.read(() => offerById(open.offerId)))!.standing).toBe('withdrawn');

    const renewed = await standingLink(partner);
    const page = await jobsPage(renewed);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(w.noHeld);
    expect(page.body).toContain(w.noOffers);
    const reopened = await openJob(renewed, offerId);
    expect(reopened.statusCode).toBe(410);
    expect(reopened.headers.location).toBeUndefined();

    // Brought back by a spreadsheet instead, the same: still nothing of the old job.
    expect((await session.call(owner, 'DELETE', `/partners/${partner.id}`)).statusCode).toBe(200);
    await t.store.transact(() => importPartners([hamiltonTechnician(partner.name, partner.email)]));
    expect((await t.store.read(() => offerById(offerId)))!.standing).toBe('closed');
    const again = await jobsPage(await standingLink(partner));
    expect(again.body).toContain(w.noHeld);
  });
});
