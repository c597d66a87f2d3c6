/**
 * Holes found by attacking a running server: JSON bodies on the form's endpoint, addresses SMTP
 * refuses for good, a flood of wrong export tokens, undecodable paths and Node's own refusals
 * without security headers, invisible and fullwidth characters past the spam screen, and a health
 * check that wrote to the database on every call.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { OutboxWorker } from '../../server/outbox/worker.ts';
import { createEmailSender } from '../../server/outbox/email.ts';
import { createMailer } from '../../server/outbox/mailer.ts';
import { securityHeaderValues } from '../../server/http/plugins/security.ts';
import { scoreLead } from '../../server/leads/spam.ts';
import { isDeliverableAddress, parseLead } from '../../core/lead/schema.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';
import { aboutLeads } from '../support/workers.ts';
import { startSmtp, waitFor, type SmtpPeer } from '../support/peers.ts';

const SECURITY_HEADERS = Object.keys(securityHeaderValues('text/html', true)).map((h) => h.toLowerCase());

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  for (const name of SECURITY_HEADERS) expect(headers[name], `${what}: ${name}`).toBeTruthy();
}

describe('the form endpoint and the framework answers', () => {
  let t: TestStore;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestStore('sqlite');
    app = await buildApp({ store: t.store, rateLimit: { max: 1000, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  it.each([
    ['{"fields":{"form-name":"commercialLead","contact_name":"A","work_email":"a@b.co.nz"}}'],
    ['{"fields":null,"repeated":[]}'],
    ['{"fields":{"form-name":"commercialLead"},"repeated":[],"elapsed_ms":5}'],
    ['{"elapsed_ms":12}'],
    ['{not json'],
  ])('a JSON body %s is a 415 and stores nothing', async (payload) => {
    const res = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json', accept: 'application/json' }, payload });
    expect(res.statusCode).toBe(415);
    expectSecurityHeaders(res.headers, payload);
    expect(await t.store.listLeads({ includeSpam: true })).toHaveLength(0);
  });

  it.each(['/%ff', '/%', '/%E0%A4%A', '/contact%'])('the undecodable path %s is a 400 with every security header', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expectSecurityHeaders(res.headers, url);
  });

  it('an address a mail server would refuse for good is refused at the form, with nothing stored', async () => {
    for (const address of ['x@example.com.', 'x@-example.nz', 'x@example-.nz', 'x@example..nz', 'x@example.123']) {
      expect(isDeliverableAddress(address), address).toBe(false);
      const res = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ work_email: address }) });
      expect(res.statusCode, address).toBe(400);
      expect(res.json().errors.work_email, address).toMatch(/e-mail address/);
    }
    for (const address of ['mere@kaicafe.co.nz', 'o.brien+quotes@kai-cafe.nz', 'ana@café.nz', 'a@b.xn--p1ai'])
      expect(isDeliverableAddress(address), address).toBe(true);
    expect(await t.store.listLeads({ includeSpam: true })).toHaveLength(0);
  });
});

describe("Node's own refusals on a real socket", () => {
  let t: TestStore;
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    t = await createTestStore('sqlite');
    app = await buildApp({ store: t.store });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  function raw(request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      let data = '';
      socket.on('data', (d) => (data += d.toString('latin1')));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
  }

  it.each([
    ['headers too large', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['bytes that are not HTTP', 'HELLO THERE\r\n\r\n', 400],
  ])('%s: the answer carries the security headers', async (_what, request, status) => {
    const answer = await raw(request);
    expect(answer.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
    const head = answer.split('\r\n\r\n')[0]!.toLowerCase();
    for (const name of SECURITY_HEADERS) expect(head).toContain(`${name}: `);
  });
});

describe('a long-lived keep-alive connection', () => {
  let t: TestStore;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestStore('sqlite');
    app = await buildApp({ store: t.store, rateLimit: { max: 1_000_000, windowMs: 60_000 } });
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  it('a quote sent as request 1,001 on one connection is stored, not refused for its connection', async () => {
    const { port } = app.server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let connections = 0;
    app.server.on('connection', () => connections++);
    const send = (method: string, path: string, body?: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, method, path, agent, headers: body ? JSON_ACCEPT : {} }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
        req.end(body);
      });
    try {
      for (let i = 0; i < 1000; i++) expect(await send('GET', '/healthz')).toBe(200);
      expect(await send('POST', '/', formBody({ contact_name: 'Request 1001' }))).toBe(200);
    } finally {
      agent.destroy();
    }
    expect(connections).toBe(1);
    expect((await t.store.listLeads()).map((l) => l.contact_name)).toEqual(['Request 1001']);
  });
});

describe.each(storeKinds)('wrong export tokens on %s', (kind) => {
  let t: TestStore;
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await t.cleanup();
  });

  it('a flood from one address: only the allowed failures wait for their 401, the rest are 429 at once, counted across instances', async () => {
    t = await createTestStore(kind);
    const options = {
      store: t.store,
      exportToken: 'an-export-token-of-thirty-two-chars-or-more',
      exportFailureDelayMs: 200,
      exportFailureLimit: { max: 5, windowMs: 60_000 },
    };
    // On PostgreSQL two instances share the count; on SQLite (one instance) one app stands alone.
    const instances = kind === 'postgres' ? 2 : 1;
    for (let i = 0; i < instances; i++) apps.push(await buildApp(options));
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        apps[i % instances]!.inject({ method: 'GET', url: '/api/leads.csv', headers: { authorization: `Bearer wrong-${i}` } }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(55);
    expect(Number(answers.find((a) => a.statusCode === 429)!.headers['retry-after'])).toBeGreaterThan(0);
    // The right token still works: the limit is on failures.
    const right = await apps[0]!.inject({ method: 'GET', url: '/api/leads.csv', headers: { authorization: `Bearer ${options.exportToken}` } });
    expect(right.statusCode).toBe(200);
  });
});

describe('invisible and look-alike characters', () => {
  it.each([
    ['soft hyphen', 'Cheap via\u00adgra online, buy now'],
    ['combining grapheme joiner', 'Cheap via\u034fgra online, buy now'],
    ['Hangul filler', 'Cheap via\u3164gra online, buy now'],
    ['tag characters', 'Cheap via\u{E0061}gra online, buy now'],
    ['fullwidth letters', 'Cheap ｖｉａｇｒａ online, buy now'],
    ['mathematical letters', 'Cheap 𝐯𝐢𝐚𝐠𝐫𝐚 online, buy now'],
  ])('%s do not carry a spam word past the screen', (_what, notes) => {
    expect(scoreLead({ contact_name: 'A', company_name: '', notes }).reasons.join()).toMatch(/adult or gambling/);
  });

  it('default-ignorable characters are gone from what is stored; line breaks, tabs and visible text stay', () => {
    const parsed = parseLead({
      contact_name: 'Ma\u00adre\u034fe \u3164Tane\u{E0041}\u115f',
      work_email: 'mere@kaicafe.co.nz',
      notes: 'Line one\u00ad\n\tLine two 👍🏽 ａ',
    });
    expect(parsed.ok).toBe(true);
    expect(parsed.lead!.contact_name).toBe('Maree Tane');
    expect(parsed.lead!.notes).toBe('Line one\n\tLine two 👍🏽 ａ');
  });
});

describe.each(storeKinds)('a permanent SMTP refusal on %s', (kind) => {
  let t: TestStore;
  let smtp: SmtpPeer;
  let worker: OutboxWorker | undefined;
  afterEach(async () => {
    await worker?.stop();
    await smtp.close();
    await t.cleanup();
  });

  it.each([
    [550, 'dead', 1],
    [451, 'pending', 1],
  ])('a %i answer leaves the job %s after %i attempt', async (code, status, attempts) => {
    t = await createTestStore(kind);
    smtp = await startSmtp(0, '127.0.0.1', { refuse: () => ({ code, message: `${code} mailbox unavailable` }) });
    const app = await buildApp({ store: t.store, leadPurposes: ['new-lead'] });
    const res = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody() });
    await app.close();
    expect(res.statusCode).toBe(200);
    const email = createEmailSender({
      mailer: createMailer({ smtpUrl: smtp.url }),
      to: 'quotes@example.nz',
      from: 'website@example.nz',
      messageIdDomain: 'example.nz',
    });
    // A retry a minute away: the run below makes one attempt, whatever the machine's speed.
    worker = new OutboxWorker({
      store: t.store,
      senders: aboutLeads(t.store, { 'new-lead': email }),
      log: pino({ level: 'silent' }),
      pollIntervalMs: 50,
      maxAttempts: 24,
      backoff: { baseMs: 60_000, maxMs: 60_000 },
    });
    expect(await worker.runOnce()).toBe(1);
    const job = await waitFor(async () => (await t.store.listJobs()).find((j) => j.attempts > 0), { what: 'the attempt recorded' });
    expect(job?.status).toBe(status);
    expect(job?.attempts).toBe(attempts);
    expect(job?.last_error).toContain(String(code));
    expect(smtp.messages).toHaveLength(0);
  });
});

describe('the health check', () => {
  let t: TestStore;
  let app: FastifyInstance;
  let writes = 0;
  beforeAll(async () => {
    t = await createTestStore('sqlite');
    const checkWritable = t.store.checkWritable.bind(t.store);
    t.store.checkWritable = async () => {
      writes++;
      return checkWritable();
    };
    app = await buildApp({ store: t.store, healthCacheMs: 60_000 });
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  it('calls that arrive together, and calls within the cache time, share one write', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => app.inject({ method: 'GET', url: '/healthz' })));
    expect(answers.every((a) => a.statusCode === 200 && a.json().ok === true)).toBe(true);
    await app.inject({ method: 'GET', url: '/healthz' });
    expect(writes).toBe(1);
  });
});
