/**
 * Where the job is, so a technician can find and get into the site, on both stores: the quote form's optional site address
 * and access notes are stored as sent (cleaned and bounded), found by the inbox's search, carried by
 * both CSV exports and a person's export, and gone with a privacy delete. A plain post of an urgent
 * request lands on the thank-you page's part for its area. On PostgreSQL, a lead sent by the
 * previous release (its row has none of these keys) is still stored while both run.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { parse as parseCsv } from 'csv-parse/sync';
import pg from 'pg';
import { buildApp } from '../../server/http/app.ts';
import { inboxSession, INBOX_ORIGIN } from '../support/inbox-session.ts';
import { createTestStore, formBody, HTML_ACCEPT, JSON_ACCEPT, storeKinds, type TestStore } from '../support/stores.ts';

const TOKEN = 'an-export-token-of-thirty-two-chars-or-more';
const SITE = {
  site_street: '12 Grey Street, Unit 3',
  site_suburb: 'Frankton',
  access_notes: 'Gate code 4321#\nPark by the loading dock; the night manager lets you in after 10pm.',
};

/** Every column of a CSV export, by header, for the row whose contact is `name`. */
function csvRowOf(csv: string, name: string): Record<string, string> {
  const [header, ...rows] = parseCsv(csv, { bom: true }) as string[][];
  const row = rows.find((r) => r[header!.indexOf('contact_name')] === name);
  expect(row, `a CSV row for ${name}`).toBeDefined();
  return Object.fromEntries(header!.map((h, i) => [h, row![i]!]));
}

describe.each(storeKinds)('the site address and access notes on %s', (kind) => {
  let t: TestStore;
  let app: FastifyInstance;

  beforeEach(async () => {
    t = await createTestStore(kind);
    app = await buildApp({
      store: t.store,
      leadPurposes: ['new-lead'],
      exportToken: TOKEN,
      inbox: { publicOrigin: INBOX_ORIGIN, signInLimit: { max: 50, windowMs: 600_000 } },
    });
  });
  afterEach(async () => {
    await app.close();
    await t.cleanup();
  });

  const { call, signedIn } = inboxSession(
    () => app,
    () => t.store,
  );

  async function postLead(fields: Record<string, string>) {
    const res = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody(fields) });
    expect(res.statusCode, res.body).toBe(200);
    const lead = (await t.store.listLeads({ includeSpam: true })).find((l) => l.contact_name === fields.contact_name);
    expect(lead).toBeDefined();
    return lead!;
  }

  it('stores them cleaned and bounded, never required, and refuses one over its limit with its own message', async () => {
    const lead = await postLead({
      contact_name: 'Site Stored',
      site_street: ' 12 Grey\u200b Street,\r\nUnit 3 ',
      site_suburb: 'Frankton\u202e',
      access_notes: 'Gate code 4321#\r\nPark by the loading dock; the night manager lets you in after 10pm.\u0007',
    });
    expect(lead).toMatchObject(SITE);
    expect(await t.store.getLead(lead.id)).toMatchObject(SITE);
    expect(await postLead({ contact_name: 'Site Empty' })).toMatchObject({ site_street: '', site_suburb: '', access_notes: '' });

    const over = await app.inject({
      method: 'POST',
      url: '/',
      headers: JSON_ACCEPT,
      payload: formBody({ contact_name: 'Site Over', access_notes: 'x'.repeat(501) }),
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual({ access_notes: 'Must be at most 500 characters.' });
    // A plain post's error page names the field as the form labels it.
    const page = await app.inject({
      method: 'POST',
      url: '/',
      headers: HTML_ACCEPT,
      payload: formBody({ contact_name: 'Site Over', site_street: 's'.repeat(121) }),
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Street address');
    expect((await t.store.listLeads({ includeSpam: true })).map((l) => l.contact_name)).not.toContain('Site Over');
  });

  it('sends a plain post of an urgent request to its area on the thank-you page, and any other to the page itself', async () => {
    const post = (fields: Record<string, string>) => app.inject({ method: 'POST', url: '/', headers: HTML_ACCEPT, payload: formBody(fields) });
    const calm = { timeframe: '30–60 days', site_type: 'New build', path: '/hamilton' };
    const urgent = await post({ contact_name: 'Land Urgent', ...SITE });
    expect([urgent.statusCode, urgent.headers.location]).toEqual([303, '/thank-you/#urgent-hamilton']);
    expect((await post({ contact_name: 'Land Calm', ...calm })).headers.location).toBe('/thank-you/');
    expect((await post({ contact_name: 'Land Emergency', ...calm, path: '/emergency-repairs', city: '' })).headers.location).toBe(
      '/thank-you/#urgent-regional',
    );
    // A bot gets a person's answer for what it sent, valid or not.
    expect((await post({ contact_name: 'Land Bot', 'bot-field': 'x' })).headers.location).toBe('/thank-you/#urgent-hamilton');
    expect((await post({ contact_name: 'Land Bot', 'bot-field': 'x', work_email: 'nope', city: 'Dunedin' })).headers.location).toBe(
      '/thank-you/#urgent-dunedin',
    );
    // The script's post is answered as before: it works out the same place itself.
    expect((await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ contact_name: 'Land Script' }) })).json()).toEqual({
      ok: true,
    });
  });

  it("is found by the inbox's search: street, suburb or a word of the access notes", async () => {
    const owner = await signedIn(`site-search-${kind}@example.nz`);
    const site = await postLead({ contact_name: 'Search Site', ...SITE });
    await postLead({ contact_name: 'Search Other' });
    const found = async (q: string) =>
      ((await call(owner, 'GET', `/leads?view=all&q=${encodeURIComponent(q)}`)).json().leads as { id: string }[]).map((l) => l.id);
    for (const q of ['grey street', 'FRANKTON', 'loading dock', '4321#']) expect(await found(q), q).toEqual([site.id]);
  });

  it('is in the CSV export, the inbox CSV and a person’s export, guarded against formulas', async () => {
    const owner = await signedIn(`site-export-${kind}@example.nz`);
    const lead = await postLead({ contact_name: 'Export Site', ...SITE, site_suburb: '=HYPERLINK("http://evil.example")' });

    const exported = await app.inject({ method: 'GET', url: '/api/leads.csv', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(exported.statusCode).toBe(200);
    const row = csvRowOf(exported.body, 'Export Site');
    expect(row).toMatchObject({ site_street: SITE.site_street, site_suburb: `'=HYPERLINK("http://evil.example")`, access_notes: SITE.access_notes });
    // The site's columns follow the form's own fields and come before the tracking values.
    const header = (parseCsv(exported.body, { bom: true }) as string[][])[0]!;
    expect(header.slice(header.indexOf('notes'), header.indexOf('utm_source') + 1)).toEqual([
      'notes',
      'site_street',
      'site_suburb',
      'access_notes',
      'utm_source',
    ]);

    const inboxCsv = await call(owner, 'GET', '/leads.csv?view=all');
    expect(inboxCsv.statusCode).toBe(200);
    expect(csvRowOf(inboxCsv.body, 'Export Site')).toMatchObject({ site_street: SITE.site_street, access_notes: SITE.access_notes });

    const person = await call(owner, 'GET', `/people.json?email=${encodeURIComponent(lead.work_email)}`);
    expect(person.statusCode).toBe(200);
    expect(person.json().leads.find((l: { lead: { id: string } }) => l.lead.id === lead.id).lead).toMatchObject({
      site_street: SITE.site_street,
      access_notes: SITE.access_notes,
    });
    expect((await call(owner, 'GET', `/leads/${lead.id}`)).json().lead).toMatchObject({ site_suburb: `=HYPERLINK("http://evil.example")` });
  });

  it('goes with a privacy delete', async () => {
    const owner = await signedIn(`site-delete-${kind}@example.nz`);
    const lead = await postLead({ contact_name: 'Delete Site', ...SITE, access_notes: 'Gate code Qzvxw-7781' });
    await postLead({ contact_name: 'Kept Site', ...SITE, access_notes: 'Gate code Plover-5512' });
    expect((await call(owner, 'DELETE', `/leads/${lead.id}`)).statusCode).toBe(200);
    expect(await t.store.getLead(lead.id)).toBeUndefined();
    expect((await call(owner, 'GET', '/leads?view=all&q=qzvxw')).json().leads).toEqual([]);
    if (kind === 'sqlite') {
      // On SQLite the bytes are overwritten too: nothing of the gate code is left in the file or its log.
      await app.close();
      await t.store.close();
      const onDisk = [t.url, `${t.url}-wal`]
        .filter((f) => existsSync(f))
        .map((f) => readFileSync(f).toString('latin1'))
        .join('');
      expect(onDisk).toContain('Plover-5512'); // the check can see access notes that are there
      expect(onDisk).not.toContain('Qzvxw');
    }
  });
});

describe('a lead sent by the previous release on PostgreSQL', () => {
  let t: TestStore;
  afterEach(async () => t?.cleanup());

  it('is stored with the new columns empty while both releases run (store_lead fills the keys its row lacks)', async () => {
    t = await createTestStore('postgres');
    const id = randomUUID();
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      // The row as the previous release builds it: every column it knew, none of this version's.
      const { rows } = await client.query<{ column_name: string; data_type: string }>(
        "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'leads' AND is_nullable = 'NO'",
      );
      const row: Record<string, unknown> = {};
      for (const { column_name, data_type } of rows) {
        if (['site_street', 'site_suburb', 'access_notes'].includes(column_name)) continue;
        row[column_name] = data_type === 'text' ? '' : data_type === 'boolean' ? false : 0;
      }
      Object.assign(row, { id, contact_name: 'Previous Release', work_email: 'old@example.nz', submission_key: randomUUID(), status: 'new', created_at: null });
      expect(Object.keys(row)).not.toContain('site_street');
      await client.query('CALL store_lead($1, $2, $3, $4, $5, $6, $7, $8)', [JSON.stringify(row), 0, [], [], [], null, 0, 0]);
    } finally {
      await client.end();
    }
    expect(await t.store.getLead(id)).toMatchObject({ contact_name: 'Previous Release', site_street: '', site_suburb: '', access_notes: '' });
  });
});
