/**
 * The hostile-input corpus: hundreds of malformed, oversize and malicious requests posted
 * at the lead server. For each: no 5xx, and nothing stored unless the answer was a success. Then the
 * accepted leads go through the real e-mail path (SMTP peer) and the CSV export, which must carry no
 * injected header and no executable content.
 *
 * Runs on SQLite: the corpus exercises parsing, validation and escaping, which do not depend on the
 * store (the shared suite proves both stores behave the same).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { OutboxWorker } from '../../server/outbox/worker.ts';
import { createEmailSender } from '../../server/outbox/email.ts';
import { createMailer } from '../../server/outbox/mailer.ts';
import { cleanOneLine, formFields, trackingFields } from '../../core/lead/schema.ts';
import { createTestStore, formBody, type TestStore } from '../support/stores.ts';
import { aboutLeads } from '../support/workers.ts';
import { parse as parseCsv } from 'csv-parse/sync';
import { parseMail, startSmtp, waitFor, type SmtpPeer } from '../support/peers.ts';

const TOKEN = 'hostile-corpus-export-token';
const JSON_HEADERS = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };

interface Case {
  name: string;
  /** Raw body; a string is sent as UTF-8. */
  body: string | Buffer;
  headers?: Record<string, string>;
  url?: string;
  /** What the server must answer: a success (the lead is stored) or a rejection (nothing stored). */
  expect: 'accept' | 'reject';
  /** A success answer that stores nothing: a bot's invalid post gets the same answer as a person's. */
  storesNothing?: boolean;
  /** Values the stored lead must hold, for cases the server accepts after cleaning. */
  stored?: Record<string, string>;
}

const limits: Record<string, number> = Object.fromEntries([...formFields, ...trackingFields].map((f) => [f.name, f.maxLength]));
/** Accepted when the value, as the schema cleans it (controls to a space, trimmed), fits the field's limit. */
function fits(field: string, value: string): 'accept' | 'reject' {
  return cleanOneLine(value).length <= limits[field]! ? 'accept' : 'reject';
}

/** What no stored value may contain: C0/C1 controls (notes keep \n and \t), zero-width and bidirectional formatting. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u2060-\u2064\ufeff\u180e\u061c\u202a-\u202e\u2066-\u2069]/;

const textFields = ['contact_name', 'phone', 'company_name', 'notes', 'site_street', 'site_suburb', 'access_notes'] as const;
const trackingNames = trackingFields.map((f) => f.name);

/** A valid body with raw (already encoded) key=value pairs appended or replacing fields. */
function rawBody(replace: Record<string, string> = {}, extra = ''): string {
  const params = new URLSearchParams(formBody());
  for (const key of Object.keys(replace)) params.delete(key);
  const encoded = [params.toString(), ...Object.entries(replace).map(([k, v]) => `${encodeURIComponent(k)}=${v}`)].join('&');
  return extra ? `${encoded}&${extra}` : encoded;
}

function body(overrides: Record<string, string>): string {
  return formBody(overrides);
}

function buildCorpus(): Case[] {
  const cases: Case[] = [];
  const add = (c: Case) => cases.push(c);

  // 1. Every field the visitor fills is accepted at its limit and rejected one character over;
  //    tracking values, which the visitor never typed, are cut to their limit instead.
  for (const f of formFields) {
    if (f.kind === 'select') {
      add({ name: `${f.name}: a value outside its list`, body: body({ [f.name]: `${f.options[0]} ` + 'x' }), expect: 'reject' });
      add({ name: `${f.name}: an overlong value`, body: body({ [f.name]: 'x'.repeat(f.maxLength + 1) }), expect: 'reject' });
      continue;
    }
    const fill = (n: number) => (f.kind === 'email' ? `${'a'.repeat(n - 'x@example.co.nz'.length + 1)}x@example.co.nz`.slice(-n) : 'a'.repeat(n));
    add({ name: `${f.name} at its limit (${f.maxLength})`, body: body({ [f.name]: fill(f.maxLength) }), expect: 'accept' });
    add({ name: `${f.name} one over its limit`, body: body({ [f.name]: fill(f.maxLength + 1) }), expect: 'reject' });
  }
  for (const t of trackingFields) {
    if (t.name === 'device') continue;
    add({ name: `tracking ${t.name} at its limit`, body: body({ [t.name]: 'u'.repeat(t.maxLength) }), expect: 'accept' });
    add({
      name: `tracking ${t.name} ten times over its limit`,
      body: body({ [t.name]: 'u'.repeat(t.maxLength * 10) }),
      expect: 'accept',
      stored: { [t.name]: 'u'.repeat(t.maxLength) },
    });
  }
  add({
    name: 'device not mobile or desktop (taken from the user agent instead)',
    body: body({ device: 'toaster' }),
    headers: { ...JSON_HEADERS, 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' },
    expect: 'accept',
    stored: { device: 'mobile' },
  });

  // 2. Oversize bodies.
  for (const size of [32 * 1024 + 1, 256 * 1024, 2 * 1024 * 1024]) {
    add({ name: `a ${size}-byte body`, body: rawBody({}, `pad=${'p'.repeat(size)}`), expect: 'reject' });
  }
  add({ name: 'a million tiny fields', body: rawBody({}, 'a=&'.repeat(12_000)), expect: 'reject' });

  // 3. Wrong, missing and odd content types.
  const valid = body({});
  for (const type of [
    'application/json',
    'text/plain',
    'multipart/form-data; boundary=x',
    'application/xml',
    'text/html',
    'application/octet-stream',
    'application/x-www-form-urlencodedx',
    'form',
    '*/*',
  ]) {
    add({ name: `content type ${type}`, body: valid, headers: { 'content-type': type, accept: 'application/json' }, expect: 'reject' });
  }
  add({ name: 'no content type', body: valid, headers: { accept: 'application/json' }, expect: 'reject' });
  add({
    name: 'JSON body with a JSON type',
    body: JSON.stringify({ 'form-name': 'commercialLead', contact_name: 'J', work_email: 'j@x.co.nz' }),
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    expect: 'reject',
  });
  add({
    name: 'urlencoded with charset=utf-8',
    body: valid,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' },
    expect: 'accept',
  });
  add({ name: 'empty body', body: '', expect: 'reject' });

  // 4. Malformed encodings.
  for (const raw of ['%', '%zz', '%E0%A4%A', '%C3%28', '%FF%FE', '%C0%AF', '%ED%A0%80', '%F4%90%80%80', '%%%%', '%u0041']) {
    add({ name: `contact_name percent-encoded as ${raw}`, body: rawBody({ contact_name: `Ana${raw}` }), expect: 'accept' });
  }
  for (const raw of ['&&&&', '=&=&=', 'contact_name', '=value-without-key', 'a=b=c']) {
    // A bare `contact_name` repeats a field; `=&=&=` repeats the empty name: both are rejected as repeats.
    add({ name: `stray pairs ${raw}`, body: rawBody({}, raw), expect: raw === 'contact_name' || raw === '=&=&=' ? 'reject' : 'accept' });
  }
  add({ name: 'only ampersands', body: '&&&&&&', expect: 'reject' });
  add({ name: 'a body of random bytes', body: Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 73 + 11) % 256)), expect: 'reject' });

  // 5. Unknown and malformed form names.
  for (const name of ['contact', '', 'commercialLead ', 'COMMERCIALLEAD', 'commercialLead%00', '<script>', 'commercialLead%0d%0aX: y', 'netlify']) {
    add({ name: `form-name "${name}"`, body: rawBody({ 'form-name': name }), expect: 'reject' });
  }
  add({ name: 'form-name missing', body: formBody().replace('form-name=commercialLead&', ''), expect: 'reject' });

  // 6. Repeated fields.
  for (const f of [...formFields.map((x) => x.name), ...trackingNames, 'form-name', 'bot-field']) {
    add({ name: `${f} sent twice`, body: rawBody({}, `${encodeURIComponent(f)}=again`), expect: 'reject' });
  }

  // 7. CR/LF header injection in every one-line field that reaches the e-mail's headers or body.
  const breaks = ['\r\n', '\n', '\r', '\r\n\r\n', '\u2028', '\u0085'];
  for (const field of ['contact_name', 'company_name', 'phone', 'utm_source', 'utm_campaign']) {
    for (const br of breaks) {
      const value = `Eve${br}Bcc: victim@example.com${br}X-Injected: yes`;
      add({ name: `${field} with ${JSON.stringify(br)} and a Bcc header`, body: body({ [field]: value }), expect: fits(field, value) });
    }
  }
  for (const br of breaks) {
    add({
      name: `work_email with ${JSON.stringify(br)} injection`,
      body: body({ work_email: `eve@example.co.nz${br}Bcc: victim@example.com` }),
      expect: 'reject',
    });
  }

  // 8. HTML and script payloads.
  const html = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '"><svg onload=alert(1)>',
    'javascript:alert(1)',
    '<a href="javascript:alert(1)">click</a>',
    '</td></tr></table><script>alert(1)</script>',
    '<!--',
    '<iframe src="//evil.example"></iframe>',
    '<style>body{display:none}</style>',
    "'; DROP TABLE leads; --",
  ];
  for (const field of [...textFields, 'utm_campaign'])
    for (const payload of html) add({ name: `${field}: ${payload}`, body: body({ [field]: payload }), expect: fits(field, payload) });

  // 9. Spreadsheet formula payloads.
  const formulas = [
    '=HYPERLINK("http://evil.example","Click")',
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    '=1+1',
    '\t=1+1',
  ];
  for (const field of ['contact_name', 'company_name', 'notes', 'phone', 'site_street', 'site_suburb', 'access_notes', 'utm_source'])
    for (const payload of formulas) add({ name: `${field}: formula ${payload}`, body: body({ [field]: payload }), expect: fits(field, payload) });

  // 10. Null bytes and other control characters.
  for (const field of [...textFields, 'utm_term', 'gclid'])
    add({ name: `${field} with a null byte`, body: body({ [field]: 'before\u0000after' }), expect: 'accept' });
  for (const c of ['\u0007', '\u001b[31m', '\u007f', '\b\b\b'])
    add({ name: `contact_name with control ${JSON.stringify(c)}`, body: body({ contact_name: `Ctl${c}Name` }), expect: 'accept' });
  add({ name: 'only spaces and controls as the name', body: body({ contact_name: ' \u0000\t ' }), expect: 'reject' });

  // 11. Non-UTF-8 bytes in the raw body.
  for (const bytes of [[0xff], [0xc3, 0x28], [0xe9], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80]]) {
    add({
      name: `raw byte(s) ${bytes.map((b) => b.toString(16)).join(' ')} in the body`,
      body: Buffer.concat([Buffer.from(rawBody({ contact_name: 'Raw' })), Buffer.from('&notes='), Buffer.from(bytes)]),
      expect: 'reject',
    });
  }

  // 12. Long and odd URLs and headers on POST (the protocol-level extremes are below, on a socket).
  add({ name: 'a 4 KB query string', url: `/?${'q'.repeat(4096)}`, body: valid, expect: 'accept' });
  add({ name: 'POST to a long path', url: `/${'a'.repeat(2000)}`, body: valid, expect: 'reject' });
  add({ name: 'POST to /index.html', url: '/index.html', body: valid, expect: 'reject' });
  add({ name: 'a 6 KB user agent', body: body({ device: '' }), headers: { ...JSON_HEADERS, 'user-agent': 'Mozilla/5.0 '.repeat(500) }, expect: 'accept' });
  add({
    name: 'a 5 KB referer with the page fields empty',
    body: body({ page_url: '', path: '' }),
    headers: { ...JSON_HEADERS, referer: `https://www.commercialrefrigeration.nz/contact?x=${'r'.repeat(5000)}` },
    expect: 'accept',
    stored: { path: '/contact', page_url: `https://www.commercialrefrigeration.nz/contact?x=${'r'.repeat(2000 - 49)}` },
  });
  add({
    name: 'a referer that is not a URL',
    body: body({ page_url: '', path: '' }),
    headers: { ...JSON_HEADERS, referer: 'not a url \u0000' },
    expect: 'accept',
  });
  add({ name: 'Accept asks for HTML', body: valid, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }, expect: 'accept' });
  add({ name: 'Accept is garbage', body: valid, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: ';;;,,,q=abc' }, expect: 'accept' });
  add({ name: 'honeypot filled', body: body({ 'bot-field': 'http://spam.example' }), expect: 'accept' });
  add({ name: 'honeypot filled and the rest invalid', body: body({ 'bot-field': 'x', work_email: 'nope' }), expect: 'accept', storesNothing: true });
  add({ name: 'unknown extra fields are ignored', body: rawBody({}, 'is_admin=1&__proto__=x&constructor=y'), expect: 'accept' });
  add({ name: '__proto__ as the only extra', body: rawBody({}, '__proto__%5Bpolluted%5D=1'), expect: 'accept' });
  add({ name: 'emoji and te reo Māori macrons', body: body({ contact_name: 'Tāne Māhuta 🧊', notes: 'Kia ora! Chiller at Ōtāhuhu.' }), expect: 'accept' });
  add({
    name: 'right-to-left override in the name',
    body: body({ contact_name: 'Eve\u202Egnp.exe' }),
    expect: 'accept',
    stored: { contact_name: 'Evegnp.exe' },
  });
  add({
    name: 'zero-width characters in the e-mail',
    body: body({ work_email: 'ev\u200Be@example.co.nz' }),
    expect: 'accept',
    stored: { work_email: 'eve@example.co.nz' },
  });

  // 13. C1 controls, zero-width and bidirectional formatting in every text field.
  const invisibles: [string, string][] = [
    ['RLO', '\u202E'],
    ['LRO', '\u202D'],
    ['RLE', '\u202B'],
    ['PDF', '\u202C'],
    ['LRI', '\u2066'],
    ['RLI', '\u2067'],
    ['FSI', '\u2068'],
    ['PDI', '\u2069'],
    ['RLM', '\u200F'],
    ['ALM', '\u061C'],
    ['ZWSP', '\u200B'],
    ['ZWJ', '\u200D'],
    ['word joiner', '\u2060'],
    ['BOM', '\uFEFF'],
  ];
  for (const [label, c] of invisibles) {
    add({
      name: `${label} in the name, company, notes and a UTM value`,
      body: body({ contact_name: `Ana${c}Kora`, company_name: `${c}Kai Cafe`, notes: `Chiller${c} warm\nsince Monday`, utm_campaign: `spring${c}` }),
      expect: 'accept',
      stored: { contact_name: 'AnaKora', company_name: 'Kai Cafe', notes: 'Chiller warm\nsince Monday', utm_campaign: 'spring' },
    });
  }
  for (const [label, c] of [
    ['CSI', '\u009B'],
    ['NEL', '\u0085'],
    ['PAD', '\u0080'],
    ['APC', '\u009F'],
  ] as const) {
    add({
      name: `C1 ${label} in the name, phone and notes`,
      body: body({ contact_name: `Ana${c}Kora`, phone: `021${c}555 0101`, notes: `Line one${c}Line two\tend` }),
      expect: 'accept',
      stored: { contact_name: 'Ana Kora', phone: '021 555 0101', notes: label === 'NEL' ? 'Line one\nLine two\tend' : 'Line oneLine two\tend' },
    });
  }
  add({ name: 'a name of only invisible characters', body: body({ contact_name: '\u202E\u200B\u2066\uFEFF' }), expect: 'reject' });
  add({ name: 'an e-mail with angle brackets', body: body({ work_email: '<eve@example.co.nz>' }), expect: 'reject' });
  add({ name: 'an e-mail with a display name', body: body({ work_email: 'Eve <eve@example.co.nz>' }), expect: 'reject' });
  add({ name: 'an e-mail with a comma list', body: body({ work_email: 'eve@example.co.nz,boss@example.co.nz' }), expect: 'reject' });
  return cases;
}

describe('hostile-input corpus', () => {
  const corpus = buildCorpus();
  let t: TestStore;
  let app: FastifyInstance;
  let smtp: SmtpPeer;
  let worker: OutboxWorker;

  beforeAll(async () => {
    t = await createTestStore('sqlite');
    smtp = await startSmtp();
    worker = new OutboxWorker({
      store: t.store,
      senders: aboutLeads(t.store, {
        'new-lead': createEmailSender({
          mailer: createMailer({ smtpUrl: smtp.url }),
          to: 'quotes@example.co.nz',
          from: 'web@example.co.nz',
          messageIdDomain: 'example.co.nz',
        }),
      }),
      log: pino({ level: 'silent' }),
      pollIntervalMs: 50,
      maxAttempts: 3,
      backoff: { baseMs: 20, maxMs: 50 },
    });
    // Many cases store the same content on purpose; each must be stored, so repeats are not folded here.
    app = await buildApp({
      store: t.store,
      leadPurposes: ['new-lead'],
      rateLimit: { max: 100_000, windowMs: 60_000 },
      exportToken: TOKEN,
      exportFailureDelayMs: 10,
      repeatWindowMs: 0,
    });
  });
  afterAll(async () => {
    await worker.stop();
    await app.close();
    await smtp.close();
    await t.cleanup();
  });

  it(`has at least 200 cases (${corpus.length})`, () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
  });

  it('answers every case without a 5xx, stores exactly the accepted ones, and keeps what was stored before', async () => {
    const failures: string[] = [];
    const seen = new Set<string>();
    let before = 0;
    for (const c of corpus) {
      const res = await app.inject({ method: 'POST', url: c.url ?? '/', headers: c.headers ?? JSON_HEADERS, payload: c.body });
      const all = await t.store.listLeads({ includeSpam: true });
      const added = all.filter((l) => !seen.has(l.id));
      for (const l of added) seen.add(l.id);
      const after = all.length;
      for (const [field, value] of Object.entries(c.stored ?? {})) {
        const got = added.length === 1 ? String(added[0]![field as keyof (typeof added)[0]]) : '(no single new lead)';
        if (got !== value)
          failures.push(`${c.name}: stored ${field} of ${got.length} chars ${JSON.stringify(got.slice(0, 60))}, expected ${value.length} chars`);
      }
      const accepted = res.statusCode === 200 || res.statusCode === 303;
      if (res.statusCode >= 500) failures.push(`${c.name}: ${res.statusCode}`);
      if (accepted !== (c.expect === 'accept')) failures.push(`${c.name}: expected ${c.expect}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
      if (accepted && after !== before + (c.storesNothing ? 0 : 1)) failures.push(`${c.name}: answered success but stored ${after - before}`);
      if (!accepted && after !== before) failures.push(`${c.name}: rejected (${res.statusCode}) but stored ${after - before}`);
      if (!accepted && res.statusCode < 400) failures.push(`${c.name}: neither success nor a 4xx: ${res.statusCode}`);
      before = after;
    }
    expect(failures).toEqual([]);
    const unclean = (await t.store.listLeads({ includeSpam: true })).flatMap((l) =>
      Object.entries(l)
        .filter(([, v]) => typeof v === 'string' && FORBIDDEN.test(v))
        .map(([k, v]) => `${l.id} ${k}: ${JSON.stringify(v)}`),
    );
    expect(unclean).toEqual([]);
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  }, 120_000);

  it('sends e-mails with no injected header and no executable HTML', async () => {
    const leads = await t.store.listLeads();
    expect(leads.length).toBeGreaterThan(100);
    worker.start();
    await waitFor(() => smtp.messages.length >= leads.length, { what: 'an e-mail for every accepted hostile lead', timeoutMs: 60_000 });
    const allowed = new Set([
      'from',
      'to',
      'reply-to',
      'subject',
      'message-id',
      'x-lead-id',
      'date',
      'mime-version',
      'content-type',
      'content-transfer-encoding',
      // An urgent lead is sent with high priority (fixed values).
      'x-priority',
      'x-msmail-priority',
      'importance',
    ]);
    const problems: string[] = [];
    for (const mail of smtp.messages) {
      const parsed = await parseMail(mail);
      for (const { key } of parsed.headerLines) if (!allowed.has(key)) problems.push(`header ${key} in ${parsed.subject}`);
      if (mail.to.join(',') !== 'quotes@example.co.nz') problems.push(`recipients ${mail.to.join(',')}`);
      if (typeof parsed.html !== 'string') {
        problems.push(`no HTML part in ${parsed.subject}`);
        continue;
      }
      problems.push(...markupProblems(parsed.html));
    }
    expect(problems).toEqual([]);
  }, 90_000);

  it('exports CSV with no formula a spreadsheet would run and every row intact', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/leads.csv', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    // csv-parse, not a reader of our own: a checker must not share the bugs of the code it checks.
    const cells = parseCsv(res.body, { bom: true, relax_column_count: true }) as string[][];
    const header = cells[0]!;
    expect(header).toContain('contact_name');
    const rows = cells.slice(1);
    expect(rows.length).toBe((await t.store.listLeads()).length);
    const dangerous = rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell));
    expect(dangerous).toEqual([]);
    expect(rows.every((r) => r.length === header.length)).toBe(true);
  });
});

/** The e-mail's own markup only: known tags, presentational attributes, no script, handlers or javascript: URLs. */
const allowedTags = new Set(['html', 'head', 'meta', 'title', 'body', 'div', 'span', 'br', 'h1', 'h2', 'p', 'a', 'ul', 'li', 'table', 'tr', 'th', 'td']);
const allowedAttributes = new Set(['style', 'align', 'valign', 'cellspacing', 'cellpadding', 'lang', 'charset', 'name', 'content', 'href']);
function markupProblems(html: string): string[] {
  const problems: string[] = [];
  const body = html.replace(/^<!doctype html>/i, '');
  for (const [tag, name = '', attrs = ''] of body.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)) {
    if (!allowedTags.has(name.toLowerCase())) problems.push(`tag ${tag}`);
    for (const [, attr = ''] of attrs.matchAll(/\s([^\s=]+)\s*=\s*"[^"]*"/g))
      if (!allowedAttributes.has(attr.toLowerCase())) problems.push(`attribute ${attr} in ${tag}`);
    if (/javascript:|expression\(|url\(/i.test(attrs)) problems.push(`active attribute value in ${tag}`);
    // The only links are the call and reply buttons, and the map search for the site's address: a
    // fixed https address whose query is the visitor's words percent-encoded, never raw.
    for (const [, href = ''] of attrs.matchAll(/\shref="([^"]*)"/g))
      if (!/^(tel:\+?\d+|mailto:[^\s<>"]+|https:\/\/www\.google\.com\/maps\/search\/\?api=1&amp;query=(?:[\w%().!*~-]|&#x27;)+)$/.test(href))
        problems.push(`link ${href}`);
  }
  // Whatever is left outside tags is text: a bare '<' there would mean unescaped input.
  if (/<(?![/a-zA-Z!])/.test(body)) problems.push('a bare < in the text');
  return problems;
}

describe('protocol-level extremes on a real socket', () => {
  let app: FastifyInstance;
  let t: TestStore;
  let port: number;

  beforeAll(async () => {
    t = await createTestStore('sqlite');
    app = await buildApp({ store: t.store, leadPurposes: [], rateLimit: { max: 100_000, windowMs: 60_000 } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  /** Sends raw bytes and returns the status code of the answer (0 when the server just closed). */
  function raw(request: string | Buffer): Promise<number> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let data = '';
      socket.on('data', (d) => (data += d.toString('latin1')));
      socket.on('error', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)));
      socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)));
      socket.setTimeout(10_000, () => {
        socket.destroy();
        reject(new Error('no answer in 10 s'));
      });
      socket.end(request);
    });
  }

  const valid = formBody();
  const post = (path: string, extraHeaders = '') =>
    `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nAccept: application/json\r\nContent-Length: ${Buffer.byteLength(valid)}\r\n${extraHeaders}Connection: close\r\n\r\n${valid}`;
  const extremes: [string, string | Buffer][] = [
    ['a 100 KB URL', `GET /${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`],
    ['a 1 MB URL', `GET /?${'b'.repeat(1_000_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`],
    ['a POST with a 70 KB URL', post(`/?${'c'.repeat(70_000)}`)],
    ['a 64 KB header', post('/', `X-Big: ${'h'.repeat(64_000)}\r\n`)],
    ['2000 headers', post('/', Array.from({ length: 2000 }, (_, i) => `X-H${i}: v\r\n`).join(''))],
    ['a header with CR inside', post('/', 'X-Bad: a\rb\r\n')],
    [
      'non-UTF-8 bytes in the path',
      Buffer.concat([Buffer.from('GET /'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(' HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')]),
    ],
    ['a percent-encoded null in the path', 'GET /%00 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['invalid percent-encoding in the path', 'GET /%ff%fe%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['path traversal', 'GET /../../../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['encoded path traversal', 'GET /%2e%2e/%2e%2e/package.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['encoded slash traversal', 'GET /..%2f..%2fpackage.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    [
      'a Content-Length larger than the body',
      `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 99999\r\nConnection: close\r\n\r\nform-name=commercialLead`,
    ],
    [
      'a negative Content-Length',
      `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: -1\r\nConnection: close\r\n\r\n`,
    ],
    [
      'two Content-Length headers',
      `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5\r\nContent-Length: 6\r\nConnection: close\r\n\r\nabcdef`,
    ],
    [
      'chunked with a bad chunk size',
      `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\nabc\r\n0\r\n\r\n`,
    ],
    ['not HTTP at all', '\u0000\u0001\u0002 hello\r\n\r\n'],
    ['an unknown method', 'BREW / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
  ];

  it.each(extremes)('%s: a clean 4xx or a normal page, never a 5xx, and the server stays up', async (_name, request) => {
    const status = await raw(request);
    expect(status === 0 || (status >= 200 && status < 500)).toBe(true);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
  });

  it('stored nothing from any of them', async () => {
    const before = (await t.store.listLeads({ includeSpam: true })).length;
    expect(before).toBe(0);
  });
});
