/**
 * Property-based test (fast-check) of the visit beacon: for any body, any content type, any user
 * agent and any beacon-shaped JSON, the answer is 204 or a 4xx (never a 5xx, never a hang), and
 * whatever is counted names only the site's own pages, sources and devices. Real page views sent
 * among the random ones are still counted, so "only the site's own" never passes by counting nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { visitsFor } from '../../server/visits/visit-insight.ts';
import { nzParts } from '../../core/nz-time.ts';
import { beaconKinds, vitalMetrics } from '../../core/visit/beacon-fields.ts';
import { sourceLabels } from '../../core/lead/insight.ts';
import { createTestStore, type TestStore } from '../support/stores.ts';
import { CHROME, IPHONE, testPages } from '../support/visits.ts';

const anyText = fc.string({ unit: 'binary', maxLength: 300 });
const beaconLike = fc.record(
  {
    kind: fc.oneof(fc.constantFrom(...beaconKinds), anyText),
    path: fc.oneof(fc.constantFrom(...testPages.keys(), '/auckland/', '/nope', '//evil.example/', ''), anyText),
    utm_source: anyText,
    utm_medium: anyText,
    utm_campaign: fc.oneof(anyText, fc.string({ minLength: 90, maxLength: 120 })),
    gclid: fc.constantFrom('', '1', 'abc'),
    referrer: fc.oneof(fc.webUrl(), anyText),
    metric: fc.oneof(fc.constantFrom(...vitalMetrics), anyText),
    value: fc.oneof(fc.double(), fc.integer(), anyText),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  beaconLike.map((b) => JSON.stringify(b)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  anyText,
  fc.string({ minLength: 1000, maxLength: 3000 }),
);
const contentType = fc.constantFrom(
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/html',
  '',
);
const userAgent = fc.oneof(
  fc.constantFrom(CHROME, 'Googlebot/2.1', 'curl/8.0', ''),
  fc.string({ maxLength: 200 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
);

describe('visit beacon, for any input', () => {
  let t: TestStore;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestStore('sqlite');
    app = await buildApp({ store: t.store, visits: { pages: testPages, flushMs: 3_600_000, rateLimit: { max: 1_000_000, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  /** A page view as the site's script sends it, from a browser: counted. */
  const view = (path: string, ua: string, touch: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/visit',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': ua },
      payload: JSON.stringify({ kind: 'view', path, ...touch }),
    });

  it('answers 204 or a 4xx, and counts only the site’s own pages', async () => {
    // The NZ dates the counts may fall on: the run may cross midnight in New Zealand.
    const firstDay = nzParts(new Date()).date;
    // Real views of every page, from a desktop (direct) and a phone (a Google Ads click), before and
    // after the random ones: each page must be counted twice at least, whatever else arrived.
    const real = async () => {
      for (const path of testPages.keys()) {
        expect((await view(path, CHROME)).statusCode).toBe(204);
        expect((await view(path, IPHONE, { utm_source: 'google', utm_medium: 'cpc', gclid: '1' })).statusCode).toBe(204);
      }
    };
    await real();
    await fc.assert(
      fc.asyncProperty(body, contentType, userAgent, async (payload, type, ua) => {
        const res = await app.inject({
          method: 'POST',
          url: '/visit',
          headers: { ...(type ? { 'content-type': type } : {}), ...(ua ? { 'user-agent': ua } : {}) },
          payload,
        });
        expect([204, 400, 413, 415]).toContain(res.statusCode);
      }),
      { numRuns: 400 },
    );
    await real();
    await app.visitTally!.flush();
    const visits = await visitsFor(t.store, firstDay, nzParts(new Date()).date);
    // Something was counted: every page's real views, the two sources and both devices.
    for (const page of testPages.keys()) expect(visits.byPage.find((row) => row.label === page)?.views).toBeGreaterThanOrEqual(4);
    expect(visits.bySource.find((row) => row.label === sourceLabels.direct)?.views).toBeGreaterThanOrEqual(2 * testPages.size);
    expect(visits.bySource.find((row) => row.label === sourceLabels.google_ads)?.views).toBeGreaterThanOrEqual(2 * testPages.size);
    expect(visits.byDevice.map((row) => row.label).sort()).toEqual(['Desktop', 'Mobile']);
    // And nothing else: only the site's pages, known sources and the two devices.
    for (const row of visits.byPage) expect(testPages.has(row.label)).toBe(true);
    for (const row of visits.bySource) expect(Object.values(sourceLabels)).toContain(row.label);
    for (const row of visits.byDevice) expect(['Mobile', 'Desktop']).toContain(row.label);
  });

  it('refuses any text/plain beacon over 1 KB with 413, however well formed', async () => {
    const big = fc.oneof(
      fc.string({ minLength: 1025, maxLength: 3000 }),
      beaconLike.map((b) => JSON.stringify({ ...b, kind: 'view', path: '/', pad: 'x'.repeat(1024) })),
    );
    await fc.assert(
      fc.asyncProperty(big, fc.constantFrom('text/plain', 'text/plain;charset=UTF-8'), userAgent, async (payload, type, ua) => {
        const res = await app.inject({ method: 'POST', url: '/visit', headers: { 'content-type': type, ...(ua ? { 'user-agent': ua } : {}) }, payload });
        expect(res.statusCode).toBe(413);
      }),
      { numRuns: 100 },
    );
  });
});
