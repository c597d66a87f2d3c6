/**
 * Jobs that finish, on both stores with two instances sharing the database: on the partner's job
 * page "On my way" (15, 30 or 60 minutes) is kept on the offer and queues the customer's text once;
 * "Job done" asks first, closes the attend clock and asks the business to mark the lead Won or Lost;
 * "I can't do this job" needs a reason, withdraws the acceptance (its accepted_at kept), offers the
 * job again at once, tells the business, and closes the customer's details to that partner on the
 * page and on "Your jobs", which shows every job's state. Attacked: a stranger's token, another
 * partner's link, a link that only lists jobs, a post from another site, both instances pressing
 * at once, and hostile reasons and choices (never a 5xx, nothing changed by a refusal).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { holdersOf, offerRowById, offersOfLead } from '../../server/storage/offer-records.ts';
import { dispatchLead } from '../../server/dispatch/dispatch.ts';
import { textCustomers } from '../../server/dispatch/customer-updates.ts';
import { leadEvents } from '../../server/storage/lead-work.ts';
import { keepPageLink, renewPage } from '../../server/storage/partner-pages.ts';
import { pageTokenFor } from '../../server/partners/partner-links.ts';
import { randomToken, secretHash } from '../../server/security/secrets.ts';
import { all } from '../../server/storage/steps.ts';
import type { Partner } from '../../core/inbox-api/partners.ts';
import { createJobEmails } from '../../server/outbox/job-emails.ts';
import type { Mail } from '../../server/outbox/mail-model.ts';
import type { Mailer } from '../../server/outbox/mailer.ts';
import { addHamiltonTechnician, offerWithLink } from '../support/partners.ts';
import { INBOX_ORIGIN } from '../support/inbox-session.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

const OWN = { 'content-type': 'application/x-www-form-urlencoded', origin: INBOX_ORIGIN, 'sec-fetch-site': 'same-origin' };
const CROSS_SITE = { ...OWN, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
const dispatchWords = { offered: (p: Partner) => `Offered to ${p.name}`, timedOut: (p: Partner) => `Timed out: ${p.name}` };

describe.each(storeKinds)('jobs that finish on %s', (kind) => {
  let t: TestStore;
  let apps: FastifyInstance[];

  beforeEach(async () => {
    textCustomers(true);
    t = await createTestStore(kind);
    apps = await Promise.all([t.store, t.reopen()].map((store) => buildApp({ store, leadPurposes: [], inbox: { publicOrigin: INBOX_ORIGIN } })));
  });
  afterEach(async () => {
    textCustomers(false);
    for (const app of apps) await app.close();
    await t.cleanup();
  });

  /** An urgent Hamilton lead (the customer on an NZ mobile), offered to Ana as dispatch offers it, and Ben on call too. */
  async function heldJob() {
    expect((await apps[0]!.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ site_street: '12 Grey Street' }) })).statusCode).toBe(
      200,
    );
    const lead = (await t.store.listLeads()).at(-1)!.id;
    const ana = await addHamiltonTechnician(t.store, 'Ana Cooling', 'ana@x.nz', { phone: '027 555 0303' });
    const ben = await addHamiltonTechnician(t.store, 'Ben Fridge', 'ben@x.nz');
    const { offerId, token } = await offerWithLink(t.store, lead, ana.id);
    return { lead, ana, ben, offerId, token };
  }
  const press = (token: string, fields: Record<string, string>, app = 0, headers: Record<string, string> = OWN) =>
    apps[app]!.inject({ method: 'POST', url: '/partner/offer', headers, payload: new URLSearchParams({ t: token, ...fields }).toString() });
  const offer = (id: string) => t.store.read(() => offerRowById(id)).then((o) => o!);
  const jobs = (lead: string) =>
    t.store.read(() => all('SELECT purpose, period, status FROM outbox WHERE lead_id = ? ORDER BY purpose, period', lead)) as Promise<
      { purpose: string; period: string | null; status: string }[]
    >;
  const events = (lead: string) => t.store.read(() => leadEvents(lead)).then((es) => es.map((e) => e.text));

  it('On my way is kept with the time chosen and tells the customer once; after On site the page no longer asks to contact them', async () => {
    const { lead, offerId, token } = await heldJob();
    const accepted = await press(token, { action: 'accept' });
    expect(accepted.body).toContain('Contact the customer now');
    expect(accepted.body).toContain('On my way: when will you get there?');
    expect((await jobs(lead)).filter((j) => j.purpose === 'customer-committed')).toEqual([
      { purpose: 'customer-committed', period: offerId, status: 'pending' },
    ]);

    // Both instances at once: one "On my way", one text queued.
    const [a, b] = await Promise.all([press(token, { action: 'on_my_way', minutes: '30' }, 0), press(token, { action: 'on_my_way', minutes: '15' }, 1)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const way = await offer(offerId);
    expect(way.on_way_at).not.toBeNull();
    expect([15 * 60_000, 30 * 60_000]).toContain(way.arrive_by! - way.on_way_at!);
    expect((await jobs(lead)).filter((j) => j.purpose === 'customer-on-way')).toEqual([{ purpose: 'customer-on-way', period: offerId, status: 'pending' }]);
    expect((await t.store.read(() => holdersOf([lead]))).get(lead)).toMatchObject({ on_way_at: way.on_way_at, arrive_by: way.arrive_by, done_at: null });
    expect((await events(lead)).filter((e) => e.includes('is on the way'))).toHaveLength(1);
    const onWay = await press(token, { action: 'view' });
    expect(onWay.body).toContain('On your way: you said you would arrive by');
    expect(onWay.body).not.toContain('Contact the customer now');
    expect(onWay.body).not.toContain('On my way: when will you get there?');

    // A choice the page never offers changes nothing.
    expect((await press(token, { action: 'on_my_way', minutes: '5' })).statusCode).toBe(404);

    await press(token, { action: 'on_site', confirm: 'yes' });
    const onSite = await press(token, { action: 'view' });
    expect(onSite.body).toContain('You are on site.');
    expect(onSite.body).not.toContain('Contact the customer now');
  });

  it('Job done asks first, closes the attend clock and asks the business to mark the lead Won or Lost', async () => {
    const { lead, offerId, token } = await heldJob();
    await press(token, { action: 'accept' });
    const asked = await press(token, { action: 'done' });
    expect(asked.body).toContain('Record that the job is done?');
    expect((await offer(offerId)).done_at).toBeNull();
    const [a, b] = await Promise.all([press(token, { action: 'done', confirm: 'yes' }, 0), press(token, { action: 'done', confirm: 'yes' }, 1)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const done = await offer(offerId);
    expect(done.done_at).not.toBeNull();
    // A job done was attended: the clock stops even when "On site" was never pressed.
    expect(done.on_site_at).toBe(done.done_at);
    expect(done.state).toBe('accepted');
    expect((await jobs(lead)).filter((j) => j.purpose === 'job-done')).toEqual([{ purpose: 'job-done', period: offerId, status: 'pending' }]);
    // The lead's holder, as the inbox shows it, says the job is done.
    expect((await t.store.read(() => holdersOf([lead]))).get(lead)).toMatchObject({ name: 'Ana Cooling', done_at: done.done_at, on_site_at: done.done_at });
    expect((await events(lead)).filter((e) => e.includes('marked the job done: mark the lead Won or Lost'))).toHaveLength(1);
    const page = await press(token, { action: 'view' });
    expect(page.body).toContain('Job done, recorded');
    expect(page.body).not.toContain('Hand the job back');
    expect(page.body).not.toContain('On my way');
    // Done, it cannot be handed back.
    await press(token, { action: 'hand_back', reason: 'changed my mind' });
    expect((await offer(offerId)).state).toBe('accepted');
  });

  it('I can’t do this job needs a reason, withdraws the acceptance (kept for the reports), offers the job again and closes the customer to them', async () => {
    const { lead, ana, ben, offerId, token } = await heldJob();
    await press(token, { action: 'accept' });
    const pageToken = randomToken();
    await t.store.transact(() => renewPage(ana.id, () => pageToken, secretHash));
    const listed = await apps[0]!.inject({ method: 'GET', url: `/partner/jobs?t=${pageToken}` });
    expect(listed.body).toContain('Accepted');

    // Without a reason nothing changes, and the page says what is missing.
    for (const reason of ['', '   ', '\n\n']) {
      const missing = await press(token, { action: 'hand_back', reason });
      expect(missing.statusCode).toBe(400);
      expect(missing.body).toContain('Write a few words about why');
    }
    expect((await offer(offerId)).state).toBe('accepted');

    const [a, b] = await Promise.all([
      press(token, { action: 'hand_back', reason: 'Van broke down on the expressway' }, 0),
      press(token, { action: 'hand_back', reason: 'Second press' }, 1),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const back = await offer(offerId);
    expect(back).toMatchObject({ state: 'withdrawn', end_reason: 'handed_back' });
    expect(['Van broke down on the expressway', 'Second press']).toContain(back.handed_back_reason);
    expect(back.accepted_at).not.toBeNull();
    expect((await events(lead)).filter((e) => e.startsWith('Ana Cooling handed the job back: '))).toHaveLength(1);
    const queued = await jobs(lead);
    expect(queued.filter((j) => j.purpose === 'handed-back')).toEqual([{ purpose: 'handed-back', period: offerId, status: 'pending' }]);
    // Offered again at once: the dispatch job is queued, and its step offers the job to Ben.
    expect(queued.some((j) => j.purpose === 'dispatch' && j.status === 'pending')).toBe(true);
    const step = await t.store.transact(() => dispatchLead(lead, 15 * 60_000, dispatchWords));
    expect(step.step).toBe('offered');
    expect((await t.store.read(() => offersOfLead(lead))).find((o) => o.offer.state === 'open')?.partner.id).toBe(ben.id);

    // Her page, its link and her jobs list show nothing of the customer any more.
    for (const page of [await press(token, { action: 'view' }), await apps[1]!.inject({ method: 'GET', url: `/partner/offer?t=${token}` })]) {
      expect(page.body).toContain('You handed this job back');
      for (const secret of ['Mere Tane', '021 555 0101', 'mere@kaicafe', '12 Grey Street', 'Kai Cafe']) expect(page.body).not.toContain(secret);
    }
    const after = await apps[1]!.inject({ method: 'GET', url: `/partner/jobs?t=${pageToken}` });
    expect(after.body).toContain('Handed back');
    for (const secret of ['Mere Tane', '021 555 0101', '12 Grey Street']) expect(after.body).not.toContain(secret);
    // Pressing anything on it now changes nothing.
    for (const action of ['on_my_way', 'done', 'on_site']) await press(token, { action, minutes: '15', confirm: 'yes' });
    expect(await offer(offerId)).toMatchObject({ state: 'withdrawn', on_way_at: null, done_at: null, on_site_at: null });
  });

  it('e-mails the business that the job is done (mark it Won or Lost) and that it was handed back, with the reason', async () => {
    const first = await heldJob();
    await press(first.token, { action: 'accept' });
    await press(first.token, { action: 'done', confirm: 'yes' });
    const mails: Mail[] = [];
    const mailer: Mailer = { sendMail: async (mail) => void mails.push(mail), close: () => undefined };
    const senders = createJobEmails({
      store: t.store,
      mailer,
      from: 'website@example.nz',
      to: ['office@example.nz'],
      urgentTo: ['oncall@example.nz'],
      inboxOrigin: INBOX_ORIGIN,
      messageIdDomain: 'example.nz',
    });
    const send = async (purpose: 'job-done' | 'handed-back') => {
      for (const job of await t.store.claimJobs({ purposes: [purpose], limit: 10, leaseMs: 60_000, owner: 'test' })) {
        await senders[purpose](job);
        await t.store.completeJob(job);
      }
    };
    await send('job-done');
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[['office@example.nz'], 'Job done: mark it Won or Lost · Kai Cafe Ltd, Repair, Hamilton']]);
    expect(mails[0]!.text).toContain('Ana Cooling has marked this job done. Mark the lead Won');

    // A second urgent lead, handed back by Ana: the business and the urgent address hear why, marked urgent.
    expect((await apps[0]!.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ company_name: 'Rewi Butchery' }) })).statusCode).toBe(
      200,
    );
    const second = (await t.store.listLeads()).at(-1)!.id;
    const { token } = await offerWithLink(t.store, second, first.ana.id);
    await press(token, { action: 'accept' });
    await press(token, { action: 'hand_back', reason: 'Van broke down <b>again</b>' });
    await send('handed-back');
    const back = mails[1]!;
    expect(back).toMatchObject({
      to: ['office@example.nz', 'oncall@example.nz'],
      urgent: true,
      subject: 'URGENT: Job handed back · Rewi Butchery, Repair, Hamilton',
    });
    expect(back.text).toContain('Ana Cooling can’t do this job and has handed it back. Their reason: “Van broke down <b>again</b>”');
    expect(back.html).toContain('Van broke down &lt;b&gt;again&lt;/b&gt;');
  });

  it('refuses a stranger, another partner’s link, a list-only link and another site, changing nothing', async () => {
    const { lead, ana, ben, offerId, token } = await heldJob();
    const other = await offerWithLink(t.store, lead, ben.id);
    await press(token, { action: 'accept' });
    const before = await offer(offerId);
    // The "Your jobs" link her job page carries: it lists her jobs, and is no job's link.
    const listOnlyToken = pageTokenFor(token);
    await t.store.transact(() => keepPageLink(ana.id, secretHash(listOnlyToken), before.created_at));
    expect((await apps[0]!.inject({ method: 'GET', url: `/partner/jobs?t=${listOnlyToken}` })).statusCode).toBe(200);
    // Ben's offer ended when Ana took the job: his link answers nothing about hers.
    for (const fields of [
      { action: 'on_my_way', minutes: '15' },
      { action: 'done', confirm: 'yes' },
      { action: 'hand_back', reason: 'not mine to hand back' },
    ]) {
      expect((await press(other.token, fields)).body).not.toContain('Mere Tane');
      expect((await press(randomToken(), fields)).statusCode).toBe(404);
      expect((await press(listOnlyToken, fields)).statusCode).toBe(404);
      const forged = await press(token, fields, 0, CROSS_SITE);
      expect(forged.statusCode).toBe(403);
      expect(forged.body).not.toContain('Mere Tane');
    }
    expect(await offer(offerId)).toEqual({ ...before, now: expect.any(Number) });
    expect((await offer(other.offerId)).state).toBe('withdrawn');
  });

  it('answers hostile reasons and choices with the page or a 4xx, never a 5xx, and keeps a reason at most 300 characters', async () => {
    const { offerId, token } = await heldJob();
    await press(token, { action: 'accept' });
    const hostile = fc.oneof(
      fc.string({ maxLength: 600 }),
      fc.constantFrom('<script>alert(1)</script>', "'; DROP TABLE partner_offers; --", '\u202e\u200b', '%00', 'a'.repeat(5000), '😀'.repeat(400)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('on_my_way', 'done', 'view'),
        hostile,
        hostile,
        fc.constantFrom('yes', 'no', ''),
        async (action, reason, minutes, confirm) => {
          const answer = await press(token, { action, reason, minutes, confirm });
          expect(answer.statusCode).toBeLessThan(500);
          expect(answer.body).not.toContain('<script>alert');
        },
      ),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(hostile, async (reason) => {
        const answer = await press(token, { action: 'hand_back', reason });
        expect(answer.statusCode).toBeLessThan(500);
        expect(answer.body).not.toContain('<script>alert');
      }),
      { numRuns: 40 },
    );
    const o = await offer(offerId);
    if (o.state === 'withdrawn') {
      expect([...o.handed_back_reason].length).toBeLessThanOrEqual(300);
      expect(o.handed_back_reason.trim()).not.toBe('');
    }
  });
});
