/**
 * The customer told by text, end to end on both stores with two instances sharing the database, a
 * real SMTP peer and the local stand-in for Twilio: when the on-call partner takes the urgent job
 * the customer gets one text naming them, their number and the on-site-by time; "On my way" brings
 * one more, and a hand back one saying they can no longer come; someone of the business who
 * acknowledges is named by first name with the 24/7 line; a customer's STOP is honoured (nothing more is texted) and any other reply lands on the
 * lead's timeline; and 30 minutes after a request nobody committed to, one honest text and one
 * e-mail with the 24/7 line go out, while a request a partner took gets neither. Every text is at
 * most two parts and holds no link.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Scheduler } from '../../server/outbox/scheduler.ts';
import { textCustomers } from '../../server/dispatch/customer-updates.ts';
import { acknowledgeLadder, startLadder } from '../../server/dispatch/ladder.ts';
import { createUser } from '../../server/storage/sign-in-data.ts';
import { leadEvents } from '../../server/storage/lead-work.ts';
import { all } from '../../server/storage/steps.ts';
import { SMS_INBOUND_PATH } from '../../server/sms/sms-paths.ts';
import { textParts } from '../../server/sms/segments.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { addHamiltonTechnician } from '../support/partners.ts';
import { parseMail, waitFor, type SmtpPeer } from '../support/peers.ts';
import { signedTwilioPost, type FakeTwilio } from '../support/fake-twilio.ts';
import { formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';
import { startTextRig, type TextRig, silentLog } from '../support/text-rig.ts';

const SID = `AC${'2e'.repeat(16)}`;
const TOKEN = 'test-auth-token-customer-0123456789';
const FROM = '+6498870000';
const ANA = { phone: '021 555 0202', e164: '+64215550202' };
const CUSTOMER = { phone: '027 444 1234', e164: '+64274441234' };
const MINUTE = 60_000;

describe.each(storeKinds)('the customer told by text on %s', (kind) => {
  let t: TestStore;
  let smtp: SmtpPeer;
  let twilio: FakeTwilio;
  let origin: string;
  let apps: FastifyInstance[];
  let stores: LeadStore[];

  let rig: TextRig;

  beforeEach(async () => {
    rig = await startTextRig(kind, { accountSid: SID, authToken: TOKEN, from: FROM });
    ({ t, smtp, twilio, origin, apps, stores } = rig);
  });
  afterEach(async () => {
    textCustomers(false);
    await rig.close();
  });

  async function urgentLead(fields: Record<string, string> = {}): Promise<string> {
    const res = await apps[1]!.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ phone: CUSTOMER.phone, ...fields }) });
    expect(res.statusCode).toBe(200);
    return (await t.store.listLeads()).at(-1)!.id;
  }
  const reply = (from: string, body: string) =>
    signedTwilioPost(
      `${origin}${SMS_INBOUND_PATH}`,
      { MessageSid: `SM${crypto.randomUUID().replaceAll('-', '')}`, AccountSid: SID, From: from, To: FROM, Body: body },
      TOKEN,
    );
  const textsTo = (to: string) => twilio.messages.filter((m) => m.to === to);
  const jobs = (lead: string, purpose: string) =>
    t.store.read(() => all('SELECT status, transport FROM outbox WHERE lead_id = ? AND purpose = ?', lead, purpose)) as Promise<{ status: string }[]>;
  /** Waits until every job of the lead of `purpose` is done, then a little longer would change nothing: the outbox holds it once. */
  const sent = (lead: string, purpose: string) =>
    waitFor(
      async () => {
        const j = await jobs(lead, purpose);
        return j.length === 1 && j[0]!.status === 'done';
      },
      { what: `${purpose} done` },
    );
  const expectCustomerText = (body: string) => {
    expect(textParts(body).segments).toBeLessThanOrEqual(2);
    expect(body).not.toMatch(/https?:|www\./);
  };
  /** The job page link of the offer texted to Ana. */
  const anaLink = async () => {
    const [offer] = await twilio.waitForMessages(1);
    return new URL(/http\S+/.exec(offer!.body)![0]);
  };
  const press = (link: URL, fields: Record<string, string>, app = 1) =>
    apps[app]!.inject({
      method: 'POST',
      url: link.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({ t: link.searchParams.get('t')!, ...fields }).toString(),
    });

  it('tells the customer once who has taken the job, their number and when, then that they are on the way', async () => {
    await addHamiltonTechnician(t.store, 'Ana Cooling', 'ana@x.nz', { phone: ANA.phone, sms: true });
    const lead = await urgentLead();
    const link = await anaLink();
    // Accepted on the page and by text at once, through both instances: one customer text.
    await Promise.all([press(link, { action: 'accept' }, 0), reply(ANA.e164, 'yep on my way')]);
    await sent(lead, 'customer-committed');
    const [who] = textsTo(CUSTOMER.e164);
    expect(textsTo(CUSTOMER.e164)).toHaveLength(1);
    expect(who!.from).toBe(FROM);
    expect(who!.body).toMatch(
      /^Commercial Refrigeration NZ: Ana Cooling has taken your urgent job and is due on site by \w{3} \d{1,2}:\d{2} [ap]m\. Their number: 021 555 0202\. Anything else, call us 24\/7 on 0800 374 343\. Reply STOP to stop these texts\.$/,
    );
    expectCustomerText(who!.body);

    await Promise.all([press(link, { action: 'on_my_way', minutes: '30' }, 0), press(link, { action: 'on_my_way', minutes: '30' }, 1)]);
    await sent(lead, 'customer-on-way');
    const onWay = textsTo(CUSTOMER.e164);
    expect(onWay).toHaveLength(2);
    expect(onWay[1]!.body).toMatch(/^Commercial Refrigeration NZ: Ana Cooling is on the way to you and expects to arrive by .+\. Their number: 021 555 0202\./);
    expectCustomerText(onWay[1]!.body);
    // Each text is on the lead's timeline, as sent.
    const events = (await t.store.read(() => leadEvents(lead))).map((e) => e.text);
    expect(events.filter((e) => e.startsWith('Text to the customer: '))).toHaveLength(2);
  });

  it('tells a customer told who was coming that they can no longer come, once, when the partner hands the job back', async () => {
    await addHamiltonTechnician(t.store, 'Ana Cooling', 'ana@x.nz', { phone: ANA.phone, sms: true });
    const lead = await urgentLead();
    const link = await anaLink();
    await press(link, { action: 'accept' });
    await sent(lead, 'customer-committed');
    await Promise.all([press(link, { action: 'hand_back', reason: 'Van broke down' }, 0), press(link, { action: 'hand_back', reason: 'Van broke down' }, 1)]);
    await sent(lead, 'customer-handed-back');
    const told = textsTo(CUSTOMER.e164);
    expect(told).toHaveLength(2);
    expect(told[1]!.body).toBe(
      'Commercial Refrigeration NZ: sorry, Ana Cooling can no longer come to your job. We are looking for someone else now. To talk to us, call 24/7 on 0800 374 343. Reply STOP to stop these texts.',
    );
    expectCustomerText(told[1]!.body);
  });

  it('names the person who acknowledged for the business, with the 24/7 line, and then tells nobody "nobody yet"', async () => {
    // Nobody on call covers it: the ladder wakes the business, and Hannah says she has it.
    const lead = await urgentLead();
    const hannah = (await t.store.transact(() => createUser('hannah.lee@example.nz', 'owner')))!;
    await t.store.transact(() => startLadder(lead, 'nobody_covers'));
    const [first, second] = await Promise.all(stores.map((store) => store.transact(() => acknowledgeLadder(lead, hannah.id, 'inbox'))));
    expect([first!.kind, second!.kind].sort()).toEqual(['acknowledged', 'already']);
    await sent(lead, 'customer-committed');
    const [text] = textsTo(CUSTOMER.e164);
    expect(textsTo(CUSTOMER.e164)).toHaveLength(1);
    expect(text!.body).toMatch(
      /^Commercial Refrigeration NZ: Hannah from our team has your urgent job and will be in touch\. We aim to have someone on site by .+\. Call us 24\/7 on 0800 374 343\. Reply STOP to stop these texts\.$/,
    );
    expectCustomerText(text!.body);
    await new Scheduler({
      store: stores[0]!,
      log: silentLog,
      intervalMs: 60_000,
      urgentAfterMs: 30 * MINUTE,
      afterMs: 240 * MINUTE,
      dispatchPolicy: 15 * MINUTE,
    }).runOnce(new Date(Date.now() + 40 * MINUTE));
    expect(await jobs(lead, 'customer-nobody')).toEqual([]);
    expect(await jobs(lead, 'customer-nobody-email')).toEqual([]);
  });

  it('honours the customer’s STOP, and puts any other reply on the lead’s timeline', async () => {
    await addHamiltonTechnician(t.store, 'Ana Cooling', 'ana@x.nz', { phone: ANA.phone, sms: true });
    const lead = await urgentLead();
    const link = await anaLink();
    await press(link, { action: 'accept' });
    await sent(lead, 'customer-committed');

    const asked = await reply('027-444-1234', 'Is she close? The freezer is at minus 2 now');
    expect(await asked.text()).toContain('passed your message on');
    expect((await t.store.read(() => leadEvents(lead))).map((e) => e.text)).toContain(
      'Reply by text from the customer: Is she close? The freezer is at minus 2 now',
    );

    expect((await reply(CUSTOMER.e164, 'STOP')).status).toBe(200);
    await press(link, { action: 'on_my_way', minutes: '15' });
    // Nothing is queued for a number that said STOP, and nothing reached it.
    expect(await jobs(lead, 'customer-on-way')).toEqual([]);
    expect(textsTo(CUSTOMER.e164)).toHaveLength(1);

    // START turns them on again for what comes next.
    expect(await (await reply(CUSTOMER.e164, 'START')).text()).toContain('texts about your job are on again');
  });

  it('30 minutes on, tells a customer nobody committed to the truth by text and e-mail, and leaves alone one a partner took', async () => {
    await addHamiltonTechnician(t.store, 'Ana Cooling', 'ana@x.nz', { phone: ANA.phone, sms: true });
    const waiting = await urgentLead({ work_email: 'waiting@kaicafe.co.nz' });
    const link = await anaLink();
    const taken = await urgentLead({ work_email: 'taken@kaicafe.co.nz', phone: '027 444 9999' });
    await twilio.waitForMessages(2);
    // Ana takes the second job only (its link is the second offer text's).
    const second = new URL(/http\S+/.exec(twilio.messages.filter((m) => m.to === ANA.e164)[1]!.body)![0]);
    expect(second.toString()).not.toBe(link.toString());
    await press(second, { action: 'accept' });

    const scheduler = (store: LeadStore) =>
      new Scheduler({ store, log: silentLog, intervalMs: 60_000, urgentAfterMs: 30 * MINUTE, afterMs: 240 * MINUTE, dispatchPolicy: 15 * MINUTE });
    const at = new Date(Date.now() + 31 * MINUTE);
    // Too early: nothing.
    await scheduler(stores[0]!).runOnce(new Date(Date.now() + 20 * MINUTE));
    expect(await jobs(waiting, 'customer-nobody')).toEqual([]);
    // Both instances check at once: one text, one e-mail.
    await Promise.all(stores.map((store) => scheduler(store).runOnce(at)));
    await sent(waiting, 'customer-nobody');
    await sent(waiting, 'customer-nobody-email');
    const [text] = textsTo(CUSTOMER.e164);
    expect(textsTo(CUSTOMER.e164)).toHaveLength(1);
    expect(text!.body).toBe(
      'Commercial Refrigeration NZ: sorry, we have not yet found a technician for your urgent job. We are still trying. To talk to someone now, call us 24/7 on 0800 374 343. Reply STOP to stop these texts.',
    );
    expectCustomerText(text!.body);
    await waitFor(() => smtp.messages.some((m) => m.to.includes('waiting@kaicafe.co.nz')), { what: 'the honest e-mail' });
    const mail = await parseMail(smtp.messages.find((m) => m.to.includes('waiting@kaicafe.co.nz'))!);
    expect(mail.subject).toBe('We are still finding a technician – Commercial Refrigeration NZ');
    expect(mail.text!.replace(/\u00a0/g, ' ')).toContain('Call 0800 FRIDGE (0800 374 343), 24/7.');
    expect(mail.text).not.toMatch(/within \d|will call you/);
    // The request Ana took: neither.
    expect(await jobs(taken, 'customer-nobody')).toEqual([]);
    expect(await jobs(taken, 'customer-nobody-email')).toEqual([]);
    expect(smtp.messages.some((m) => m.to.includes('taken@kaicafe.co.nz') && m.raw.includes('still finding'))).toBe(false);
  });
});
