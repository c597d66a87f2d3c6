/**
 * The inbox API attacked: every route, as an owner and as staff, with arbitrary query strings,
 * ids and JSON bodies (fast-check), never answers 5xx and never hangs, the site editor's included
 * (with a publisher whose build is the fast stand-in, so its publishes, restores and "verified
 * today" really build and swap the served site); and the attacks that once
 * worked stay closed: a report of the year 9999 or 0000, cursors and dates out of range, a won job
 * under a cent, invisible characters in notes, a request another site started, a session left
 * alive by a new sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { createInboxMailer } from '../../server/inbox/mail.ts';
import { createMailer } from '../../server/outbox/mailer.ts';
import { startSmtp, waitFor, within } from '../support/peers.ts';
import { softPasskey } from '../support/soft-authenticator.ts';
import { invite } from '../../server/inbox/invite.ts';
import { addHamiltonTechnician } from '../support/partners.ts';
import { inboxSession, INBOX_ORIGIN, type Browser } from '../support/inbox-session.ts';
import { partnerKinds, partnerRegions, partnerServices } from '../../core/partner/kinds.ts';
import { createTestStore, formBody, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';
import { routeRecorder, type RegisteredRoute } from '../support/routes.ts';
import { siteInstance } from '../support/site-editor.ts';
import { listVersions } from '../../server/storage/site-versions.ts';

const INBOX_API = '/inbox/api';

/** The routes under /inbox/api among those the app registered, each relative to that prefix. */
function inboxRoutes(registered: readonly RegisteredRoute[]): RegisteredRoute[] {
  return registered.filter((r) => r.url.startsWith(`${INBOX_API}/`)).map((r) => ({ method: r.method, url: r.url.slice(INBOX_API.length) }));
}

/** Routes this file calls by name: the recorded list must hold them, or the hook saw nothing of the inbox. */
const KNOWN_ROUTES: RegisteredRoute[] = [
  { method: 'GET', url: '/leads' },
  { method: 'POST', url: '/auth/passkey/verify' },
  { method: 'POST', url: '/leads/:id/status' },
  { method: 'POST', url: '/leads/:id/notes' },
  { method: 'PUT', url: '/leads/:id/follow-up' },
  { method: 'GET', url: '/reports' },
  { method: 'GET', url: '/audit' },
  { method: 'GET', url: '/google-ads.csv' },
  { method: 'POST', url: '/auth/code' },
  { method: 'POST', url: '/auth/link' },
  { method: 'POST', url: '/passkeys' },
  { method: 'POST', url: '/partners/import' },
  { method: 'GET', url: '/backups' },
  { method: 'GET', url: '/site' },
  { method: 'GET', url: '/site/entries/:collection/:id' },
  { method: 'PUT', url: '/site/entries/:collection/:id/draft' },
  { method: 'DELETE', url: '/site/entries/:collection/:id/draft' },
  { method: 'POST', url: '/site/entries/:collection/:id/publish' },
  { method: 'POST', url: '/site/entries/:collection/:id/verify' },
  { method: 'GET', url: '/site/versions' },
  { method: 'GET', url: '/site/versions/:number' },
  { method: 'POST', url: '/site/versions/:number/restore' },
  { method: 'POST', url: '/site/photos' },
  { method: 'GET', url: '/site/photos/:id' },
];

const b64json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Values that broke or could break a parser, a date loop or a database column. */
const hostileValue = fc.oneof(
  fc.constantFrom(
    '9999-12-31',
    '0000-01-01',
    '2026-02-30',
    // Impossible months and days: an invalid Date's toISOString throws.
    '2026-13-01',
    '2026-02-00',
    '+010000-01-01',
    '2026-11-25T00:00:00Z',
    '1e308',
    '-1e20',
    'NaN',
    '9007199254740993',
    '',
    ' ',
    '%00',
    // A NUL character: PostgreSQL's text cannot hold it, so it must be refused before a query.
    '\u0000',
    'id\u0000x',
    '../../etc/passwd',
    "' OR 1=1 --",
    'a'.repeat(5000),
    b64json({ priority: 2 ** 53, created_at: '2026-01-01T00:00:00.000Z', id: 'x' }),
    b64json({ priority: 0, created_at: '0000-01-01T00:00:00.000Z', id: 'x' }),
    b64json({ at: 1e308, id: 'x' }),
    b64json({ at: -1e20, id: 'x' }),
    b64json({ at: 1.5, id: 'x' }),
    'new',
    'spam',
    'all',
  ),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
);

const numberish = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(2 ** 53, 1e308, -1e20, 0, 1, 0.001, -0));
const dateish = fc.oneof(
  fc.constantFrom('9999-12-31', '0000-01-01', '2026-02-30', '2026-11-25', '1999-12-31', '2100-01-01'),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
);
const instantish = fc.oneof(
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('0000-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z'),
);
/** A paging cursor as the server makes them, with hostile numbers and dates inside, or anything else. */
const cursorish = fc.oneof(
  hostileValue,
  fc.record({ priority: numberish, created_at: instantish, id: fc.string({ maxLength: 120 }) }).map(b64json),
  fc.record({ at: numberish, id: fc.string({ maxLength: 120 }) }).map(b64json),
);
const anyOf = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, hostileValue);
/** A query string of the keys the inbox reads, each present or not. */
const hostileQuery = fc.record(
  {
    from: anyOf(dateish),
    to: anyOf(dateish),
    since: anyOf(dateish),
    view: anyOf(fc.constantFrom('new', 'won', 'spam', 'all')),
    q: hostileValue,
    cursor: cursorish,
    before: cursorish,
    limit: anyOf(numberish.map(String)),
    email: anyOf(fc.emailAddress()),
  },
  { requiredKeys: [] },
);
/** A JSON body of the fields the inbox reads, each present or not, with hostile values. */
const hostileBody = fc.option(
  fc.record(
    {
      status: fc.oneof(fc.constantFrom('new', 'won', 'lost', 'quoted'), hostileValue),
      job_value: fc.oneof(numberish, hostileValue),
      lost_reason: fc.oneof(fc.constantFrom('price', 'other'), hostileValue),
      text: fc.oneof(fc.string({ maxLength: 5000 }), fc.constantFrom('\u202eevil\u200b', '')),
      date: fc.oneof(dateish, fc.constant(null), numberish),
      email: fc.oneof(fc.emailAddress(), hostileValue),
      role: fc.oneof(fc.constantFrom('owner', 'staff'), hostileValue),
      code: fc.oneof(fc.stringMatching(/^\d{6}$/), hostileValue),
      token: hostileValue,
      name: hostileValue,
      response: fc.jsonValue({ maxDepth: 3 }),
      phone: hostileValue,
      kind: fc.oneof(fc.constantFrom(...partnerKinds), hostileValue),
      regions: fc.oneof(fc.array(fc.oneof(fc.constantFrom(...partnerRegions), hostileValue), { maxLength: 20 }), hostileValue),
      services: fc.oneof(fc.array(fc.oneof(fc.constantFrom(...partnerServices), hostileValue), { maxLength: 10 }), hostileValue),
      industries: fc.oneof(fc.array(hostileValue, { maxLength: 5 }), fc.constant(null)),
      on_call: fc.oneof(fc.boolean(), hostileValue),
      paused: fc.oneof(fc.boolean(), hostileValue),
      // The partner spreadsheet's upload: CSV text with quotes, breaks and formulas, or anything else.
      csv: fc.oneof(
        hostileValue,
        fc
          .array(fc.array(fc.oneof(hostileValue, fc.constantFrom('"', '""', '=1+1', 'a\nb', 'Hamilton;Repair', 'yes')), { maxLength: 8 }), { maxLength: 6 })
          .map((rows) => ['name,email,phone,kind,regions,services,on_call', ...rows.map((cells) => cells.join(','))].join('\n')),
      ),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);

/** The site editor's entries: real ones (so reads, drafts and publishes reach the publisher) and made-up ones. */
const REAL_ENTRIES = [
  ['guides', 'commercial-fridge-prices-nz'],
  ['pages', 'index'],
  ['blog', 'energy-saving-tips'],
  ['products', 'commercial-fridge'],
  ['calculators', 'running-cost'],
] as const;
const collectionish = fc.oneof(
  fc.constantFrom('pages', 'products', 'cities', 'blog', 'guides', 'calculators'),
  fc.constantFrom('__proto__', 'constructor', 'Pages', 'pages%2F..', '..', '%2e%2e', 'guides%00', 'secrets'),
  hostileValue.map(encodeURIComponent),
);
const entryIdish = fc.oneof(
  fc.constantFrom(
    'index',
    'commercial-fridge-prices-nz',
    'no-such-entry',
    '__proto__',
    'constructor',
    '-x',
    'a'.repeat(82),
    '..%2F..%2Fetc%2Fpasswd',
    'index.yaml',
  ),
  hostileValue.map(encodeURIComponent),
);
const siteEntry = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...REAL_ENTRIES) }, { weight: 2, arbitrary: fc.tuple(collectionish, entryIdish) });
/** A version number as a path segment: real ones, out of range, not a number. */
const versionish = fc.oneof(
  fc.nat(6).map(String),
  fc.constantFrom('-1', '1e308', '1e3', 'NaN', 'Infinity', '0x10', '1.5', '1000000000', '1000000001', '9007199254740993', '%00', '+1', ' 1'),
  fc.integer().map(String),
  hostileValue.map(encodeURIComponent),
);

/** `depth` objects inside each other. */
const nested = (depth: number, inner: unknown = 'x'): unknown => {
  let value = inner;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};
/** Objects no form sends: prototype keys (own properties, as JSON.parse makes them), deep nesting, odd shapes. */
const hostileData = fc.constantFrom<unknown>(
  JSON.parse('{"__proto__":{"heading":"polluted"}}'),
  JSON.parse('{"constructor":{"prototype":{"heading":"polluted"}}}'),
  JSON.parse('{"heading":"x","__proto__":null}'),
  { constructor: 'x', toString: 1, hasOwnProperty: null, valueOf: [] },
  { nested: nested(1000) },
  { nested: nested(2000) },
  nested(1000),
  { ['k'.repeat(101)]: 1 },
  Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i])),
  [],
  [1, 2],
  42,
  'data',
  null,
  true,
);
/** Article bodies that try to run or inject something, and any text. */
const hostileMarkdown = fc.oneof(
  fc.constantFrom(
    "import fs from 'node:fs'",
    'export const x = 1',
    '{process.exit(1)}',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<iframe src="https://evil.example"></iframe>',
    '[x](javascript:alert(1))',
    '[x]: javascript:alert(1)',
    '> [x]: javascript:alert(1)\n\n[x]',
    '<!-- hidden -->',
    '<Calculator tool="runningCost" onClick="alert(1)" />',
    '<EmergencyLine>text</EmergencyLine>',
    '<Calculator tool="runningCost" />',
    '<EmergencyLine />',
    '\u0000',
    '\ud800',
    '---\nlayout: x\n---',
  ),
  fc.string({ maxLength: 2000 }),
  hostileValue,
);

describe.each(storeKinds)('the inbox API under attack on %s', (kind) => {
  let t: TestStore;
  let app: FastifyInstance;
  let site: Awaited<ReturnType<typeof siteInstance>>;
  const session = inboxSession(
    () => app,
    () => t.store,
  );
  // Fills as buildApp registers the routes: Fastify's onRoute hook, added before the first route.
  const registered = routeRecorder();

  beforeAll(async () => {
    t = await createTestStore(kind);
    site = await siteInstance(t.store);
    app = await buildApp({
      store: t.store,
      site: site.site,
      leadPurposes: ['new-lead'],
      rateLimit: { max: 1000, windowMs: 600_000 },
      inbox: { publicOrigin: INBOX_ORIGIN, signInLimit: { max: 100_000, windowMs: 600_000 }, site: site.publisher },
      onRoute: registered.onRoute,
    });
    expect((await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody() })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await site?.publisher.stop();
    await app?.close();
    if (site) rmSync(site.work, { recursive: true, force: true });
    await t?.cleanup();
  });

  let leads = 0;
  /** A lead of the test's own: the attack above may have deleted any other. */
  async function newLead(): Promise<string> {
    const name = `Attack Test ${++leads}`;
    expect((await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ contact_name: name }) })).statusCode).toBe(200);
    return (await t.store.listLeads({ includeSpam: true })).find((l) => l.contact_name === name)!.id;
  }

  it('answers every route, as owner and as staff, with hostile queries, ids and bodies: never a 5xx, never a hang', async () => {
    const routes = inboxRoutes(registered.routes);
    // Recorded as registered, not listed here, so a route added later is attacked too; and the
    // attack cannot pass by attacking nothing: the recorded list holds the routes this file calls by name.
    expect(routes.length).toBeGreaterThanOrEqual(25);
    expect(routes).toEqual(expect.arrayContaining(KNOWN_ROUTES));
    const [lead] = await t.store.listLeads({ includeSpam: true });
    const partner = await addHamiltonTechnician(t.store, 'Attack Partner', 'attack@partner.nz');
    const ids = fc.oneof(fc.constantFrom(lead!.id, partner.id), hostileValue.map(encodeURIComponent), fc.uuid());
    // The site editor's fields: an entry's real content (so some publishes pass the checks and build),
    // edited or not, or anything at all; a body with injections; a base version of any kind.
    const release = site.publisher.release;
    const guide = release.get('guides/commercial-fridge-prices-nz')!;
    const realData = fc.oneof(
      fc.constantFrom(...REAL_ENTRIES.map(([c, i]) => release.get(`${c}/${i}`)!.data)),
      fc
        .tuple(
          fc.constantFrom(...REAL_ENTRIES.map(([c, i]) => release.get(`${c}/${i}`)!.data)),
          fc.string({ minLength: 1, maxLength: 120 }),
          fc.jsonValue({ maxDepth: 2 }),
        )
        .map(([data, text, value]) => ({ ...data, heading: text, title: text, [text.slice(0, 100)]: value })),
    );
    const siteFields = fc.record(
      {
        data: fc.oneof(realData, fc.jsonValue({ maxDepth: 4 }), hostileData),
        body: fc.oneof(
          fc.constant(guide.body!),
          hostileMarkdown.map((attack) => `${guide.body!}\n\n${attack}\n`),
          hostileMarkdown,
          fc.jsonValue({ maxDepth: 2 }),
        ),
        basedOn: fc.oneof(fc.nat(6), numberish, hostileValue, fc.constantFrom(null, -1, 1_000_000_001, '0', [0], { valueOf: 0 })),
        keep: fc.oneof(fc.constantFrom('mine', 'release'), hostileValue),
      },
      { requiredKeys: [] },
    );
    const siteBody = fc.tuple(hostileBody, siteFields).map(([other, fields]) => ({ ...other, ...fields }));
    // Each of these runs first on its route: a publish that passes, "verified today" and a restore,
    // so the attack reaches the build and the swap, not only the refusals.
    const guideEdit = { data: { ...guide.data, heading: 'Commercial Fridge Prices in New Zealand, as Attacked' }, body: guide.body, basedOn: 0 };
    const guidePath = { collection: 'guides', id: 'commercial-fridge-prices-nz', number: '0' };
    const examples: Record<string, [Record<string, string>, unknown][]> = {
      'POST /site/entries/:collection/:id/publish': [[guidePath, guideEdit]],
      'POST /site/entries/:collection/:id/verify': [[guidePath, undefined]],
      'POST /site/versions/:number/restore': [[guidePath, undefined]],
    };
    let people = 0;
    // The first entry opened starts the content checker's process (a cold start, not a hang), before any timed attack.
    const first = await session.signedIn(`p${++people}@example.nz`, 'owner');
    expect((await within(session.call(first, 'GET', '/site/entries/pages/index'), 60_000, 'the first entry opened hung')).statusCode).toBe(200);
    // Route by route, so each gets its share of attempts however many there are.
    for (const route of routes) {
      const isSite = route.url.startsWith('/site');
      // Each publish, restore and "verified today" that passes builds the site: fewer of those, and
      // longer to count as a hang (the stand-in build copies the content folder and writes every page).
      const builds = isSite && route.method === 'POST';
      const spoils = /^\/(auth|session|passkeys|people|profile)\b/.test(route.url);
      const routePeople: Partial<Record<'owner' | 'staff', Browser>> = {};
      const hangMs = builds ? 20_000 : 5_000;
      const params = fc.record({
        id: isSite ? fc.constant('') : ids,
        entry: siteEntry,
        number: versionish,
      });
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('owner', 'staff') as fc.Arbitrary<'owner' | 'staff'>,
          params,
          hostileQuery,
          isSite ? fc.option(siteBody, { nil: undefined, freq: 8 }) : hostileBody,
          async (role, { id, entry: [collection, entryId], number }, query, body) => {
            // A fresh person each time on the routes of sessions, passkeys and people, where a run that
            // signs out, demotes or removes its own person would spoil the next; elsewhere one person
            // of each role for the route's runs (signing in costs three times the attack itself).
            const browser = spoils
              ? await session.signedIn(`p${++people}@example.nz`, role)
              : (routePeople[role] ??= await session.signedIn(`p${++people}@example.nz`, role));
            const path = isSite
              ? route.url.replace(':collection', collection).replace(':id', entryId).replace(':number', number)
              : route.url.replace(':id', id);
            const url = `${path}?${new URLSearchParams(query)}`;
            const answer = await within(session.call(browser, route.method as 'GET', url, body), hangMs, `${route.method} ${url} hung`);
            expect(answer.statusCode, `${role} ${route.method} ${url} ${JSON.stringify(body)?.slice(0, 500)}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
          },
        ),
        {
          numRuns: builds ? 15 : 25,
          examples: (examples[`${route.method} ${route.url}`] ?? []).map(([p, body]) => [
            'owner',
            { id: '', entry: [p.collection!, p.id!], number: p.number! },
            {},
            body,
          ]),
        },
      );
    }
    // The examples above passed the checks and were built, stored and served.
    const versions = await t.store.read(() => listVersions());
    expect(versions.map((v) => v.action)).toEqual(expect.arrayContaining(['publish', 'verify', 'restore']));
    expect(site.site.version).toBe(versions[0]!.number);
  }, 180_000);

  it('refuses a report of the year 9999 or 0000 at once with 400, and lives on', async () => {
    const owner = await session.signedIn('reports@example.nz', 'staff');
    for (const query of ['from=9999-01-01&to=9999-12-31', 'from=9999-12-31', 'to=0000-01-01', 'from=0000-01-01', 'from=2026-02-30']) {
      const started = Date.now();
      const res = await session.call(owner, 'GET', `/reports?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Date.now() - started).toBeLessThan(1_000);
    }
    expect((await session.call(owner, 'GET', '/reports?from=2026-01-01&to=2026-03-31')).statusCode).toBe(200);
  });

  it('refuses cursors and dates out of range with 400', async () => {
    const owner = await session.signedIn('cursors@example.nz');
    const bad = [
      `/leads?cursor=${b64json({ priority: 2 ** 53, created_at: '2026-01-01T00:00:00.000Z', id: 'x' })}`,
      `/leads?cursor=${b64json({ priority: 0, created_at: '0000-01-01T00:00:00.000Z', id: 'x' })}`,
      `/audit?before=${b64json({ at: 1e308, id: 'x' })}`,
      `/audit?before=${b64json({ at: -1e20, id: 'x' })}`,
      '/google-ads.csv?since=0000-01-01',
      '/google-ads.csv?since=9999-12-31',
    ];
    for (const url of bad) expect((await session.call(owner, 'GET', url)).statusCode, url).toBe(400);
    const lead = await newLead();
    expect((await session.call(owner, 'PUT', `/leads/${lead}/follow-up`, { date: '9999-12-31' })).statusCode).toBe(400);
    expect((await session.call(owner, 'PUT', `/leads/${lead}/follow-up`, { date: '2026-12-01' })).statusCode).toBe(200);
  });

  it('refuses a won job under a cent or beyond any job, and stores one of a cent', async () => {
    const owner = await session.signedIn('values@example.nz');
    const lead = await newLead();
    for (const job_value of [0.001, 0.004, 0, -5, 10_000_000.01]) {
      const res = await session.call(owner, 'POST', `/leads/${lead}/status`, { status: 'won', job_value });
      expect(res.statusCode, String(job_value)).toBe(400);
      expect(res.json().fields).toHaveProperty('job_value');
    }
    const cent = await session.call(owner, 'POST', `/leads/${lead}/status`, { status: 'won', job_value: 0.005 });
    expect(cent.json().lead).toMatchObject({ status: 'won', job_value: 0.01 });
  });

  it('stores a note without direction overrides or zero-width characters', async () => {
    const staff = await session.signedIn('notes@example.nz', 'staff');
    const lead = await newLead();
    const res = await session.call(staff, 'POST', `/leads/${lead}/notes`, { text: 'Call\u200b back \u202egnp.exe\u202c\nafter 3' });
    expect(res.statusCode).toBe(201);
    expect(res.json().entry.text).toBe('Call back gnp.exe\nafter 3');
    expect((await session.call(staff, 'POST', `/leads/${lead}/notes`, { text: '\u200b\u202e' })).statusCode).toBe(400);
  });

  it('refuses what another site started, reads included; its own pages and clients without the header pass', async () => {
    const owner = await session.signedIn('sites@example.nz');
    for (const site of ['cross-site', 'same-site']) {
      const res = await session.call(owner, 'GET', '/leads', undefined, { 'sec-fetch-site': site });
      expect(res.statusCode, site).toBe(403);
      expect(res.json().error).toMatch(/another website/);
      expect((await session.call(owner, 'GET', '/reports?from=2026-01-01', undefined, { 'sec-fetch-site': site })).statusCode).toBe(403);
    }
    for (const site of ['same-origin', 'none'])
      expect((await session.call(owner, 'GET', '/leads', undefined, { 'sec-fetch-site': site })).statusCode).toBe(200);
    expect((await session.call(owner, 'GET', '/leads')).statusCode).toBe(200);
  });

  it('ends the browser’s earlier session when it signs in again', async () => {
    const browser = await session.signedIn('twice@example.nz', 'staff');
    const earlier: Browser = { cookies: new Map(browser.cookies), csrf: browser.csrf };
    const added = await invite(t.store, { email: 'twice-other@example.nz', role: 'staff', publicOrigin: INBOX_ORIGIN });
    const res = await session.call(browser, 'POST', '/auth/link', { token: new URL(added!.link).searchParams.get('link')! });
    expect(res.statusCode).toBe(200);
    expect(browser.cookies.get('inbox_session')).not.toBe(earlier.cookies.get('inbox_session'));
    // Whoever kept the first session's cookie is signed out.
    expect((await session.call(earlier, 'GET', '/leads')).statusCode).toBe(401);
    expect((await session.call(browser, 'GET', '/leads')).statusCode).toBe(200);
  });
});

describe('asking for a sign-in code', () => {
  it('answers a known and an unknown address alike, without waiting for a slow mail server', async () => {
    const t = await createTestStore('sqlite');
    // A mail server that takes 300 ms to accept each message: waiting for it would tell who has an account.
    const smtp = await startSmtp(0, '127.0.0.1', { delayMs: 300 });
    const app = await buildApp({
      store: t.store,
      inbox: {
        publicOrigin: INBOX_ORIGIN,
        mailer: createInboxMailer(createMailer({ smtpUrl: smtp.url }), 'website@example.nz'),
        signInLimit: { max: 1000, windowMs: 600_000 },
      },
    });
    try {
      const { openBrowser, call } = inboxSession(
        () => app,
        () => t.store,
      );
      await invite(t.store, { email: 'known@example.nz', role: 'staff', publicOrigin: INBOX_ORIGIN });
      const browser = await openBrowser();
      const took: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
      for (let i = 0; i < 5; i++) {
        for (const who of ['known', 'unknown'] as const) {
          const started = performance.now();
          const res = await call(browser, 'POST', '/auth/code', { email: `${who}@example.nz` });
          took[who].push(performance.now() - started);
          expect(res.json()).toEqual({ ok: true });
        }
        // The answer came before the mail server accepted this round's code.
        expect(smtp.messages.length).toBeLessThanOrEqual(i);
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      expect(Math.abs(median(took.known) - median(took.unknown))).toBeLessThan(100);
      // Every code still arrives, to the known address only.
      const mails = await waitFor(() => smtp.messages.length >= 5 && smtp.messages, { what: 'five code e-mails' });
      expect(new Set(mails.flatMap((m) => m.to))).toEqual(new Set(['known@example.nz']));
    } finally {
      await app.close();
      await smtp.close();
      await t.cleanup();
    }
  });
});

describe('passkey ceremonies', () => {
  let t: TestStore;
  let app: FastifyInstance;
  const session = inboxSession(
    () => app,
    () => t.store,
  );
  beforeAll(async () => {
    t = await createTestStore('sqlite');
    app = await buildApp({ store: t.store, inbox: { publicOrigin: INBOX_ORIGIN, signInLimit: { max: 1000, windowMs: 600_000 } } });
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  /** A person with a software passkey added through the API, signed in with it once to show it works. */
  async function personWithPasskey(email: string) {
    const browser = await session.signedIn(email);
    const passkey = softPasskey(INBOX_ORIGIN);
    const options = (await session.call(browser, 'POST', '/passkeys/options')).json();
    expect((await session.call(browser, 'POST', '/passkeys', { response: passkey.register(options.challenge) })).statusCode).toBe(201);
    return { browser, passkey };
  }

  async function signInOptions(browser: Browser): Promise<string> {
    return (await session.call(browser, 'POST', '/auth/passkey/options')).json().challenge;
  }

  it('signs in with a passkey, and refuses one whose answer says it was made in another site’s frame', async () => {
    const { passkey } = await personWithPasskey('frame@example.nz');
    const stranger = await session.openBrowser();
    const framed = await session.call(stranger, 'POST', '/auth/passkey/verify', {
      response: passkey.assert(await signInOptions(stranger), { crossOrigin: true }),
    });
    expect(framed.statusCode).toBe(401);
    const fine = await session.call(stranger, 'POST', '/auth/passkey/verify', { response: passkey.assert(await signInOptions(stranger)) });
    expect(fine.statusCode).toBe(200);
    expect(fine.json().user.email).toBe('frame@example.nz');
  });

  it('refuses a passkey added from another site’s frame', async () => {
    const browser = await session.signedIn('frame-add@example.nz');
    const options = (await session.call(browser, 'POST', '/passkeys/options')).json();
    const res = await session.call(browser, 'POST', '/passkeys', { response: softPasskey(INBOX_ORIGIN).register(options.challenge, { crossOrigin: true }) });
    expect(res.statusCode).toBe(400);
  });

  it('takes only a challenge issued for the ceremony at hand', async () => {
    const { browser, passkey } = await personWithPasskey('ceremony@example.nz');
    // A challenge issued for adding a passkey does not complete a sign-in.
    const addChallenge = (await session.call(browser, 'POST', '/passkeys/options')).json().challenge;
    expect((await session.call(browser, 'POST', '/auth/passkey/verify', { response: passkey.assert(addChallenge) })).statusCode).toBe(401);
    // Nor does a sign-in's challenge add a passkey.
    const signInChallenge = await signInOptions(browser);
    expect((await session.call(browser, 'POST', '/passkeys', { response: softPasskey(INBOX_ORIGIN).register(signInChallenge) })).statusCode).toBe(400);
  });
});
