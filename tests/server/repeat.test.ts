/**
 * The same form data posted again within 10 minutes (a retry after a lost answer, a
 * double submit) gets the same success answer and creates nothing new, also when the two posts
 * reach two instances at the same moment.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/http/app.ts';
import { createTestStore, formBody, HTML_ACCEPT, JSON_ACCEPT, storeKinds } from '../support/stores.ts';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

describe.each(storeKinds)('repeated submissions on %s', (kind) => {
  it('stores and queues the same form data once, answering each post as the first', async () => {
    const t = await createTestStore(kind);
    cleanups.push(() => t.cleanup());
    let nudges = 0;
    t.store.onNewJobs(() => nudges++);
    const app = await buildApp({ store: t.store, leadPurposes: ['new-lead'] });
    cleanups.push(() => app.close());
    const body = formBody({ contact_name: 'Twice Posted' });
    const first = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: body });
    const again = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: body });
    const plain = await app.inject({ method: 'POST', url: '/', headers: HTML_ACCEPT, payload: body });
    expect([first.statusCode, again.statusCode, plain.statusCode]).toEqual([200, 200, 303]);
    expect(again.body).toBe(first.body);
    // The sample is a Hamilton repair call-out: its plain post lands on Hamilton's part of the thank-you page.
    expect(plain.headers.location).toBe('/thank-you/#urgent-hamilton');
    const leads = await t.store.listLeads();
    expect(leads).toHaveLength(1);
    expect(await t.store.listJobs()).toHaveLength(1);
    // The store woke the workers for the one lead stored, not for the repeats.
    await new Promise((resolve) => setImmediate(resolve));
    expect(nudges).toBe(1);

    // Different data is a new lead.
    await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ contact_name: 'Twice Posted', notes: 'One more thing.' }) });
    expect(await t.store.listLeads()).toHaveLength(2);
  });

  it('stores the same data again once the window has passed', async () => {
    const t = await createTestStore(kind);
    cleanups.push(() => t.cleanup());
    const app = await buildApp({ store: t.store, leadPurposes: ['new-lead'], repeatWindowMs: 600_000 });
    cleanups.push(() => app.close());
    const body = formBody({ contact_name: 'Next Week' });
    await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: body });
    await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: body });
    const [first] = await t.store.listLeads();
    expect(await t.store.listLeads()).toHaveLength(1);
    // The first post is made eleven minutes old rather than waited for: no timing luck.
    await t.backdate(first!.id, new Date(Date.now() - 11 * 60_000));
    await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: body });
    expect(await t.store.listLeads()).toHaveLength(2);
  });

  it('stores once when identical posts reach two instances at the same moment', async () => {
    const t = await createTestStore(kind);
    cleanups.push(() => t.cleanup());
    const apps = await Promise.all(
      [t.store, t.reopen()].map((store) => buildApp({ store, leadPurposes: ['new-lead'], rateLimit: { max: 1000, windowMs: 60_000 } })),
    );
    for (const a of apps) cleanups.push(() => a.close());
    const body = formBody({ contact_name: 'Double Click' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => apps[i % 2]!.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: body })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(await t.store.listLeads()).toHaveLength(1);
    expect(await t.store.listJobs()).toHaveLength(1);
  });
});
