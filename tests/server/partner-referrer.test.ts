/**
 * The partner page's address carries the offer's token, so none of its answers may hand that
 * address to another site as a Referer: every answer keeps `Referrer-Policy: no-referrer`, even
 * though the site-wide header hook sets a looser policy on everything else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { INBOX_ORIGIN } from '../support/inbox-session.ts';
import { createTestStore, formBody, storeKinds, type TestStore } from '../support/stores.ts';
import { parseLead } from '../../core/lead/schema.ts';
import { addHamiltonTechnician, offerWithLink } from '../support/partners.ts';

const TOKEN = 'a-token-of-twenty-chars-or-more';
const OWN_POST = { 'content-type': 'application/x-www-form-urlencoded', origin: INBOX_ORIGIN, 'sec-fetch-site': 'same-origin' };

describe.each(storeKinds)("the partner page's referrer policy on %s", (kind) => {
  let t: TestStore;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestStore(kind);
    app = await buildApp({ store: t.store, leadPurposes: [], inbox: { publicOrigin: INBOX_ORIGIN } });
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  it('keeps no-referrer on the link’s page', async () => {
    const parsed = parseLead(Object.fromEntries(new URLSearchParams(formBody())));
    const lead = await t.store.insertLead(parsed.lead!, { spam: false, purposes: [] });
    const partner = await addHamiltonTechnician(t.store, 'Referrer Test Ltd', 'referrer@x.nz');
    const { token } = await offerWithLink(t.store, lead.id, partner.id);
    const page = await app.inject({ method: 'GET', url: `/partner/offer?t=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Continue');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('keeps no-referrer on a refused link and a pressed button', async () => {
    const bad = await app.inject({ method: 'GET', url: '/partner/offer?t=short' });
    expect(bad.statusCode).toBe(404);
    expect(bad.headers['referrer-policy']).toBe('no-referrer');
    const pressed = await app.inject({
      method: 'POST',
      url: '/partner/offer',
      headers: OWN_POST,
      payload: new URLSearchParams({ t: TOKEN, action: 'view' }).toString(),
    });
    expect(pressed.statusCode).toBe(404);
    expect(pressed.headers['referrer-policy']).toBe('no-referrer');
  });

  it('leaves the site-wide policy on other pages', async () => {
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
