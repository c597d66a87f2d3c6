/**
 * The edge of the lead server: slow clients cut off with 408 and never holding up a
 * shutdown (raw sockets, with the deadlines shortened through the app factory), methods other
 * than GET and HEAD refused with 405 and Allow, paths that would lead to another host, and the
 * security headers on every kind of response.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../support/peers.ts';
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, SERVER_TIMEOUTS, type ServerTimeouts } from '../../server/http/app.ts';
import { HSTS } from '../../server/http/plugins/security.ts';
import { loadConfig } from '../../server/config.ts';
import { createTestStore, formBody, FORM, HTML_ACCEPT, type TestStore } from '../support/stores.ts';
import { distDir } from '../support/dist.ts';
import { startServer, tinySite } from '../support/server-process.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Shortened deadlines so each slow-client case takes about a second. */
const FAST: ServerTimeouts = { headersMs: 600, requestMs: 900, checkIntervalMs: 100, keepAliveMs: 5_000, closeGraceMs: 200 };

interface Trickle {
  /** Everything the server wrote back. */
  received: () => string;
  /** Resolves once the connection is open. */
  connected: Promise<void>;
  /** Resolves when the server closed the connection. */
  closed: Promise<void>;
  stop: () => void;
}

/** Opens a socket, writes `head` at once, then one byte of `drip` every `everyMs` until stopped or closed. */
function trickle(port: number, head: string, drip: string, everyMs = 100): Trickle {
  const socket: Socket = connect(port, '127.0.0.1');
  let data = '';
  let i = 0;
  socket.on('data', (d) => (data += d.toString('latin1')));
  socket.on('error', () => undefined);
  const timer = setInterval(() => {
    if (drip && !socket.destroyed && socket.writable) socket.write(drip[i++ % drip.length]!);
  }, everyMs);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  void closed.then(() => clearInterval(timer));
  const connected = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  socket.on('connect', () => head && socket.write(head));
  return {
    received: () => data,
    connected,
    closed,
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

describe('slow clients on a real socket', () => {
  let t: TestStore;
  let app: FastifyInstance;
  let port: number;
  const open: Trickle[] = [];

  beforeAll(async () => {
    t = await createTestStore('sqlite');
    app = await buildApp({ store: t.store, leadPurposes: [], timeouts: FAST });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const s of open) s.stop();
    await app.close();
    await t.cleanup();
  });

  it('production deadlines cut a slow socket within 30 s, and the server uses them', async () => {
    expect(SERVER_TIMEOUTS.headersMs + SERVER_TIMEOUTS.checkIntervalMs).toBeLessThanOrEqual(30_000);
    expect(SERVER_TIMEOUTS.requestMs + SERVER_TIMEOUTS.checkIntervalMs).toBeLessThanOrEqual(30_000);
    const plain = await buildApp({ store: t.store });
    try {
      expect(plain.server.headersTimeout).toBe(SERVER_TIMEOUTS.headersMs);
      expect(plain.server.requestTimeout).toBe(SERVER_TIMEOUTS.requestMs);
      expect(plain.server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveMs);
      expect(plain.server.maxHeadersCount).toBe(100);
    } finally {
      await plain.close();
    }
  });

  it('headers sent a byte at a time get 408 and the socket closed', async () => {
    const s = trickle(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n', 'X-Slow: abcdefghij\r\n');
    open.push(s);
    await within(s.closed, 5_000, 'the server never closed a socket that trickled its headers');
    expect(s.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a body sent a byte at a time gets 408 and the socket closed, and nothing is stored', async () => {
    const body = formBody();
    const head = `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nAccept: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    const s = trickle(port, head, body);
    open.push(s);
    await within(s.closed, 5_000, 'the server never closed a socket that trickled its body');
    expect(s.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(await t.store.listLeads({ includeSpam: true })).toEqual([]);
  });

  it('a connection that sends nothing is closed', async () => {
    const s = trickle(port, '', '', 60_000);
    open.push(s);
    await within(s.closed, 5_000, 'the server never closed a silent connection');
  });

  it('a real request on the same server is still answered', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
  });
});

describe('shutdown with slow sockets open', () => {
  it('app.close() ends within the grace period although the sockets are still sending', async () => {
    const t = await createTestStore('sqlite');
    // Deadlines far beyond the test, so only the shutdown grace can end these sockets.
    const app = await buildApp({ store: t.store, timeouts: { headersMs: 120_000, requestMs: 120_000, closeGraceMs: 300 } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const sockets = [
      trickle(port, 'GET / HTTP/1.1\r\nHost: x\r\n', 'X-Slow: abc\r\n'),
      trickle(port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 20000\r\n\r\n', 'a=b&'),
    ];
    try {
      // Both connections are established and sending before the shutdown starts.
      await within(
        (async () => {
          for (;;) {
            const count = await new Promise<number>((r) => app.server.getConnections((_e, n) => r(n)));
            if (count >= 2) return;
            await new Promise((r) => setTimeout(r, 20));
          }
        })(),
        5_000,
        'the two slow sockets never connected',
      );
      await within(app.close(), 5_000, 'app.close() was held up by slow sockets');
      await within(Promise.all(sockets.map((s) => s.closed)), 5_000, 'the slow sockets were not closed at shutdown');
    } finally {
      for (const s of sockets) s.stop();
      await t.cleanup();
    }
  });
});

describe('SIGTERM with slow sockets open, on the real server process', () => {
  it('the server exits cleanly (code 0, not the 10 s forced exit) while two sockets are still trickling', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crnz-edge-'));
    const site = tinySite();
    const server = await startServer({ DIST_DIR: site, DATABASE_URL: join(dir, 'leads.sqlite') });
    const port = Number(new URL(server.url).port);
    const sockets = [
      trickle(port, 'GET / HTTP/1.1\r\nHost: x\r\n', 'X-Slow: abc\r\n', 500),
      trickle(port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 20000\r\n\r\n', 'a=b&', 500),
    ];
    try {
      await within(Promise.all(sockets.map((s) => s.connected)), 2_000, 'the slow sockets never connected');
      server.child.kill('SIGTERM');
      // The grace is 5 s and the forced exit (code 1) comes at 10 s: a clean exit before then is the grace at work.
      expect(await within(server.exited, 9_000, `the server did not exit after SIGTERM:\n${server.output()}`)).toBe('0');
      await within(Promise.all(sockets.map((s) => s.closed)), 2_000, 'the slow sockets were left open');
    } finally {
      for (const s of sockets) s.stop();
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      rmSync(site, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('methods, paths and headers', () => {
  let t: TestStore;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestStore('sqlite');
    app = await buildApp({ store: t.store, distDir, rateLimit: { max: 1000, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  it.each([
    ['PUT', '/', 'GET, HEAD, POST'],
    ['DELETE', '/', 'GET, HEAD, POST'],
    ['DELETE', '/contact', 'GET, HEAD'],
    ['PATCH', '/blog', 'GET, HEAD'],
    ['PUT', '/contact', 'GET, HEAD'],
    ['OPTIONS', '/contact', 'GET, HEAD'],
    ['POST', '/contact', 'GET, HEAD'],
    ['POST', '/index.html', 'GET, HEAD'],
    ['POST', '/healthz', 'GET, HEAD'],
    ['DELETE', '/no-such-page', 'GET, HEAD'],
  ] as const)('%s %s is a 405 with Allow: %s, before the body is read, and stores nothing', async (method, url, allow) => {
    const res = await app.inject({ method, url, headers: { 'content-type': 'application/json' }, payload: '{"contact_name":' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.body).not.toContain('<main');
    expect(await t.store.listLeads({ includeSpam: true })).toEqual([]);
  });

  it('GET and HEAD still answer pages, and POST / still takes a quote', async () => {
    expect((await app.inject({ method: 'GET', url: '/contact' })).statusCode).toBe(200);
    const head = await app.inject({ method: 'HEAD', url: '/contact' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const post = await app.inject({ method: 'POST', url: '/', headers: FORM, payload: formBody() });
    expect(post.statusCode).toBe(303);
    expect(await t.store.listLeads()).toHaveLength(1);
  });

  it.each([
    '//evil.example/contact',
    '//evil.example',
    '///evil.example/contact',
    '/%2Fevil.example/contact',
    '/%2f%2fevil.example/contact',
    '/%5Cevil.example/contact',
    '/%2F/contact',
  ])('GET %s is a 404, not the page', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('noindex');
  });

  it('GET /\\evil.example/contact, sent as is on a socket, is a 404', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const s = trickle(port, 'GET /\\evil.example/contact HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', '', 60_000);
    await within(s.closed, 5_000, 'no answer to GET /\\evil.example/contact');
    expect(s.received()).toMatch(/^HTTP\/1\.1 404 /);
  });

  it.each([
    ['http://www.example.nz//evil.example/contact', '/contact'],
    ['http://www.example.nz/%2F%2Fevil.example/contact', '/contact'],
    ['http://www.example.nz/%2F/evil.example', '/contact'],
    ['https://evil.example/contact', '/contact'],
    ['http://www.example.nz/hamilton?utm_source=x', '/hamilton?utm_source=x'],
  ])('a refused post from %s links back to %s', async (referer, back) => {
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { ...HTML_ACCEPT, host: 'www.example.nz', referer },
      payload: formBody({ work_email: 'not-an-email' }),
    });
    expect(res.statusCode).toBe(400);
    const links = [...res.body.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    expect(links.filter((h) => h.startsWith('//') || h.includes('evil'))).toEqual([]);
    expect(links).toContain(back.replace(/&/g, '&amp;'));
  });

  it.each([
    ['a refused post', { work_email: 'not-an-email' }, 400, 'Please check your quote request'],
    ['a post of an unknown form', { 'form-name': 'other' }, 400, 'Please check your quote request'],
  ] as const)('%s without JavaScript gets the site page: stylesheet, header, footer, way back, emergency line', async (_name, overrides, status, title) => {
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { ...HTML_ACCEPT, host: 'www.example.nz', referer: 'http://www.example.nz/hamilton' },
      payload: formBody(overrides),
    });
    expect(res.statusCode).toBe(status);
    const html = res.body;
    expect(html).toMatch(new RegExp(`<title>${title} \\| `));
    expect(html).toMatch(/<style>/);
    expect(html).toMatch(/<meta http-equiv="content-security-policy" content="[^"]*style-src 'self' 'sha256-/);
    expect(html).toMatch(/<header[\s\S]*<main id="main"[\s\S]*<\/main>[\s\S]*<footer/);
    expect(html).toContain('href="/hamilton"');
    expect(html).toContain('href="tel:');
    expect(html).not.toContain('og:url');
    // The page's own CSP <meta> governs its styles; the header must not forbid them.
    expect(res.headers['content-security-policy']).not.toContain("default-src 'none'");
  });

  const everyKind: [string, string, RegExp][] = [
    ['a page', '/contact', /^text\/html/],
    ['the home page', '/', /^text\/html/],
    ['an SVG', '/favicon.svg', /^image\/svg\+xml/],
    ['JSON', '/healthz', /^application\/json/],
    ['the 404 page', '/no-such-page', /^text\/html/],
    ['robots.txt', '/robots.txt', /^text\/plain/],
  ];
  it.each(everyKind)('%s carries HSTS, CORP and a CSP', async (_kind, url, type) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.headers['content-type']).toMatch(type);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['cross-origin-resource-policy']).toBe(url.endsWith('.svg') ? 'cross-origin' : 'same-origin');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    if (!String(res.headers['content-type']).startsWith('text/html')) expect(csp).toContain("default-src 'none'");
  });

  it('an SVG cannot run script when opened on its own', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.svg' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).not.toMatch(/script-src/);
  });

  it('a 304, a 405 and a refused post carry them too', async () => {
    const first = await app.inject({ method: 'GET', url: '/favicon.svg' });
    const notModified = await app.inject({ method: 'GET', url: '/favicon.svg', headers: { 'if-none-match': String(first.headers.etag) } });
    const refused = await app.inject({ method: 'POST', url: '/', headers: HTML_ACCEPT, payload: 'form-name=x' });
    const wrongMethod = await app.inject({ method: 'PUT', url: '/contact' });
    expect([notModified.statusCode, refused.statusCode, wrongMethod.statusCode]).toEqual([304, 400, 405]);
    for (const res of [notModified, refused, wrongMethod]) {
      expect(res.headers['strict-transport-security']).toBe(HSTS);
      expect(res.headers['cross-origin-resource-policy']).toBeDefined();
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('HSTS is off when the setting says the site is served without TLS', async () => {
    const plain = await buildApp({ store: t.store, distDir, hsts: false });
    try {
      const res = await plain.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await plain.close();
    }
    expect(loadConfig({}).HSTS).toBe(true);
    expect(loadConfig({ HSTS: 'false' }).HSTS).toBe(false);
    expect(() => loadConfig({ HSTS: 'maybe' })).toThrow(/HSTS/);
  });
});
