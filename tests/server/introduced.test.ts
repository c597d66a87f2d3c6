/**
 * The customer told which partner will contact them, on both stores with two outbox workers and a
 * real SMTP peer: with acknowledgements on, a partner's "Accept job" sends the customer one e-mail
 * naming the partner (whichever worker claims it, however often they run); a decline sends nothing;
 * with acknowledgements off, accepting sends the customer nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { OutboxWorker } from '../../server/outbox/worker.ts';
import { createPartnerSenders } from '../../server/outbox/partner-emails.ts';
import { createAcknowledgementSender } from '../../server/outbox/acknowledgement.ts';
import { createMailer } from '../../server/outbox/mailer.ts';
import { addPartner } from '../../server/storage/partner-records.ts';
import { makeOffer } from '../../server/dispatch/partner-offers.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { INBOX_ORIGIN } from '../support/inbox-session.ts';
import { aboutLeads } from '../support/workers.ts';
import { parseMail, startSmtp, waitFor, type SmtpPeer } from '../support/peers.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

const log = pino({ level: 'silent' });
const CUSTOMER = 'mere@kaicafe.co.nz';

describe.each(storeKinds)('the customer told who will contact them, on %s', (kind) => {
  let t: TestStore;
  let other: LeadStore;
  let smtp: SmtpPeer;
  const apps: FastifyInstance[] = [];
  let workers: OutboxWorker[];
  const partnerIds: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestStore(kind);
    other = t.reopen();
    smtp = await startSmtp();
    workers = [t.store, other].map((store) => {
      const mailer = createMailer({ smtpUrl: smtp.url });
      return new OutboxWorker({
        store,
        senders: {
          ...aboutLeads(store, {
            acknowledgement: createAcknowledgementSender({
              mailer,
              from: 'website@example.nz',
              replyTo: 'office@example.nz',
              messageIdDomain: 'example.nz',
            }),
          }),
          ...createPartnerSenders({
            store,
            mailer,
            from: 'website@example.nz',
            replyTo: 'office@example.nz',
            publicOrigin: INBOX_ORIGIN,
            messageIdDomain: 'example.nz',
          }),
        },
        log,
        pollIntervalMs: 50,
        maxAttempts: 3,
      });
    });
    for (const [key, name, phone] of [
      ['ana', 'Ana Cooling', '07 555 0199'],
      ['ben', 'Ben Fridge Co', ''],
      ['cam', 'Cam Chillers', ''],
    ] as const) {
      const partner = await t.store.transact(() =>
        addPartner({
          name,
          email: `${key}@x.nz`,
          phone,
          kind: 'technician',
          regions: ['Hamilton'],
          services: ['Repair'],
          industries: [],
          on_call: false,
          paused: false,
          sms: false,
        }),
      );
      partnerIds[key] = partner!.id;
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await smtp.close();
    await other.close();
    await t.cleanup();
  });

  async function appWith(ack: boolean): Promise<FastifyInstance> {
    const app = await buildApp({ store: t.store, leadPurposes: ack ? ['acknowledgement'] : [], inbox: { publicOrigin: INBOX_ORIGIN } });
    apps.push(app);
    return app;
  }

  /** A lead from the form, offered to the partner; the token of their offer's link. */
  async function offered(app: FastifyInstance, contactName: string, partner: string): Promise<string> {
    const posted = await app.inject({
      method: 'POST',
      url: '/',
      headers: JSON_ACCEPT,
      payload: formBody({ contact_name: contactName, city: 'Hamilton', service_type: 'Repair', timeframe: '1–2 weeks' }),
    });
    expect(posted.statusCode).toBe(200);
    const lead = (await t.store.listLeads()).find((l) => l.contact_name === contactName)!.id;
    const made = await t.store.transact(() => makeOffer(lead, partnerIds[partner]!, 'owner@example.nz', () => 'offered'));
    expect(made.ok).toBe(true);
    await Promise.all(workers.map((w) => w.runOnce()));
    const mail = await parseMail(await waitFor(() => smtp.messages.find((m) => m.to.includes(`${partner}@x.nz`)), { what: `the offer to ${partner}` }));
    return new URL(String(mail.text).match(/https?:\/\/\S+/)![0]).searchParams.get('t')!;
  }

  const answer = (app: FastifyInstance, token: string, action: string, reason = '') =>
    app.inject({
      method: 'POST',
      url: '/partner/offer',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: INBOX_ORIGIN, 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({ t: token, action, reason }).toString(),
    });

  // Every lead here comes from the same customer address; the partner's name is in the body.
  const introductions = () => smtp.messages.filter((m) => m.to.includes(CUSTOMER) && m.raw.includes('<introduced-'));

  it('e-mails the customer once, naming the partner who accepted, and nothing for a decline', async () => {
    const app = await appWith(true);
    const declined = await offered(app, 'Declined Customer', 'ben');
    expect((await answer(app, declined, 'decline', 'Too busy')).statusCode).toBe(200);
    const token = await offered(app, 'Accepted Customer', 'ana');
    expect((await answer(app, token, 'accept')).body).toContain('Accepted Customer');
    // Accepting again changes nothing and queues nothing.
    await answer(app, token, 'accept');
    for (let round = 0; round < 3; round++) await Promise.all(workers.map((w) => w.runOnce()));
    const mail = await parseMail(await waitFor(() => introductions()[0], { what: 'the e-mail naming the partner' }));
    expect(mail.subject).toMatch(/^Ana Cooling will contact you – /);
    expect(mail.text).toContain('Ana Cooling, one of the suppliers and technicians');
    expect(mail.text).toContain('Call them: 07 555 0199');
    expect(mail.html).toContain('href="tel:075550199"');
    expect(mail.text).toContain('to Ana Cooling for this job, and to no one else');
    expect(mail.messageId).toMatch(/^<introduced-/);
    expect(mail.to && 'value' in mail.to ? mail.to.value.map((a) => a.address) : []).toEqual([CUSTOMER]);
    expect(introductions()).toHaveLength(1);
  });

  it('tells the customer nothing of the partner when acknowledgements are off', async () => {
    const app = await appWith(false);
    const token = await offered(app, 'Quiet Customer', 'cam');
    expect((await answer(app, token, 'accept')).statusCode).toBe(200);
    for (let round = 0; round < 3; round++) await Promise.all(workers.map((w) => w.runOnce()));
    await waitFor(() => smtp.messages.filter((m) => m.to.includes('cam@x.nz')).length === 2, { what: 'the details to Cam' });
    expect(introductions()).toHaveLength(1);
  });
});
