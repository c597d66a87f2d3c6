/**
 * The CSV export's edge: refused tokens are logged with the client address and slowed
 * down; rows are streamed page by page (the first bytes reach the client before the store is
 * asked for the second page); keyset paging returns every lead once, in order, on both stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../support/peers.ts';
import { get } from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { loggerOptions } from '../../server/http/log-redaction.ts';
import { eachLead } from '../../server/storage/open-store.ts';
import type { LeadStore, ListOptions } from '../../server/storage/types.ts';
import { parseLead } from '../../core/lead/schema.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';

const TOKEN = 'an-export-token-of-thirty-two-chars-or-more';
const lead = (i: number) => parseLead({ contact_name: `Lead ${i}`, work_email: `lead${i}@example.co.nz` }).lead!;

describe('refused export attempts', () => {
  let t: TestStore;
  let app: FastifyInstance;
  const lines: string[] = [];
  const DELAY = 300;

  beforeAll(async () => {
    t = await createTestStore('sqlite');
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const logger = pino(loggerOptions('info'), sink);
    app = await buildApp({ store: t.store, exportToken: TOKEN, exportFailureDelayMs: DELAY, logger });
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  it('logs each refused attempt with the client address, never the token tried', async () => {
    const wrong = 'guess-0000000000000000000000000000000';
    const res = await app.inject({ url: '/api/leads.csv', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${wrong}` } });
    expect(res.statusCode).toBe(401);
    const refused = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => String(l.msg).startsWith('export refused'));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ ip: '203.0.113.9', level: 40 });
    expect(lines.join('\n')).not.toContain(wrong);
  });

  it.each([
    ['a wrong token', { authorization: `Bearer ${TOKEN}x` }],
    ['no token', {}],
  ])('answers %s only after the delay', async (_name, headers) => {
    const started = performance.now();
    const res = await app.inject({ url: '/api/leads.csv', headers });
    expect(res.statusCode).toBe(401);
    // A lower bound only: the answer cannot come before the delay (timers never fire early by more than a millisecond).
    expect(performance.now() - started).toBeGreaterThanOrEqual(DELAY - 2);
  });

  it('the right token is answered', async () => {
    const res = await app.inject({ url: '/api/leads.csv', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
  });
});

describe('streamed export', () => {
  let t: TestStore;
  let app: FastifyInstance;
  let port: number;
  let firstBytes: () => void;
  const clientHasBytes = new Promise<void>((resolve) => (firstBytes = resolve));
  let pagesAsked = 0;
  const COUNT = 620;

  beforeAll(async () => {
    t = await createTestStore('sqlite');
    for (let i = 0; i < COUNT; i++) await t.store.insertLead(lead(i), { spam: false, purposes: [] });
    // The store hands out the first page at once, and any later page only once the client holds bytes:
    // an export that built the whole file before sending would wait here for ever.
    const gated: LeadStore = Object.create(t.store, {
      listLeads: {
        value: async (options: ListOptions) => {
          pagesAsked++;
          if (options.after) await clientHasBytes;
          return t.store.listLeads(options);
        },
      },
    });
    app = await buildApp({ store: gated, exportToken: TOKEN });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  it('sends the first rows before the store is asked for the rest, and every row once', async () => {
    const body = await within(
      new Promise<string>((resolve, reject) => {
        const req = get({ port, host: '127.0.0.1', path: '/api/leads.csv', headers: { authorization: `Bearer ${TOKEN}` } }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            firstBytes();
          });
          res.on('end', () => resolve(text));
          res.on('error', reject);
        });
        req.on('error', reject);
      }),
      10_000,
      'the export never finished: it waited for the whole table before sending',
    );
    expect(pagesAsked).toBeGreaterThan(1);
    const rows = body.trimEnd().split('\r\n');
    expect(rows[0]).toMatch(/^\uFEFFid,created_at,spam,contact_name/);
    expect(rows).toHaveLength(COUNT + 1);
    const names = rows.slice(1).map((r) => /"Lead (\d+)"/.exec(r)?.[1]);
    expect(new Set(names).size).toBe(COUNT);
  });
});

describe.each(storeKinds)('keyset paging on %s', (kind) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await createTestStore(kind);
    for (let i = 0; i < 23; i++) await t.store.insertLead(lead(i), { spam: i % 5 === 0, purposes: [] });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it.each([1, 7, 23, 50])('pages of %i give every lead once, in the list order', async (size) => {
    for (const includeSpam of [false, true]) {
      const paged: string[] = [];
      for await (const l of eachLead(t.store, { includeSpam }, size)) paged.push(l.id);
      expect(paged).toEqual((await t.store.listLeads({ includeSpam })).map((l) => l.id));
    }
  });
});
