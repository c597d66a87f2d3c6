/** Every row of the quote form's wire contract (README: the answers to POST /), through `inject`, against SQLite and PostgreSQL. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { createTestStore, formBody, FORM, HTML_ACCEPT, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

describe.each(storeKinds)('POST / on %s', (kind) => {
  let t: TestStore;
  let app: FastifyInstance;
  /** How often this test's store told its workers that jobs were committed (its own object: a wake still due from the test before counts there). */
  let woken = { wakes: 0 };

  beforeEach(async () => {
    t = await createTestStore(kind);
    const counter = { wakes: 0 };
    woken = counter;
    t.store.onNewJobs(() => counter.wakes++);
    app = await buildApp({ store: t.store, leadPurposes: ['new-lead', 'webhook'], rateLimit: { max: 5, windowMs: 60_000 }, dispatch: true });
  });
  afterEach(async () => {
    await app.close();
    await t.cleanup();
  });

  it('stores a valid script post with its outbox jobs, then answers 200 {ok:true}', async () => {
    const res = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [lead] = await t.store.listLeads();
    expect(lead).toMatchObject({
      contact_name: 'Mere Tane',
      city: 'Hamilton',
      num_units: '2–3',
      gclid: 'gclid-123',
      device: 'mobile',
      path: '/hamilton',
      spam: false,
    });
    expect(lead!.notes).toBe('Two under-counter fridges running warm.\nBoth about six years old.');
    const jobs = await t.store.listJobs(lead!.id);
    // The form's sample is a repair call-out: urgent, so its dispatch is queued with it.
    expect(jobs.map((j) => [j.purpose, j.status])).toEqual([
      ['dispatch', 'pending'],
      ['new-lead', 'pending'],
      ['webhook', 'pending'],
    ]);
    // The store wakes the workers once the lead's jobs are committed; nobody else has to.
    await vi.waitFor(() => expect(woken.wakes).toBe(1));
  });

  it('queues no dispatch with a lead that is not urgent', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: JSON_ACCEPT,
      payload: formBody({ site_type: 'Refit/Upgrade', timeframe: '1–2 weeks', path: '/hamilton' }),
    });
    expect(res.statusCode).toBe(200);
    const [lead] = await t.store.listLeads();
    expect((await t.store.listJobs(lead!.id)).map((j) => j.purpose)).toEqual(['new-lead', 'webhook']);
  });

  it('answers a plain form post with 303 to /thank-you/ (an urgent one to its area there) and fills device and path from the request', async () => {
    const body = formBody({ device: '', path: '', page_url: '' });
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { ...HTML_ACCEPT, 'user-agent': 'Mozilla/5.0 (iPhone) Mobile', referer: 'http://localhost/contact' },
      payload: body,
    });
    expect(res.statusCode).toBe(303);
    // The form's sample is a Hamilton repair call-out: the thank-you page leads with Hamilton's response target.
    expect(res.headers.location).toBe('/thank-you/#urgent-hamilton');
    const [lead] = await t.store.listLeads();
    expect(lead).toMatchObject({ device: 'mobile', path: '/contact', page_url: 'http://localhost/contact' });
    const calm = await app.inject({
      method: 'POST',
      url: '/',
      headers: { ...HTML_ACCEPT, referer: 'http://localhost/contact' },
      payload: formBody({ contact_name: 'Calm Visitor', site_type: 'New build', timeframe: 'Planning stage', path: '' }),
    });
    expect([calm.statusCode, calm.headers.location]).toEqual([303, '/thank-you/']);
  });

  it('answers a filled honeypot exactly like success, stores it as spam and queues nothing', async () => {
    const ok = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody() });
    const bot = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ 'bot-field': 'http://spam.example' }) });
    expect(bot.statusCode).toBe(ok.statusCode);
    expect(bot.body).toBe(ok.body);
    const all = await t.store.listLeads({ includeSpam: true });
    expect(all.map((l) => l.spam)).toEqual([false, true]);
    expect(await t.store.listLeads()).toHaveLength(1);
    expect(await t.store.listJobs(all[1]!.id)).toEqual([]);
    // Only the person's lead woke the workers.
    await vi.waitFor(() => expect(woken.wakes).toBe(1));
    await new Promise((resolve) => setImmediate(resolve));
    expect(woken.wakes).toBe(1);
  });

  it.each([
    [{ contact_name: '' }, 'contact_name'],
    [{ work_email: '' }, 'work_email'],
    [{ work_email: 'mere@' }, 'work_email'],
    [{ city: 'Sydney' }, 'city'],
    [{ service_type: 'Demolition' }, 'service_type'],
    [{ notes: 'x'.repeat(4001) }, 'notes'],
  ])('rejects %j with 400 and a field error, storing nothing', async (override, field) => {
    const res = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody(override) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
    expect(await t.store.listLeads({ includeSpam: true })).toEqual([]);
  });

  it('shows a plain post an HTML error page with the field errors and a way back', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { ...HTML_ACCEPT, host: 'localhost', referer: 'http://localhost/auckland' },
      payload: formBody({ work_email: 'nope' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Work email');
    expect(res.body).toContain('href="/auckland"');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('rejects an unknown form name (400), a wrong content type (415) and an oversized body (413)', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ 'form-name': 'other' }) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/Unknown form/);
    const json = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      payload: '{"contact_name":"x"}',
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toMatch(/urlencoded/);
    const big = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ notes: 'x'.repeat(40_000) }) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toMatch(/too large/);
    expect(await t.store.listLeads({ includeSpam: true })).toEqual([]);
  });

  it('rejects repeated fields and bytes that are not UTF-8', async () => {
    const repeated = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: `${formBody()}&work_email=other%40x.co` });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().errors).toHaveProperty('work_email');
    const latin1 = Buffer.concat([Buffer.from(formBody({ contact_name: '' })), Buffer.from('&contact_name=Ren'), Buffer.from([0xe9])]);
    const bad = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: latin1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/UTF-8/);
    expect(await t.store.listLeads({ includeSpam: true })).toEqual([]);
  });

  it('limits posts per client address with 429 and Retry-After', async () => {
    for (let i = 0; i < 5; i++)
      expect((await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ contact_name: `Visitor ${i}` }) })).statusCode).toBe(200);
    const limited = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ contact_name: 'Visitor 5' }) });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error).toMatch(/Too many/);
    expect(await t.store.listLeads()).toHaveLength(5);
  });

  it('answers 503, never a false success, when the database fails', async () => {
    await t.store.close();
    const res = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody() });
    expect(res.statusCode).toBe(503);
    expect(res.json().ok).toBe(false);
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
  });

  it('reports health 200 with the database kind', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, database: kind, outbox: { pending: 0, oldest_pending_seconds: null, dead: 0 } });
  });
});

describe('lead storage is durable across reopen', () => {
  it.each(storeKinds)('%s: a stored lead is there after the store is closed and opened again', async (kind) => {
    const t = await createTestStore(kind);
    const app = await buildApp({ store: t.store, leadPurposes: [] });
    await app.inject({ method: 'POST', url: '/', headers: FORM, payload: formBody() });
    await app.close();
    await t.store.close();
    const again = t.reopen();
    expect((await again.listLeads()).map((l) => l.contact_name)).toEqual(['Mere Tane']);
    await t.cleanup();
  });
});
