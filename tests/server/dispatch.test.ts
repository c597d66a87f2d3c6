/**
 * Urgent work dispatching itself, on both stores with two instances checking and sending at once
 * and a real SMTP peer: an urgent lead goes to one on-call partner (fairest first), after the wait
 * to the next, and when none is left the business and the urgent address get one "Nobody has
 * accepted" e-mail; every offer and escalation once. A job accepted stops the clock; a lead that
 * is not urgent is never sent by itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { configSchema, DEFAULTS } from '../../server/config.ts';
import { OutboxWorker } from '../../server/outbox/worker.ts';
import { NoticeScheduler } from '../../server/outbox/scheduler.ts';
import { createPartnerSenders } from '../../server/outbox/partner-emails.ts';
import { createNoticeSenders } from '../../server/outbox/notice-emails.ts';
import { mailTransport } from '../../server/outbox/email.ts';
import { addPartner } from '../../server/storage/partner-records.ts';
import { answerOffer, offersOfLead } from '../../server/storage/partner-offers.ts';
import { secretHash } from '../../server/inbox/secrets.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { run } from '../../server/storage/steps.ts';
import { INBOX_ORIGIN } from '../support/inbox-session.ts';
import { parseMail, startSmtp, waitFor, type SmtpPeer } from '../support/peers.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

const log = pino({ level: 'silent' });
const MINUTE = 60_000;
/** The wait in these tests: short, on the database's clock as in production. */
const WAIT = 600;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(storeKinds)('urgent dispatch on %s', (kind) => {
  let t: TestStore;
  let other: LeadStore;
  let smtp: SmtpPeer;
  let app: FastifyInstance;
  let instances: { scheduler: NoticeScheduler; worker: OutboxWorker }[];

  beforeAll(async () => {
    t = await createTestStore(kind);
    other = t.reopen();
    smtp = await startSmtp();
    app = await buildApp({ store: t.store, channels: [], inbox: { publicOrigin: INBOX_ORIGIN } });
    instances = [t.store, other].map((store) => {
      const transport = mailTransport(smtp.url);
      const common = { store, transport, from: 'website@example.nz', messageIdDomain: 'example.nz' };
      return {
        scheduler: new NoticeScheduler({ store, log, intervalMs: MINUTE, urgentAfterMs: 30 * MINUTE, afterMs: 4 * 60 * MINUTE, dispatchAcceptWithinMs: WAIT }),
        worker: new OutboxWorker({
          store,
          senders: {},
          notices: {
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
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await t.cleanup();
  });

  async function addPartners() {
    const partner = { phone: '', kind: 'technician' as const, industries: [], paused: false, services: ['Repair' as const] };
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
  const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));
  const states = async (lead: string) =>
    (await t.store.read(() => offersOfLead(lead))).map(
      ({ offer, partner }) => `${partner.name}: ${offer.state}${offer.offered_by === null ? '' : ' (by hand)'}`,
    );

  it('waits 15 minutes by default', () => {
    expect(DEFAULTS.dispatch.acceptWithinMs).toBe(15 * MINUTE);
    expect(configSchema.parse({}).DISPATCH_ACCEPT_WITHIN).toBe(15 * MINUTE);
    expect(configSchema.parse({ DISPATCH_ACCEPT_WITHIN: '5m' }).DISPATCH_ACCEPT_WITHIN).toBe(5 * MINUTE);
  });

  it('does nothing while the business has no on-call partner', async () => {
    const lead = await newLead({ contact_name: 'Before Partners' });
    expect(await both()).toEqual([
      { offered: 0, escalated: 0 },
      { offered: 0, escalated: 0 },
    ]);
    expect(await states(lead)).toEqual([]);
    expect(smtp.messages).toHaveLength(0);
    // Closed, so the checks below see only their own leads.
    await t.store.transact(() => run("UPDATE leads SET status = 'won' WHERE id = ?", lead));
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

    // Within the wait nothing moves, however often both instances look.
    await both();
    await both();
    expect(await states(lead)).toEqual(['Alpha Cooling: open']);

    await sleep(WAIT + 50);
    await both();
    expect(await states(lead)).toEqual(['Alpha Cooling: withdrawn', 'Bravo Fridge: open']);
    await waitFor(() => mailsTo('bravo@x.nz').length === 1, { what: 'the offer to Bravo' });

    // Nobody on call is left (Daytime Only is not on call): one e-mail to the business and the urgent address.
    await sleep(WAIT + 50);
    const last = await both();
    expect(last.map((r) => r.escalated).reduce((a, b) => a + b)).toBe(1);
    expect(await states(lead)).toEqual(['Alpha Cooling: withdrawn', 'Bravo Fridge: withdrawn']);
    await sleep(WAIT + 50);
    await both();
    const escalation = await waitFor(() => smtp.messages.find((m) => m.raw.includes('Nobody has accepted')), { what: 'the escalation' });
    const parsed = await parseMail(escalation);
    expect(parsed.subject).toMatch(/^Nobody has accepted/);
    expect(escalation.to).toEqual(expect.arrayContaining(['office@example.nz', 'oncall@example.nz']));
    expect(parsed.text).toContain(`${INBOX_ORIGIN}/inbox/`);
    expect(parsed.text).toContain(lead);
    await Promise.all(instances.map((i) => i.worker.runOnce()));
    expect(smtp.messages.filter((m) => m.raw.includes('Nobody has accepted'))).toHaveLength(1);
    expect(mailsTo('alpha@x.nz')).toHaveLength(1);
    expect(mailsTo('bravo@x.nz')).toHaveLength(1);
    expect(mailsTo('daytime@x.nz')).toHaveLength(0);
    expect(mailsTo('south@x.nz')).toHaveLength(0);
  });

  it('stops once a partner accepts, and escalates at once when nobody on call covers the lead', async () => {
    const lead = await newLead({ contact_name: 'Accepted Cafe' });
    await both();
    // Alpha was offered a job less recently than Bravo: the fairest goes first.
    expect(await states(lead)).toEqual(['Alpha Cooling: open']);
    await waitFor(() => mailsTo('alpha@x.nz').length === 2, { what: 'the second offer to Alpha' });
    const mail = mailsTo('alpha@x.nz').at(-1)!;
    const token = new URL(/https?:\/\/\S+/.exec(String((await parseMail(mail)).text))![0]).searchParams.get('t')!;
    const accepted = await t.store.transact(() => answerOffer(secretHash(token), { action: 'accept' }, (p) => `${p.name} accepted the job`));
    expect(accepted.changed).toBe(true);
    await sleep(WAIT + 50);
    await both();
    expect(await states(lead)).toEqual(['Alpha Cooling: accepted']);

    const before = smtp.messages.length;
    const auckland = await newLead({ contact_name: 'Auckland Cafe', city: 'Auckland' });
    const done = await both();
    expect(done.map((r) => r.escalated).reduce((a, b) => a + b)).toBe(1);
    expect(await states(auckland)).toEqual([]);
    await waitFor(() => smtp.messages.length > before, { what: 'the escalation for Auckland' });
    expect(smtp.messages.slice(before).filter((m) => m.raw.includes('Nobody has accepted'))).toHaveLength(1);
  });
});
