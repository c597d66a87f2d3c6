/**
 * What an urgent request is promised as it arrives, on both stores: when no on-call partner covers
 * its city and service right now (the one rule, urgent-rule.ts), the server decides so once, keeps
 * it with the lead, and both the thank-you page it sends the visitor to (with or without the page's
 * script) and the acknowledgement e-mail lead with "Call 0800 FRIDGE now", promising no technician's
 * time (partners all off call included); when someone covers it, both keep the area's response
 * target. A business with no partners does not dispatch, and promises as before. A repeated post is answered as the first.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { acknowledgementMail } from '../../server/outbox/acknowledgement.ts';
import { changePartner } from '../../server/storage/partner-records.ts';
import { business } from '../../core/business.ts';
import { CALL_NOW_ANCHOR, rangeText } from '../../core/lead/response-targets.ts';
import { INBOX_ORIGIN } from '../support/inbox-session.ts';
import { addHamiltonTechnician } from '../support/partners.ts';
import { createTestStore, formBody, HTML_ACCEPT, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

describe.each(storeKinds)('the promise an urgent request is given on %s', (kind) => {
  let t: TestStore;
  let app: FastifyInstance;

  beforeEach(async () => {
    t = await createTestStore(kind);
    app = await buildApp({ store: t.store, leadPurposes: ['acknowledgement'], dispatch: true, inbox: { publicOrigin: INBOX_ORIGIN } });
  });
  afterEach(async () => {
    await app.close();
    await t.cleanup();
  });

  const post = (fields: Record<string, string>, headers: Record<string, string> = JSON_ACCEPT) =>
    app.inject({ method: 'POST', url: '/', headers, payload: formBody(fields) });
  const storedAs = async (name: string) => (await t.store.listLeads()).find((l) => l.contact_name === name)!;
  const line = business.emergencyLine.display;

  it('leads with the 24/7 line on the page and in the e-mail when nobody on call covers the city, and with the response target when someone does', async () => {
    // On call in Hamilton only.
    await addHamiltonTechnician(t.store, 'Waikato Cooling', 'waikato@x.nz');

    // Wellington: nobody on call covers it. The script is told, and a plain post goes to the same place.
    const script = await post({ contact_name: 'Wellington Script', city: 'Wellington' });
    expect(script.statusCode).toBe(200);
    expect(script.json()).toEqual({ ok: true, nobody_on_call: true });
    const plain = await post({ contact_name: 'Wellington Plain', city: 'Wellington' }, HTML_ACCEPT);
    expect(plain.statusCode).toBe(303);
    expect(plain.headers.location).toBe(`/thank-you/#${CALL_NOW_ANCHOR}`);
    const uncovered = await storedAs('Wellington Plain');
    expect(uncovered.nobody_on_call).toBe(true);
    const mail = acknowledgementMail((await t.store.getLead(uncovered.id))!, 'example.nz');
    expect(mail.subject).toBe(`Please call ${line} now – ${business.name}`);
    expect(mail.text).toContain(`Call ${line} now: no technician is on call for your area at this moment, and our emergency line is answered 24/7.`);
    expect(mail.html).toContain('href="tel:+64800374343"');
    // No technician's time is promised.
    for (const untrue of ['A technician will call you', 'on site in', 'technician matched to your job'])
      expect(`${mail.subject}\n${mail.text}`, untrue).not.toContain(untrue);

    // The same post again (a double submit) is answered as the first, and stored once.
    expect((await post({ contact_name: 'Wellington Script', city: 'Wellington' })).json()).toEqual({ ok: true, nobody_on_call: true });
    expect((await t.store.listLeads()).filter((l) => l.contact_name === 'Wellington Script')).toHaveLength(1);

    // Hamilton: covered. The area's target, on the page and in the e-mail.
    const covered = await post({ contact_name: 'Hamilton Plain' }, HTML_ACCEPT);
    expect(covered.headers.location).toBe('/thank-you/#urgent-hamilton');
    expect((await post({ contact_name: 'Hamilton Script' })).json()).toEqual({ ok: true });
    const hamilton = (await t.store.getLead((await storedAs('Hamilton Plain')).id))!;
    expect(hamilton.nobody_on_call).toBe(false);
    const promised = acknowledgementMail(hamilton, 'example.nz');
    expect(promised.text).toContain(`A technician will call you; we aim to be on site in Hamilton within ${rangeText('Hamilton')}.`);
    expect(promised.text).not.toContain(`Call ${line} now`);

    // A request that is not urgent is asked nothing and promised its quote.
    const planned = await post({ contact_name: 'Planned Cafe', city: 'Wellington', timeframe: 'Planning stage', site_type: 'New build' }, HTML_ACCEPT);
    expect(planned.headers.location).toBe('/thank-you/');
    expect((await storedAs('Planned Cafe')).nobody_on_call).toBeUndefined();
  });

  it('tells the customer to call when every partner is off call, promises as before when the business has no partners, or does not dispatch', async () => {
    // No partners at all: the business answers urgent requests itself, as its promise says.
    expect((await post({ contact_name: 'No Partners', city: 'Wellington' }, HTML_ACCEPT)).headers.location).toBe('/thank-you/#urgent-wellington');
    expect((await storedAs('No Partners')).nobody_on_call).toBe(false);

    // Partners, but all off call tonight: nobody stands behind a technician's time.
    const partner = await addHamiltonTechnician(t.store, 'Off Tonight', 'off@x.nz', { on_call: false });
    expect((await post({ contact_name: 'Nobody Anywhere', city: 'Hamilton' }, HTML_ACCEPT)).headers.location).toBe(`/thank-you/#${CALL_NOW_ANCHOR}`);
    expect((await storedAs('Nobody Anywhere')).nobody_on_call).toBe(true);

    // On call again, but this server sends no e-mail and so does not dispatch: nothing is decided.
    await t.store.transact(() => changePartner(partner.id, { on_call: true }));
    const quiet = await buildApp({ store: t.store, leadPurposes: [], inbox: { publicOrigin: INBOX_ORIGIN } });
    try {
      const res = await quiet.inject({
        method: 'POST',
        url: '/',
        headers: HTML_ACCEPT,
        payload: formBody({ contact_name: 'No Dispatch', city: 'Wellington' }),
      });
      expect(res.headers.location).toBe('/thank-you/#urgent-wellington');
      expect((await storedAs('No Dispatch')).nobody_on_call).toBeUndefined();
    } finally {
      await quiet.close();
    }
  });
});
