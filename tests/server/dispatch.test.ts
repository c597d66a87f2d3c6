/**
 * Urgent work dispatching itself, on both stores with two instances checking and sending at once
 * and a real SMTP peer. By default an urgent lead goes to every on-call partner who covers it, up to
 * three at once (fairest first): the first to accept has it and the others are told it was taken; a
 * decline or a lapse frees a place for the next; the business is woken (its escalation ladder
 * started) once per lead: when nobody on call covers it, when every partner has declined or lapsed,
 * or two minutes after the request while the offers still run. The policy dispatch followed before
 * (one partner at a time for 15 minutes each, the business woken only when none is left) still
 * works when configured so. Every offer and every escalation once; a lead that is not urgent is
 * never sent by itself.
 *
 * Each test has its own store, partners and SMTP peer. Waits are read on the database's clock, as
 * in production; a test moves an offer's making (or a lead's arrival) back in the database rather
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
import { createDispatchRunners } from '../../server/outbox/dispatch-runner.ts';
import { oneAtATime, type DispatchPolicy } from '../../server/dispatch/dispatch-policy.ts';
import { createNoticeSenders } from '../../server/outbox/notice-emails.ts';
import { createMailer } from '../../server/outbox/mailer.ts';
import { addPartner } from '../../server/storage/partner-records.ts';
import type { PartnerRegion } from '../../core/partner/kinds.ts';
import { answerOffer } from '../../server/dispatch/offer-answers.ts';
import { offersOfLead } from '../../server/storage/offer-records.ts';
import { secretHash } from '../../server/security/secrets.ts';
import { answerWords } from '../../server/partners/partner-words.ts';
import { all, run } from '../../server/storage/steps.ts';
import { INBOX_ORIGIN } from '../support/inbox-session.ts';
import { parseMail, startSmtp, waitFor, type SmtpPeer } from '../support/peers.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

const log = pino({ level: 'silent' });
const MINUTE = 60_000;
/** The policy dispatch followed before: one partner at a time, 15 minutes each. */
const BEFORE_WAIT = 15 * MINUTE;
/** The default policy, as the server reads it from an empty configuration. */
const POLICY: DispatchPolicy = { ...DEFAULTS.dispatch };
const WAIT = POLICY.acceptWithinMs;

describe('the dispatch policy', () => {
  it('offers three on-call partners at once for 5 minutes each and wakes the business after 2 minutes by default', () => {
    expect(POLICY).toEqual({ acceptWithinMs: 5 * MINUTE, atOnce: 3, wakeAfterMs: 2 * MINUTE });
    const config = configSchema.parse({});
    expect([config.DISPATCH_ACCEPT_WITHIN, config.DISPATCH_AT_ONCE, config.DISPATCH_WAKE_AFTER]).toEqual([5 * MINUTE, 3, 2 * MINUTE]);
    const before = configSchema.parse({ DISPATCH_ACCEPT_WITHIN: '15m', DISPATCH_AT_ONCE: '1', DISPATCH_WAKE_AFTER: '0' });
    expect([before.DISPATCH_ACCEPT_WITHIN, before.DISPATCH_AT_ONCE, before.DISPATCH_WAKE_AFTER]).toEqual([15 * MINUTE, 1, 0]);
    expect(configSchema.safeParse({ DISPATCH_AT_ONCE: '4' }).success).toBe(false);
    expect(configSchema.safeParse({ DISPATCH_AT_ONCE: '0' }).success).toBe(false);
  });
});

describe.each(storeKinds)('urgent dispatch on %s', (kind) => {
  let t: TestStore;
  let smtp: SmtpPeer;
  let app: FastifyInstance;
  let instances: { store: TestStore['store']; scheduler: Scheduler; worker: OutboxWorker }[];

  /** Two instances on the one store, dispatching under `policy`. */
  function startInstances(policy: DispatchPolicy) {
    instances = [t.store, t.reopen()].map((store) => {
      const mailer = createMailer({ smtpUrl: smtp.url });
      const common = { store, mailer, from: 'website@example.nz', messageIdDomain: 'example.nz' };
      return {
        store,
        scheduler: new Scheduler({ store, log, intervalMs: MINUTE, urgentAfterMs: 30 * MINUTE, afterMs: 4 * 60 * MINUTE, dispatchPolicy: policy }),
        worker: new OutboxWorker({
          store,
          senders: {
            ...createNoticeSenders({ ...common, to: ['office@example.nz'], urgentTo: ['oncall@example.nz'], inboxOrigin: INBOX_ORIGIN }),
            ...createPartnerSenders({ ...common, replyTo: 'office@example.nz', publicOrigin: INBOX_ORIGIN }),
            ...createDispatchRunners(store, policy),
          },
          log,
          pollIntervalMs: 50,
          maxAttempts: 3,
        }),
      };
    });
  }

  beforeEach(async () => {
    t = await createTestStore(kind);
    smtp = await startSmtp();
    app = await buildApp({ store: t.store, leadPurposes: [], inbox: { publicOrigin: INBOX_ORIGIN } });
    startInstances(POLICY);
  });
  afterEach(async () => {
    await app.close();
    await smtp.close();
    await t.cleanup();
  });

  const partner = { phone: '', kind: 'technician' as const, industries: [], paused: false, sms: false, services: ['Repair' as const] };
  async function addPartners(extra: readonly (readonly [string, string, readonly PartnerRegion[], boolean])[] = []) {
    for (const [email, name, regions, on_call] of [
      ['alpha@x.nz', 'Alpha Cooling', ['Hamilton'], true],
      ['bravo@x.nz', 'Bravo Fridge', ['Hamilton', 'Tauranga'], true],
      ['daytime@x.nz', 'Daytime Only', ['Hamilton'], false],
      ['south@x.nz', 'Southern On Call', ['Dunedin'], true],
      ...extra,
    ] as const)
      await t.store.transact(() => addPartner({ ...partner, email, name, regions: [...regions], on_call }));
  }
  /** Two more on-call partners in Hamilton: four there in all. */
  const moreInHamilton = [
    ['charlie@x.nz', 'Charlie Chillers', ['Hamilton'], true],
    ['delta@x.nz', 'Delta Refrigeration', ['Hamilton'], true],
  ] as const;

  async function newLead(fields: Record<string, string>): Promise<string> {
    expect((await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody(fields) })).statusCode).toBe(200);
    return (await t.store.listLeads()).find((l) => l.contact_name === fields.contact_name)!.id;
  }
  /** Both instances check at the same moment, then both send (and run the dispatch jobs that are due). */
  async function both() {
    const results = await Promise.all(instances.map((i) => i.scheduler.dispatch()));
    await Promise.all(instances.map((i) => i.worker.runOnce()));
    return results;
  }
  /** Both instances' workers, until nothing more is due. */
  const send = () => Promise.all(instances.map((i) => i.worker.runOnce()));
  /** Time passes for a lead's offers: each made (and so ending) `ms` earlier, on the database's clock that dispatch reads. */
  const age = (lead: string, ms: number) =>
    t.store.transact(() => run('UPDATE partner_offers SET created_at = created_at - ?, expires_at = expires_at - ? WHERE lead_id = ?', ms, ms, lead));
  /** The dispatch jobs waiting for their moment are due now, as time passing would make them: the wake's (keyed by the lead) or the offers' accept-by. */
  const dueNow = (which: 'wake' | 'accept-by') =>
    t.store.transact(() =>
      run(
        `UPDATE outbox SET next_attempt_at = 0 WHERE purpose = 'dispatch-due' AND status = 'pending' AND ${which === 'wake' ? 'lead_id' : 'offer_id'} IS NOT NULL`,
      ),
    );
  /** Time passes for the lead itself: it arrived `ms` earlier. */
  async function arrivedEarlier(lead: string, ms: number) {
    const stored = (await t.store.getLead(lead))!;
    await t.store.transact(() => run('UPDATE leads SET created_at = ? WHERE id = ?', new Date(Date.parse(stored.created_at) - ms).toISOString(), lead));
  }
  const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));
  const subjectsTo = async (address: string) => (await Promise.all(mailsTo(address).map(async (m) => String((await parseMail(m)).subject)))).sort();
  /** Each offer of the lead and where it stands, by partner name (offers made in one moment have no order among them). */
  const states = async (lead: string) =>
    (await t.store.read(() => offersOfLead(lead))).map(({ offer, partner }) => `${partner.name}: ${offer.state}${offer.automatic ? '' : ' (by hand)'}`).sort();
  /** The escalations dispatch queued for a lead (its ladder started), with why, and whether a worker has run them. */
  const escalations = async (lead: string) =>
    (await t.store.listJobs(lead)).filter((j) => j.purpose === 'dispatch-escalate').map((j) => `${j.period}: ${j.status}`);
  const total = (results: { offered: number; escalated: number }[], key: 'offered' | 'escalated') => results.map((r) => r[key]).reduce((a, b) => a + b);
  /** The link token of the job offer e-mailed to `address`. */
  async function tokenOf(address: string): Promise<string> {
    const mail = await waitFor(() => mailsTo(address).find((m) => m.raw.includes('URGENT job offer')), { what: `the offer to ${address}` });
    return new URL(/https?:\/\/\S+/.exec(String((await parseMail(mail)).text))![0]).searchParams.get('t')!;
  }
  const OFFER = 'URGENT job offer: Repair in Hamilton';
  const ENDED = 'Job no longer available: Repair in Hamilton';

  it('does nothing while the business has no partners, and wakes it once when every partner is off call', async () => {
    const lead = await newLead({ contact_name: 'Before Partners' });
    expect(await both()).toEqual([
      { offered: 0, escalated: 0 },
      { offered: 0, escalated: 0 },
    ]);
    expect(await states(lead)).toEqual([]);
    expect(await escalations(lead)).toEqual([]);
    expect(smtp.messages).toHaveLength(0);

    // A partner who is off call tonight: the 2 a.m. request has nobody, and the business's people are
    // woken for it, once (and for the earlier request, which nobody has either).
    await t.store.transact(() => addPartner({ ...partner, email: 'daytime@x.nz', name: 'Daytime Only', regions: ['Hamilton'], on_call: false }));
    const night = await newLead({ contact_name: 'Off Call Cafe' });
    expect(total(await both(), 'escalated')).toBe(2);
    expect((await both()).map((r) => r.escalated + r.offered)).toEqual([0, 0]);
    expect(await states(night)).toEqual([]);
    for (const id of [lead, night]) expect(await escalations(id)).toEqual(['nobody_covers: done']);
  });

  it('offers an urgent job to every on-call partner who covers it at once, up to three; a decline frees a place; the first accept wins and the others are told', async () => {
    await addPartners(moreInHamilton);
    const lead = await newLead({ contact_name: 'Night Cafe' });
    const planned = await newLead({ contact_name: 'Planned Cafe', timeframe: 'Planning stage', site_type: 'New build' });

    // Both instances at once: three offers, not six, and the fourth Hamilton partner waits for a place.
    expect(total(await both(), 'offered')).toBe(3);
    expect(await states(lead)).toEqual(['Alpha Cooling: open', 'Bravo Fridge: open', 'Charlie Chillers: open']);
    expect(await states(planned)).toEqual([]);
    // Each offer's wait ends on time: a dispatch job is due at its accept-by.
    const due = await t.store.read(() => all("SELECT offer_id, next_attempt_at FROM outbox WHERE purpose = 'dispatch-due' AND offer_id IS NOT NULL"));
    for (const { offer } of await t.store.read(() => offersOfLead(lead)))
      expect(Math.abs(Number(due.find((d) => d.offer_id === offer.id)?.next_attempt_at) - offer.expires_at), 'due at the accept-by').toBeLessThan(1000);

    // Bravo declines: the place goes to Delta at once (the decline queues a dispatch job).
    const bravoToken = await tokenOf('bravo@x.nz');
    const declined = await t.store.transact(() => answerOffer(secretHash(bravoToken), { action: 'decline', reason: 'busy' }, answerWords));
    expect(declined.changed).toBe(true);
    await send();
    expect(await states(lead)).toEqual(['Alpha Cooling: open', 'Bravo Fridge: declined', 'Charlie Chillers: open', 'Delta Refrigeration: open']);

    // Charlie and Delta accept at the same moment, each through their own instance: one of them has the job.
    const [charlieToken, deltaToken] = await Promise.all([tokenOf('charlie@x.nz'), tokenOf('delta@x.nz')]);
    const accepts = await Promise.all([
      instances[0]!.store.transact(() => answerOffer(secretHash(charlieToken), { action: 'accept' }, answerWords)),
      instances[1]!.store.transact(() => answerOffer(secretHash(deltaToken), { action: 'accept' }, answerWords)),
    ]);
    expect(accepts.filter((a) => a.changed)).toHaveLength(1);
    const winner = accepts[0]!.changed ? 'Charlie Chillers' : 'Delta Refrigeration';
    const loser = accepts[0]!.changed ? 'delta@x.nz' : 'charlie@x.nz';
    expect((await states(lead)).filter((s) => s.endsWith('accepted'))).toEqual([`${winner}: accepted`]);
    // The wait passes and both instances look: the job stays with the winner, nobody is woken.
    await age(lead, WAIT);
    await arrivedEarlier(lead, WAIT);
    expect((await both()).map((r) => r.offered + r.escalated)).toEqual([0, 0]);
    expect(await escalations(lead)).toEqual([]);
    // Everyone still waiting was told, once, that another partner took it; Bravo, who declined, hears nothing more.
    await send();
    for (const address of ['alpha@x.nz', loser]) await waitFor(async () => (await subjectsTo(address)).includes(ENDED), { what: `${address} told` });
    for (const address of ['alpha@x.nz', loser]) expect(await subjectsTo(address)).toEqual([ENDED, OFFER]);
    const ended = await Promise.all(mailsTo('alpha@x.nz').map((m) => parseMail(m)));
    expect(ended.find((m) => m.subject === ENDED)?.text).toContain('Another partner took this job first');
    expect(await subjectsTo('bravo@x.nz')).toEqual([OFFER]);
    expect(mailsTo('daytime@x.nz')).toHaveLength(0);
    expect(mailsTo('south@x.nz')).toHaveLength(0);
  });

  it('wakes the business two minutes after the request while nobody has accepted, once, and the offers still run', async () => {
    await addPartners();
    const lead = await newLead({ contact_name: 'Silent Night Cafe' });
    await both();
    expect(await states(lead)).toEqual(['Alpha Cooling: open', 'Bravo Fridge: open']);
    // The moment to wake the business is a job due two minutes after the request.
    const [wake] = await t.store.read(() => all("SELECT next_attempt_at FROM outbox WHERE purpose = 'dispatch-due' AND lead_id = ?", lead));
    const arrived = Date.parse((await t.store.getLead(lead))!.created_at);
    expect(Math.abs(Number(wake?.next_attempt_at) - (arrived + POLICY.wakeAfterMs!))).toBeLessThan(1000);

    // A minute and a half in, nobody is woken however often both instances look.
    await arrivedEarlier(lead, 1.5 * MINUTE);
    await both();
    await both();
    expect(await escalations(lead)).toEqual([]);

    // Two minutes in, the job due then wakes the business (no scheduler's check needed), once, while both offers still wait.
    await arrivedEarlier(lead, 0.5 * MINUTE);
    await dueNow('wake');
    await send();
    await send();
    expect(await escalations(lead)).toEqual(['nobody_accepted: done']);
    expect(await states(lead)).toEqual(['Alpha Cooling: open', 'Bravo Fridge: open']);
    expect(total(await both(), 'escalated')).toBe(0);

    // Both lapse (the jobs due at their accept-by move them on) and nobody is left: no second wake for the same lead.
    await age(lead, WAIT);
    await dueNow('accept-by');
    await send();
    expect(await states(lead)).toEqual(['Alpha Cooling: withdrawn', 'Bravo Fridge: withdrawn']);
    expect(await escalations(lead)).toEqual(['nobody_accepted: done']);
    // Each was told their time ran out.
    expect(await subjectsTo('alpha@x.nz')).toEqual([ENDED, OFFER]);
  });

  it('wakes the business at once when every on-call partner has declined, and when nobody on call covers the lead', async () => {
    await addPartners();
    const lead = await newLead({ contact_name: 'Declined Cafe' });
    await both();
    for (const token of await Promise.all(['alpha@x.nz', 'bravo@x.nz'].map(tokenOf)))
      await t.store.transact(() => answerOffer(secretHash(token), { action: 'decline', reason: 'busy' }, answerWords));
    // The declines queue dispatch at once: well inside the two minutes, the business is woken.
    await send();
    await send();
    expect(await escalations(lead)).toEqual(['nobody_accepted: done']);
    expect(await states(lead)).toEqual(['Alpha Cooling: declined', 'Bravo Fridge: declined']);

    // Nobody on call covers Auckland: nothing is offered, and the business is woken once however often the instances look.
    const auckland = await newLead({ contact_name: 'Auckland Cafe', city: 'Auckland' });
    expect(total(await both(), 'escalated')).toBe(1);
    for (let i = 0; i < 3; i++) expect((await both()).map((r) => r.escalated + r.offered)).toEqual([0, 0]);
    expect(await states(auckland)).toEqual([]);
    expect(await escalations(auckland)).toEqual(['nobody_covers: done']);
  });

  it('can still offer one on-call partner at a time, the next after the wait, and wake the business only when none is left', async () => {
    startInstances(oneAtATime(BEFORE_WAIT));
    await addPartners();
    const lead = await newLead({ contact_name: 'One At A Time Cafe' });

    expect(total(await both(), 'offered')).toBe(1);
    expect(await states(lead)).toEqual(['Alpha Cooling: open']);
    await waitFor(() => mailsTo('alpha@x.nz').length === 1, { what: 'the offer to Alpha' });

    // Within the wait nothing moves, however often both instances look: here a minute before its end, half an hour after the request.
    await age(lead, BEFORE_WAIT - MINUTE);
    await arrivedEarlier(lead, 30 * MINUTE);
    await both();
    await both();
    expect(await states(lead)).toEqual(['Alpha Cooling: open']);
    expect(await escalations(lead)).toEqual([]);

    // The wait is over: the next on-call partner.
    await age(lead, MINUTE);
    await both();
    expect(await states(lead)).toEqual(['Alpha Cooling: withdrawn', 'Bravo Fridge: open']);
    await waitFor(() => mailsTo('bravo@x.nz').length === 1, { what: 'the offer to Bravo' });

    // Nobody on call is left (Daytime Only is not on call): the business is woken, once.
    await age(lead, BEFORE_WAIT);
    expect(total(await both(), 'escalated')).toBe(1);
    expect(await states(lead)).toEqual(['Alpha Cooling: withdrawn', 'Bravo Fridge: withdrawn']);
    await age(lead, BEFORE_WAIT);
    expect((await both()).map((r) => r.offered + r.escalated)).toEqual([0, 0]);
    await send();
    expect(await escalations(lead)).toEqual(['nobody_accepted: done']);
    // Each on-call partner: the offer once, then once that it ended (their time ran out).
    for (const address of ['alpha@x.nz', 'bravo@x.nz']) expect(await subjectsTo(address)).toEqual([ENDED, OFFER]);
    expect(mailsTo('daytime@x.nz')).toHaveLength(0);
    expect(mailsTo('south@x.nz')).toHaveLength(0);

    // The next job goes first to the partner offered one least recently (Alpha was offered before Bravo).
    const next = await newLead({ contact_name: 'Next Cafe' });
    await both();
    expect(await states(next)).toEqual(['Alpha Cooling: open']);
  });
});
