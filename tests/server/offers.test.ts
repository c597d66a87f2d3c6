/**
 * Offering a lead to partners on both stores, with two outbox workers and a real SMTP peer: the
 * lead suggests the partners who cover it; "Offer to NAME" e-mails that partner once, without the
 * customer's name, e-mail or phone, with one link; the partner page shows nothing before
 * "Continue", shows the job then, and the customer only once accepted (recorded in the audit log);
 * the first accept wins when two instances answer at once; a tampered, declined, taken or deleted
 * lead's link shows nothing of the customer; a post from another site changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { OutboxWorker } from '../../server/outbox/worker.ts';
import { createPartnerSenders } from '../../server/outbox/partner-emails.ts';
import { createMailer } from '../../server/outbox/mailer.ts';
import { addPartner } from '../../server/storage/partner-records.ts';
import { answerOffer } from '../../server/dispatch/offer-answers.ts';
import { auditEntries } from '../../server/storage/audit-log.ts';
import { secretHash } from '../../server/security/secrets.ts';
import { answerWords } from '../../server/partners/partner-words.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { inboxSession, INBOX_ORIGIN } from '../support/inbox-session.ts';
import { parseMail, startSmtp, waitFor, type SmtpPeer } from '../support/peers.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

const log = pino({ level: 'silent' });
const technician = { phone: '', kind: 'technician' as const, industries: [], on_call: true, sms: false };

describe.each(storeKinds)('offers to partners on %s', (kind) => {
  let t: TestStore;
  let other: LeadStore;
  let smtp: SmtpPeer;
  let app: FastifyInstance;
  let workers: OutboxWorker[];
  const session = inboxSession(
    () => app,
    () => t.store,
  );

  beforeAll(async () => {
    t = await createTestStore(kind);
    other = t.reopen();
    smtp = await startSmtp();
    app = await buildApp({ store: t.store, leadPurposes: [], inbox: { publicOrigin: INBOX_ORIGIN } });
    workers = [t.store, other].map(
      (store) =>
        new OutboxWorker({
          store,
          senders: createPartnerSenders({
            store,
            mailer: createMailer({ smtpUrl: smtp.url }),
            from: 'website@example.nz',
            replyTo: 'office@example.nz',
            publicOrigin: INBOX_ORIGIN,
            messageIdDomain: 'example.nz',
          }),
          log,
          pollIntervalMs: 50,
          maxAttempts: 3,
        }),
    );
    for (const [email, name, regions, services, paused] of [
      ['dunedin@x.nz', 'Otago Chill', ['Dunedin'], ['Installation'], false],
      ['dunedin-paused@x.nz', 'Paused Partner', ['Dunedin'], ['Installation'], true],
      ['hamilton@x.nz', 'Waikato Cooling', ['Hamilton'], ['Installation', 'Repair'], false],
      ['dunedin-repair@x.nz', 'Southern Repairs', ['Dunedin'], ['Repair'], false],
      ['dunedin-2@x.nz', 'Second Dunedin', ['Dunedin', 'Regional'], ['Installation'], false],
    ] as const)
      await t.store.transact(() => addPartner({ ...technician, email, name, regions: [...regions], services: [...services], paused }));
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await t.cleanup();
  });

  async function newLead(fields: Record<string, string>): Promise<string> {
    expect((await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody(fields) })).statusCode).toBe(200);
    return (await t.store.listLeads()).find((l) => l.contact_name === fields.contact_name)!.id;
  }

  /** Both workers send at once; the offer e-mail to `to`, once it arrives. */
  async function offerMailTo(to: string) {
    await Promise.all(workers.map((w) => w.runOnce()));
    const raw = await waitFor(() => smtp.messages.find((m) => m.to.includes(to)), { what: `an e-mail to ${to}` });
    return parseMail(raw);
  }

  const page = (method: 'GET' | 'POST', payload?: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url: method === 'GET' ? `/partner/offer?t=${payload?.t ?? ''}` : '/partner/offer',
      headers:
        method === 'POST'
          ? { 'content-type': 'application/x-www-form-urlencoded', origin: INBOX_ORIGIN, 'sec-fetch-site': 'same-origin', ...headers }
          : headers,
      ...(method === 'POST' ? { payload: new URLSearchParams(payload).toString() } : {}),
    });

  it('suggests the matching partners, offers a planned Dunedin installation once, and shows its decline', async () => {
    const lead = await newLead({
      contact_name: 'Dunedin Planner',
      city: 'Dunedin',
      service_type: 'Installation',
      site_type: 'New build',
      timeframe: '30–60 days',
      path: '/dunedin',
    });
    const staff = await session.signedIn(`staff-${kind}@example.nz`, 'staff');
    const partners = (await session.call(staff, 'GET', `/leads/${lead}/partners`)).json();
    // Paused and out-of-region or out-of-service partners are left out; each says why it matches.
    expect(partners.suggestions.map((s: { name: string }) => s.name)).toEqual(['Otago Chill', 'Second Dunedin']);
    expect(partners.suggestions[0].why).toBe('Covers Dunedin and does Installation');
    const otago = partners.suggestions[0].partner_id;

    const offered = await session.call(staff, 'POST', `/leads/${lead}/offers`, { partner_id: otago });
    expect(offered.statusCode).toBe(201);
    expect((await session.call(staff, 'POST', `/leads/${lead}/offers`, { partner_id: otago })).statusCode).toBe(409);
    const mail = await offerMailTo('dunedin@x.nz');
    await Promise.all(workers.map((w) => w.runOnce()));
    expect(smtp.messages.filter((m) => m.to.includes('dunedin@x.nz'))).toHaveLength(1);
    expect(mail.subject).toBe('Job offer: Installation in Dunedin');
    // The job, never the customer.
    for (const secret of ['Dunedin Planner', 'mere@kaicafe.co.nz', '021 555 0101', 'Kai Cafe']) {
      expect(mail.text).not.toContain(secret);
      expect(String(mail.html)).not.toContain(secret);
    }
    // The job's own link, then the partner's "Your jobs" page.
    const links = [...String(mail.text).matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
    expect(links.map((l) => new URL(l).pathname)).toEqual(['/partner/offer', '/partner/jobs']);
    const token = new URL(links[0]!).searchParams.get('t')!;

    // Opening the link shows only "Continue"; pressing it shows the job and the two answers.
    const opened = await page('GET', { t: token });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.headers['x-robots-tag']).toContain('noindex');
    expect(opened.body).toContain('Continue');
    expect(opened.body).not.toContain('Installation');
    const job = await page('POST', { t: token, action: 'view' });
    expect(job.body).toContain('Accept job');
    expect(job.body).toContain('Decline');
    expect(job.body).not.toContain('Dunedin Planner');
    // The project details keep their line breaks, each line escaped.
    expect(job.body).toContain('Two under-counter fridges running warm.<br/>Both about six years old.');

    const declined = await page('POST', { t: token, action: 'decline', reason: 'Booked out until March' });
    expect(declined.body).toContain('You declined this job');
    expect((await page('POST', { t: token, action: 'accept' })).body).not.toContain('Dunedin Planner');
    const timeline = (await session.call(staff, 'GET', `/leads/${lead}`)).json().timeline.map((e: { text: string }) => e.text);
    expect(timeline).toEqual(expect.arrayContaining(['Offered to Otago Chill', 'Otago Chill declined: Booked out until March']));
    const after = (await session.call(staff, 'GET', `/leads/${lead}/partners`)).json();
    expect(after.offers[0]).toMatchObject({ partner_name: 'Otago Chill', state: 'declined', decline_reason: 'Booked out until March' });
    // The partner who declined stays on the list after the untried one, marked with what happened, to be offered it again.
    expect(after.suggestions.map((s: { name: string; tried: { outcome: string } | null }) => [s.name, s.tried?.outcome ?? null])).toEqual([
      ['Second Dunedin', null],
      ['Otago Chill', 'declined'],
    ]);
  });

  it('reveals the customer to the partner who accepts first, records it, and tells a later accept the job is taken', async () => {
    const lead = await newLead({
      contact_name: 'Hamilton Cafe',
      city: 'Hamilton',
      service_type: 'Installation',
      timeframe: '1–2 weeks',
      site_type: 'Refit/Upgrade',
      path: '/hamilton',
    });
    const owner = await session.signedIn(`owner-${kind}@example.nz`);
    const { suggestions } = (await session.call(owner, 'GET', `/leads/${lead}/partners`)).json();
    expect(suggestions.map((s: { name: string }) => s.name)).toEqual(['Waikato Cooling']);
    await session.call(owner, 'POST', `/leads/${lead}/offers`, { partner_id: suggestions[0].partner_id });
    const mail = await offerMailTo('hamilton@x.nz');
    const token = new URL(/https?:\/\/\S+/.exec(String(mail.text))![0]).searchParams.get('t')!;

    // A tampered link, a stranger's post and a post from another site show and change nothing.
    expect((await page('POST', { t: `${token.slice(0, -2)}xx`, action: 'accept' })).body).toContain('This link is not valid');
    expect((await page('POST', { t: 'x'.repeat(43), action: 'accept' })).statusCode).toBe(404);
    expect((await page('POST', { t: token, action: 'accept' }, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await page('POST', { t: token, action: 'accept' }, { origin: 'https://evil.example' })).statusCode).toBe(403);

    // Two instances accept at once: exactly one wins.
    const hash = secretHash(token);
    const both = await Promise.all([t.store, other].map((store) => store.transact(() => answerOffer(hash, { action: 'accept' }, answerWords))));
    expect(both.filter((r) => r.changed)).toHaveLength(1);

    const accepted = await page('POST', { t: token, action: 'view' });
    expect(accepted.body).toContain('Hamilton Cafe');
    expect(accepted.body).toContain('href="tel:0215550101"');
    expect(accepted.body).toContain('mailto:mere@kaicafe.co.nz');
    expect(accepted.body).toContain('Quote sent');
    // "Quote sent" asks first; only the answer to the question records it, and it can be taken back.
    const asked = await page('POST', { t: token, action: 'quote_sent' });
    expect(asked.body).toContain('Record that you have sent the customer a quote?');
    expect(asked.body).not.toContain('Quote sent recorded');
    const quoted = await page('POST', { t: token, action: 'quote_sent', confirm: 'yes' });
    expect(quoted.body).toContain('Quote sent recorded');
    expect(quoted.body).toContain('Undo “Quote sent”');

    const details = await waitFor(
      async () => {
        await Promise.all(workers.map((w) => w.runOnce()));
        return smtp.messages.find((m) => m.to.includes('hamilton@x.nz') && m.raw.includes('You have the job'));
      },
      { what: 'the details e-mail' },
    );
    expect((await parseMail(details)).text).toContain('mere@kaicafe.co.nz');
    const { holder } = (await session.call(owner, 'GET', `/leads/${lead}/partners`)).json();
    expect(holder).toBe('Waikato Cooling');
    // A job held is offered to nobody else.
    expect((await session.call(owner, 'POST', `/leads/${lead}/offers`, { partner_id: suggestions[0].partner_id })).statusCode).toBe(409);

    // Deleting the lead voids the link: it answers without anything of the customer.
    expect((await session.call(owner, 'DELETE', `/leads/${lead}`)).statusCode).toBe(200);
    const gone = await page('POST', { t: token, action: 'view' });
    expect(gone.body).toContain('This job has been withdrawn');
    expect(gone.body).not.toContain('Hamilton Cafe');
  });

  it('records the disclosure in the audit log when the partner accepts on the page', async () => {
    const lead = await newLead({
      contact_name: 'Second Cafe',
      work_email: 'second@cafe.nz',
      city: 'Dunedin',
      service_type: 'Repair',
      timeframe: '1–2 weeks',
      site_type: 'Refit/Upgrade',
      path: '/dunedin',
    });
    const owner = await session.signedIn(`owner2-${kind}@example.nz`);
    const { suggestions } = (await session.call(owner, 'GET', `/leads/${lead}/partners`)).json();
    expect(suggestions.map((s: { name: string }) => s.name)).toEqual(['Southern Repairs']);
    await session.call(owner, 'POST', `/leads/${lead}/offers`, { partner_id: suggestions[0].partner_id });
    const mail = await offerMailTo('dunedin-repair@x.nz');
    const token = new URL(/https?:\/\/\S+/.exec(String(mail.text))![0]).searchParams.get('t')!;
    expect((await page('POST', { t: token, action: 'accept' })).body).toContain('Second Cafe');
    const actions = (await t.store.read(() => auditEntries({ limit: 100 }))).map((e) => [e.actor_email, e.action]);
    expect(actions).toContainEqual(['dunedin-repair@x.nz', `Lead ${lead}: customer’s details disclosed to Southern Repairs (dunedin-repair@x.nz)`]);

    // The person's access request names the partner their details went to, and when.
    const person = (await session.call(owner, 'GET', '/people.json?email=second@cafe.nz')).json();
    expect(person.leads.map((l: { lead: { id: string } }) => l.lead.id)).toEqual([lead]);
    expect(person.disclosed_to).toEqual([{ lead_id: lead, name: 'Southern Repairs', email: 'dunedin-repair@x.nz', at: expect.any(String) }]);
    expect(Date.now() - Date.parse(person.disclosed_to[0].at)).toBeLessThan(60_000);
  });
});
