/** The static site plugin (on the real build), security headers, and the token-protected export. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { createTestStore, formBody, JSON_ACCEPT, type TestStore } from '../support/stores.ts';
import { distDir } from '../support/dist.ts';

const TOKEN = 'export-token-0123456789';

describe('static site and headers', () => {
  let t: TestStore;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestStore('sqlite');
    app = await buildApp({ store: t.store, distDir });
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  it.each(['/', '/contact', '/contact/', '/thank-you', '/thank-you/', '/blog/lease-vs-buy', '/sitemap.xml', '/robots.txt'])(
    'serves %s with 200',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
    },
  );

  it('serves the 404 page with status 404 for an unknown path', async () => {
    const res = await app.inject({ url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('noindex');
  });

  it('serves brotli or gzip when accepted, identity otherwise', async () => {
    const br = await app.inject({ url: '/contact', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await app.inject({ url: '/contact', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/contact' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<html lang="en-NZ"');
    expect(Number(br.headers['content-length'])).toBeLessThan(plain.body.length / 3);
  });

  it('caches hashed assets for a year as immutable, and revalidates HTML with ETags', async () => {
    const asset = readdirSync(`${distDir}/_astro`).find((f) => f.endsWith('.js'))!;
    const res = await app.inject({ url: `/_astro/${asset}` });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await app.inject({ url: '/' });
    expect(page.headers['cache-control']).toContain('must-revalidate');
    const again = await app.inject({ url: '/', headers: { 'if-none-match': String(page.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('sends security headers on pages and API answers', async () => {
    for (const url of ['/', '/healthz', '/missing']) {
      const res = await app.inject({ url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('has no export route when no token is configured', async () => {
    expect((await app.inject({ url: '/api/leads.csv', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });
});

describe('CSV export', () => {
  let t: TestStore;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestStore('sqlite');
    app = await buildApp({ store: t.store, exportToken: TOKEN, exportFailureDelayMs: 10 });
    await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ company_name: '=HYPERLINK("evil")' }) });
    await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ 'bot-field': 'x' }) });
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  it.each([undefined, 'Bearer wrong-token-000000000', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`])('refuses authorization %s with 401', async (authorization) => {
    const res = await app.inject({ url: '/api/leads.csv', headers: authorization ? { authorization } : {} });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('Mere');
  });

  it('exports leads as CSV, formula-safe, spam only on request', async () => {
    const res = await app.inject({ url: '/api/leads.csv', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    // A UTF-8 byte-order mark first, so Excel reads "2–3" as written.
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.rawPayload.toString('utf8')).toContain('"2–3"');
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""evil"")"`);
    const withSpam = await app.inject({ url: '/api/leads.csv?include_spam=1', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withSpam.body.trim().split('\r\n')).toHaveLength(3);
  });
});
