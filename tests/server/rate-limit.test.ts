/**
 * One rate limit for all instances, counted before the body is read, keyed by the client
 * the trusted proxy saw (never the left-most X-Forwarded-For a client wrote), IPv6 by its /64.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { buildApp } from '../../server/http/app.ts';
import { clientKey, MemoryRateLimitCounter } from '../../server/http/rate-limit.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds } from '../support/stores.ts';
import { startServer, tinySite } from '../support/server-process.ts';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

describe('client keys and memory', () => {
  it('keys IPv6 by its /64 and IPv4-mapped addresses as IPv4', () => {
    expect(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::1')).toBe(clientKey('2001:0db8:0001:0002:ffff::9'));
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('holds at most its number of keys however many clients come', async () => {
    const counter = new MemoryRateLimitCounter(100);
    for (let i = 0; i < 1000; i++) await counter.hit(`10.0.${i >> 8}.${i & 255}`, 60_000);
    expect(counter.size).toBeLessThanOrEqual(100);
    // The newest client is still counted.
    expect((await counter.hit('10.0.3.231', 60_000)).hits).toBe(2);
  });
});

describe.each(storeKinds)('rate limit on %s', (kind) => {
  async function app(trustProxy: false | number = false) {
    const t = await createTestStore(kind);
    cleanups.push(() => t.cleanup());
    const a = await buildApp({ store: t.store, leadPurposes: [], rateLimit: { max: 3, windowMs: 60_000 }, trustProxy });
    cleanups.push(() => a.close());
    return { t, app: a };
  }
  const post = (a: Awaited<ReturnType<typeof app>>['app'], name: string, headers: Record<string, string> = {}, payload = formBody({ contact_name: name })) =>
    a.inject({ method: 'POST', url: '/', headers: { ...JSON_ACCEPT, ...headers }, payload });

  it('refused posts count too: two invalid posts and one stored reach the limit of 3, and nothing more is stored', async () => {
    const { t, app: a } = await app();
    expect((await post(a, 'Bad 1', {}, formBody({ work_email: 'not-an-address' }))).statusCode).toBe(400);
    expect((await post(a, 'Bad 2', {}, formBody({ 'form-name': 'other' }))).statusCode).toBe(400);
    expect((await post(a, 'Good')).statusCode).toBe(200);
    const over = await post(a, 'Over');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.store.listLeads({ includeSpam: true })).map((l) => l.contact_name)).toEqual(['Good']);
  });

  it('answers 429 before reading the body: an oversized post over the limit is not parsed', async () => {
    const { app: a } = await app();
    for (let i = 0; i < 3; i++) expect((await post(a, `Before ${i}`)).statusCode).toBe(200);
    const big = await post(a, 'Big', {}, formBody({ notes: 'x'.repeat(40_000) }));
    expect(big.statusCode).toBe(429);
    expect(Number(big.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('with TRUST_PROXY=1 keys the client the proxy saw, not a spoofed left-most X-Forwarded-For', async () => {
    const { t, app: a } = await app(1);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await post(a, `Spoof ${i}`, { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` })).statusCode);
    expect(answers.filter((s) => s === 200)).toHaveLength(3);
    expect(answers.filter((s) => s === 429)).toHaveLength(7);
    // Another visitor behind the same proxy is not blocked by them.
    expect((await post(a, 'Neighbour', { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(200);
    // Addresses in one IPv6 /64 share a budget.
    for (let i = 1; i <= 3; i++) expect((await post(a, `Six ${i}`, { 'x-forwarded-for': `2001:db8:5:6::${i}` })).statusCode).toBe(200);
    expect((await post(a, 'Six 4', { 'x-forwarded-for': '2001:db8:5:6:ffff::4' })).statusCode).toBe(429);
    expect(await t.store.listLeads()).toHaveLength(7);
  });
});

describe('two instances on one PostgreSQL', () => {
  it('share one limit, keyed by the proxy-appended address whatever a client spoofs', async () => {
    const t = await createTestStore('postgres');
    cleanups.push(() => t.cleanup());
    const dist = tinySite();
    cleanups.push(() => rmSync(dist, { recursive: true, force: true }));
    const env = { DATABASE_URL: t.url, DIST_DIR: dist, RATE_LIMIT_MAX: '4', RATE_LIMIT_WINDOW: '10 minutes', TRUST_PROXY: '1' };
    const servers = [await startServer(env), await startServer(env)];
    for (const s of servers) cleanups.push(() => s.child.kill('SIGKILL'));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await fetch(servers[i % 2]!.url, {
        method: 'POST',
        headers: { ...JSON_ACCEPT, 'x-forwarded-for': `192.0.2.${i}, 203.0.113.9` },
        body: formBody({ contact_name: `Shared ${i}` }),
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    expect(await t.store.listLeads()).toHaveLength(4);
  }, 30_000);
});
