/**
 * The visit beacon on both stores: page views and daily visitors counted by page, source, campaign
 * and device beside the quote requests they became; crawlers, made-up paths and other sites' pages
 * not counted; the form's funnel and the Web Vitals kept as totals; bad beacons refused with a 4xx;
 * and nothing in the database that could tell who visited.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { visitsFor } from '../../server/visits/visit-insight.ts';
import { nzParts } from '../../core/nz-time.ts';
import { createTestStore, formBody, JSON_ACCEPT, rawQuery, storeKinds, type TestStore } from '../support/stores.ts';
import { CHROME, dumpDatabase, IPHONE, testPages } from '../support/visits.ts';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe.each(storeKinds)('visit beacon (%s)', (kind) => {
  let t: TestStore;
  let app: FastifyInstance;
  const today = nzParts(new Date()).date;

  beforeEach(async () => {
    t = await createTestStore(kind);
    app = await buildApp({ store: t.store, visits: { pages: testPages, flushMs: 3_600_000, rateLimit: { max: 50, windowMs: 60_000 } } });
  });
  afterEach(async () => {
    await app.close();
    await t.cleanup();
  });

  const beacon = (body: object, { ip = '203.0.113.7', ua = CHROME, headers = {} }: { ip?: string; ua?: string; headers?: Record<string, string> } = {}) =>
    app.inject({
      method: 'POST',
      url: '/visit',
      remoteAddress: ip,
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': ua, ...headers },
      payload: JSON.stringify(body),
    });
  const report = async () => {
    await app.visitTally!.flush();
    return visitsFor(t.store, today, today);
  };

  it('counts views and daily visitors by page, source, campaign and device beside the quotes they became', async () => {
    const fromGoogle = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'auckland-cool', gclid: '1', referrer: 'https://www.google.com' };
    for (const ip of ['203.0.113.1', '203.0.113.2']) expect((await beacon({ kind: 'view', path: '/auckland' }, { ip })).statusCode).toBe(204);
    expect((await beacon({ kind: 'view', path: '/auckland/', ...fromGoogle }, { ip: '203.0.113.3', ua: IPHONE })).statusCode).toBe(204);
    // The same person again, on the same page and on another: one visitor of the site.
    await beacon({ kind: 'view', path: '/auckland' }, { ip: '203.0.113.1' });
    await beacon({ kind: 'view', path: '/contact' }, { ip: '203.0.113.1' });
    // Not counted: a crawler, a made-up path, a page of another site, no user agent.
    expect((await beacon({ kind: 'view', path: '/auckland' }, { ua: GOOGLEBOT })).statusCode).toBe(204);
    expect((await beacon({ kind: 'view', path: '/made-up-page' })).statusCode).toBe(204);
    expect((await beacon({ kind: 'view', path: '/auckland' }, { headers: { origin: 'https://elsewhere.example' } })).statusCode).toBe(204);
    expect((await beacon({ kind: 'view', path: '/auckland' }, { headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(204);
    expect((await beacon({ kind: 'view', path: '/auckland' }, { ua: '' })).statusCode).toBe(204);
    const lead = await app.inject({
      method: 'POST',
      url: '/',
      headers: JSON_ACCEPT,
      payload: formBody({ path: '/auckland', device: 'mobile', utm_campaign: 'auckland-cool' }),
    });
    expect(lead.statusCode).toBe(200);

    const visits = await report();
    expect(visits).toMatchObject({ visitors: 3, views: 5, quotes: 1 });
    expect(visits.byPage).toEqual([
      { label: '/auckland', visitors: 3, views: 4, quotes: 1 },
      { label: '/contact', visitors: 1, views: 1, quotes: 0 },
    ]);
    expect(visits.bySource.find((s) => s.label === 'Google Ads')).toEqual({ label: 'Google Ads', visitors: 1, views: 1, quotes: 1 });
    expect(visits.bySource.find((s) => s.label === 'Direct')).toEqual({ label: 'Direct', visitors: 2, views: 4, quotes: 0 });
    // One visitor, but the quote names the campaign: that earns it a row of its own.
    expect(visits.byCampaign.find((c) => c.label === 'auckland-cool')).toMatchObject({ visitors: 1, views: 1, quotes: 1 });
    expect(visits.byDevice).toEqual([
      { label: 'Mobile', visitors: 1, views: 1, quotes: 1 },
      { label: 'Desktop', visitors: 2, views: 4, quotes: 0 },
    ]);
    const tables = await dumpDatabase(kind, t.url);
    expect(tables).not.toContain('made-up-page');
  });

  it('adds counts from later flushes to the same rows', async () => {
    await beacon({ kind: 'view', path: '/' }, { ip: '203.0.113.1' });
    await app.visitTally!.flush();
    await beacon({ kind: 'view', path: '/' }, { ip: '203.0.113.1' });
    await beacon({ kind: 'view', path: '/' }, { ip: '203.0.113.2' });
    expect((await report()).byPage).toEqual([{ label: '/', visitors: 2, views: 3, quotes: 0 }]);
  });

  it('keeps the form funnel and the Web Vitals as totals, read at the 75th percentile', async () => {
    await beacon({ kind: 'seen', path: '/auckland' });
    await beacon({ kind: 'seen', path: '/auckland' }, { ip: '203.0.113.9' });
    await beacon({ kind: 'started', path: '/auckland' });
    for (const value of [1200, 1800, 2600, 5000]) await beacon({ kind: 'vital', path: '/auckland', metric: 'LCP', value });
    await beacon({ kind: 'vital', path: '/', metric: 'CLS', value: 0.02 }, { ua: IPHONE });
    const visits = await report();
    expect(visits.formFunnel).toEqual([{ page: '/auckland', seen: 2, started: 1, sent: 0 }]);
    const lcp = visits.vitals.find((v) => v.metric === 'LCP' && v.kind === null)!;
    expect(lcp.samples).toBe(4);
    // Ranks: 1200, 1800, 2600, 5000; the 75th percentile sits in the bucket of 2600 (2600 up to 2700).
    expect(lcp.p75).toBeGreaterThanOrEqual(2600);
    expect(lcp.p75).toBeLessThanOrEqual(2700);
    expect(visits.vitals).toContainEqual({ metric: 'LCP', kind: 'city', device: 'desktop', samples: 4, p75: lcp.p75 });
    expect(visits.vitals).toContainEqual({ metric: 'CLS', kind: 'home', device: 'mobile', samples: 1, p75: expect.closeTo(0.025, 2) });
  });

  it('stores no address, user agent or visitor hash', async () => {
    const address = '198.51.100.77';
    const agent = `${CHROME} Unique/98765`;
    await beacon({ kind: 'view', path: '/auckland', utm_campaign: 'spring-newsletter' }, { ip: address, ua: agent });
    await beacon({ kind: 'seen', path: '/auckland' }, { ip: address, ua: agent });
    await beacon({ kind: 'vital', path: '/auckland', metric: 'INP', value: 120 }, { ip: address, ua: agent });
    await app.visitTally!.flush();
    const dump = await dumpDatabase(kind, t.url);
    expect(dump).toContain('visit_pages');
    expect(dump).toContain('spring-newsletter');
    expect(dump).not.toContain(address);
    expect(dump).not.toContain('198.51.100');
    expect(dump).not.toContain('Unique/98765');
    expect(dump).not.toContain('Chrome');
    // An HMAC-SHA256 in base64url or hex is 43 or 64 characters of one alphabet.
    expect(dump).not.toMatch(/[A-Za-z0-9_-]{43}|[0-9a-f]{64}/);
  });

  it('refuses bad beacons with a 4xx and limits each address', async () => {
    const post = (payload: string, type = 'text/plain') =>
      app.inject({ method: 'POST', url: '/visit', remoteAddress: '203.0.113.50', headers: { 'content-type': type, 'user-agent': CHROME }, payload });
    expect((await post('not json')).statusCode).toBe(400);
    expect((await post('')).statusCode).toBe(400);
    expect((await post('null')).statusCode).toBe(400);
    expect((await post(JSON.stringify({ kind: 'click', path: '/' }))).statusCode).toBe(400);
    expect((await post(JSON.stringify({ kind: 'view', path: 'auckland' }))).statusCode).toBe(400);
    expect((await post(JSON.stringify({ kind: 'view', path: '/', extra: 1 }))).statusCode).toBe(400);
    expect((await post(JSON.stringify({ kind: 'vital', path: '/' }))).statusCode).toBe(400);
    expect((await post(JSON.stringify({ kind: 'view', path: '/', metric: 'LCP', value: 1 }))).statusCode).toBe(400);
    expect((await post(JSON.stringify({ kind: 'view', path: '/', utm_campaign: 'x'.repeat(2000) }))).statusCode).toBe(413);
    expect((await post(JSON.stringify({ kind: 'view', path: '/' }), 'application/x-www-form-urlencoded')).statusCode).toBe(415);
    expect((await post(JSON.stringify({ kind: 'view', path: '/' }), 'application/json')).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/visit' })).statusCode).toBe(404);
    let last = 0;
    for (let i = 0; i < 45; i++) last = (await post(JSON.stringify({ kind: 'view', path: '/' }))).statusCode;
    expect(last).toBe(429);
    // Another address is not held up.
    expect((await beacon({ kind: 'view', path: '/' }, { ip: '203.0.113.51' })).statusCode).toBe(204);
    // Counted: the JSON beacon, the 39 of the loop still within the limit of 50 (11 posts came first), the other address's.
    expect((await report()).views).toBe(1 + 39 + 1);
  });

  it('adds what is still in memory to the database when the app closes, also while a flush is under way', async () => {
    await beacon({ kind: 'view', path: '/contact' });
    const under = app.visitTally!.flush();
    await beacon({ kind: 'view', path: '/contact' }, { ip: '203.0.113.8' });
    await app.close();
    await under;
    const rows = await rawQuery<{ views: number }>(kind, t.url, "SELECT views FROM visit_pages WHERE page = '/contact'");
    expect(rows.map((r) => Number(r.views))).toEqual([2]);
    app = await buildApp({ store: t.store });
  });
});
