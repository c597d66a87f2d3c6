/**
 * Urgent work dispatching itself, on both stores with two instances checking and sending at once
 * and a real SMTP peer: an urgent lead goes to one on-call partner (fairest first), after the wait
 * to the next, and when none is left the business and the urgent address get one "Nobody has
 * accepted" e-mail; every offer and escalation once; a lead nobody on call covers gets no escalation. A job accepted stops the clock; a lead that
 * is not urgent is never sent by itself.
 *
 * Each test has its own store, partners and SMTP peer. The wait is the default 15 minutes on the
 * database's clock, as in production; a test moves an offer's making back in the database rather
 * than sleeping through the wait.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { configSchema, DEFAULTS } from '../../server/config.ts';
import { OutboxWorker } from '../../server/outbox/worker.ts';
import { Scheduler } from '../../server/outbox/scheduler.ts';
import { createPartnerSenders } from '../../server/outbox/partner-emails.ts';
import { createNoticeSenders } from '../../server/outbox/notice-emails.ts';
import { createMailer } from '../../server/outbox/mailer.ts';
import { addPartner } from '../../server/storage/partner-records.ts';
import { answerOffer } from '../../server/dispatch/partner-offers.ts';
import { offersOfLead } from '../../server/storage/offer-records.ts';
import { secretHash } from '../../server/security/secrets.ts';
import { answerWords } from '../../server/partners/partner-words.ts';
import { run } from '../../server/storage/steps.ts';
import { INBOX_ORIGIN } from '../support/inbox-session.ts';
import { parseMail, startSmtp, waitFor, type SmtpPeer } from '../support/peers.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

const log = pino({ level: 'silent' });
const MINUTE = 60_000;
/** How long an on-call partner has to accept: the default, read on the database's clock. */
const WAIT = DEFAULTS.dispatch.acceptWithinMs;

describe('the dispatch wait', () => {
  it('is 15 minutes by default', () => {
    expect(WAIT).toBe(15 * MINUTE);
    expect(configSchema.parse({}).DISPATCH_ACCEPT_WITHIN).toBe(15 * MINUTE);
    expect(configSchema.parse({ DISPATCH_ACCEPT_WITHIN: '5m' }).DISPATCH_ACCEPT_WITHIN).toBe(5 * MINUTE);
  });
});

describe.each(storeKinds)('urgent dispatch on %s', (kind) => {
  let t: TestStore;
  let smtp: SmtpPeer;
  let app: FastifyInstance;
  let instances: { scheduler: Scheduler; worker: OutboxWorker }[];

  beforeEach(async () => {
    t = await createTestStore(kind);
    smtp = await startSmtp();
    app = await buildApp({ store: t.store, leadPurposes: [], inbox: { publicOrigin: INBOX_ORIGIN } });
    instances = [t.store, t.reopen()].map((store) => {
      const mailer = createMailer({ smtpUrl: smtp.url });
      const common = { store, mailer, from: 'website@example.nz', messageIdDomain: 'example.nz' };
      return {
        scheduler: new Scheduler({ store, log, intervalMs: MINUTE, urgentAfterMs: 30 * MINUTE, afterMs: 4 * 60 * MINUTE, dispatchAcceptWithinMs: WAIT }),
        worker: new OutboxWorker({
          store,
          senders: {
            ...createNoticeSenders({ ...common, to: ['office@example.nz'], urgentTo: ['oncall@example.nz'], inboxOrigin: INBOX_ORIGIN }),
            ...createPartnerSenders({ ...common, replyTo: 'office@example.nz', publicOrigin: INBOX_ORIGIN }),
          },
          log,
          pollIntervalMs: 50,
          maxAttempts: 3,
        }),
      };
    });
  });
  afterEach(async () => {
    await app.close();
    await smtp.close();
    await t.cleanup();
  });

  async function addPartners() {
    const partner = { phone: '', kind: 'technician' as const, industries: [], paused: false, sms: false, services: ['Repair' as const] };
    for (const [email, name, regions, on_call] of [
      ['alpha@x.nz', 'Alpha Cooling', ['Hamilton'], true],
      ['bravo@x.nz', 'Bravo Fridge', ['Hamilton', 'Tauranga'], true],
      ['daytime@x.nz', 'Daytime Only', ['Hamilton'], false],
      ['south@x.nz', 'Southern On Call', ['Dunedin'], true],
    ] as const)
      await t.store.transact(() => addPartner({ ...partner, email, name, regions: [...regions], on_call }));
  }

  async function newLead(fields: Record<string, string>): Promise<string> {
    expect((await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody(fields) })).statusCode).toBe(200);
    return (await t.store.listLeads()).find((l) => l.contact_name === fields.contact_name)!.id;
  }
  /** Both instances check at the same moment, then both send. */
  async function both() {
    const results = await Promise.all(instances.map((i) => i.scheduler.dispatch()));
    await Promise.all(instances.map((i) => i.worker.runOnce()));
    return results;
  }
  /** Time passes for a lead's offers: each made (and so ending) `ms` earlier, on the database's clock that dispatch reads. */
  const age = (lead: string, ms: number) =>
    t.store.transact(() => run('UPDATE partner_offers SET created_at = created_at - ?, expires_at = expires_at - ? WHERE lead_id = ?', ms, ms, lead));
  const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));
  const escalations = () => smtp.messages.filter((m) => m.raw.includes('nobody has accepted the job'));
  const states = async (lead: string) =>
    (await t.store.read(() => offersOfLead(lead))).map(({ offer, partner }) => `${partner.name}: ${offer.state}${offer.automatic ? '' : ' (by hand)'}`);

  it('does nothing while the business has no on-call partner', async () => {
    const lead = await newLead({ contact_name: 'Before Partners' });
    expect(await both()).toEqual([
      { offered: 0, escalated: 0 },
      { offered: 0, escalated: 0 },
    ]);
    expect(await states(lead)).toEqual([]);
    expect(smtp.messages).toHaveLength(0);
  });

  it('offers an urgent job to one on-call partner at a time, then tells the business once that nobody accepted', async () => {
    await addPartners();
    const lead = await newLead({ contact_name: 'Night Cafe' });
    const planned = await newLead({ contact_name: 'Planned Cafe', timeframe: 'Planning stage', site_type: 'New build' });

    const first = await both();
    expect(first.map((r) => r.offered).reduce((a, b) => a + b)).toBe(1);
    expect(await states(lead)).toEqual(['Alpha Cooling: open']);
    expect(await states(planned)).toEqual([]);
    await waitFor(() => mailsTo('alpha@x.nz').length === 1, { what: 'the offer to Alpha' });

    // Within the wait nothing moves, however often both instances look: here a minute before its end.
    await age(lead, WAIT - MINUTE);
    await both();
    await both();
    expect(await states(lead)).toEqual(['Alpha Cooling: open']);

    // The wait is over: the next on-call partner.
    await age(lead, MINUTE);
    await both();
    expect(await states(lead)).toEqual(['Alpha Cooling: withdrawn', 'Bravo Fridge: open']);
    await waitFor(() => mailsTo('bravo@x.nz').length === 1, { what: 'the offer to Bravo' });

    // Nobody on call is left (Daytime Only is not on call): one e-mail to the business and the urgent address.
    await age(lead, WAIT);
    const last = await both();
    expect(last.map((r) => r.escalated).reduce((a, b) => a + b)).toBe(1);
    expect(await states(lead)).toEqual(['Alpha Cooling: withdrawn', 'Bravo Fridge: withdrawn']);
    // Looking again later changes nothing.
    await age(lead, WAIT);
    expect((await both()).map((r) => r.offered + r.escalated)).toEqual([0, 0]);
    const escalation = await waitFor(() => escalations()[0], { what: 'the escalation' });
    const parsed = await parseMail(escalation);
    expect(parsed.subject).toMatch(/^URGENT: nobody has accepted the job/);
    expect(escalation.raw).toMatch(/^X-Priority: 1/im);
    // Something to act on: when it arrived, by when someone must be there, and each partner tried with what came of it.
    expect(parsed.text).toMatch(/Arrived .+\nSomeone must be on site by /);
    expect(parsed.text).toContain('- Alpha Cooling: no answer in time');
    expect(parsed.text).toContain('- Bravo Fridge: no answer in time');
    expect(String(parsed.html)).toContain('href="tel:0215550101"');
    expect(escalation.to).toEqual(expect.arrayContaining(['office@example.nz', 'oncall@example.nz']));
    expect(parsed.text).toContain(`${INBOX_ORIGIN}/inbox/`);
    expect(parsed.text).toContain(lead);
    await Promise.all(instances.map((i) => i.worker.runOnce()));
    expect(escalations()).toHaveLength(1);
    // Each on-call partner: the offer once, then once that it ended (their time ran out).
    for (const address of ['alpha@x.nz', 'bravo@x.nz']) {
      const subjects = await Promise.all(mailsTo(address).map(async (m) => (await parseMail(m)).subject));
      expect(subjects.sort()).toEqual(['Job no longer available: Repair in Hamilton', 'URGENT job offer: Repair in Hamilton']);
    }
    expect(mailsTo('daytime@x.nz')).toHaveLength(0);
    expect(mailsTo('south@x.nz')).toHaveLength(0);
  });

  it('stops once a partner accepts, offers the next job to the partner offered one least recently, and escalates at once when nobody on call covers the lead', async () => {
    await addPartners();
    const lead = await newLead({ contact_name: 'Accepted Cafe' });
    await both();
    // Neither on-call partner was offered a job before: the first by name.
    expect(await states(lead)).toEqual(['Alpha Cooling: open']);
    const mail = await waitFor(() => mailsTo('alpha@x.nz')[0], { what: 'the offer to Alpha' });
    const token = new URL(/https?:\/\/\S+/.exec(String((await parseMail(mail)).text))![0]).searchParams.get('t')!;
    const accepted = await t.store.transact(() => answerOffer(secretHash(token), { action: 'accept' }, answerWords));
    expect(accepted.changed).toBe(true);
    // The wait passes: the accepted job stays with Alpha.
    await age(lead, WAIT);
    expect((await both()).map((r) => r.offered + r.escalated)).toEqual([0, 0]);
    expect(await states(lead)).toEqual(['Alpha Cooling: accepted']);

    // Alpha was offered a job more recently than Bravo: the fairest goes first, not the first by name.
    const next = await newLead({ contact_name: 'Next Cafe' });
    await both();
    expect(await states(next)).toEqual(['Bravo Fridge: open']);
    await waitFor(() => mailsTo('bravo@x.nz').length === 1, { what: 'the offer to Bravo' });

    // Nobody on call covers Auckland: nothing is offered, and no "nobody has accepted" follows the
    // lead's own urgent e-mail (which says so) however often the instances look.
    const auckland = await newLead({ contact_name: 'Auckland Cafe', city: 'Auckland' });
    for (let i = 0; i < 3; i++) expect((await both()).map((r) => r.escalated + r.offered)).toEqual([0, 0]);
    expect(await states(auckland)).toEqual([]);
    const jobs = await t.store.listJobs(auckland);
    expect(jobs.filter((j) => j.purpose === 'unaccepted')).toEqual([]);
  });
});
