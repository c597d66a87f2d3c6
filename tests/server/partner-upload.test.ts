/**
 * The owner's side of the Partners page on both stores, without a terminal: the partner spreadsheet
 * uploaded through the inbox API (read as the command line reads it: all or nothing, the bad line
 * named; owners only; the inbox's Origin and CSRF rules; a bounded body), attacked with hostile CSV
 * by fast-check; the order in which on-call partners are tried, as GET /partners answers it; and
 * the scheduled backups' state, shown to owners only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../server/http/app.ts';
import { listPartners } from '../../server/storage/partner-records.ts';
import { suggestPartners } from '../../server/dispatch/partner-offers.ts';
import { auditEntries } from '../../server/storage/audit-log.ts';
import { run } from '../../server/storage/steps.ts';
import { readPartnerCsv } from '../../server/partners/partner-import.ts';
import { BackupSchedule, type BackupState } from '../../server/backup/schedule.ts';
import { partnerKinds, partnerRegions, partnerServices, partnerSheetLimits } from '../../core/partner/kinds.ts';
import { inboxWords } from '../../server/inbox/inbox-words.ts';
import { addHamiltonTechnician } from '../support/partners.ts';
import { inboxSession, INBOX_ORIGIN } from '../support/inbox-session.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';

const sheet = readFileSync(new URL('../fixtures/partners.csv', import.meta.url), 'utf8');
const HEADER = 'name,email,phone,kind,regions,services,on_call';

/** A CSV cell, quoted as a spreadsheet saves it. */
const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;

/** Cells that broke or could break a CSV reader, a schema or a spreadsheet opened later. */
const hostileCell = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '"',
    '""',
    '"a, b"',
    '"unclosed',
    '=cmd|" /C calc"!A0',
    '+SUM(A1:A9)',
    '@import',
    '\u0000',
    '\uFEFF',
    'a\nb',
    '"line\r\nbreak"',
    '__proto__',
    'constructor',
    'Hamilton',
    'hamilton;TAURANGA',
    ';;;',
    'Repair',
    'yes',
    'Y',
    'maybe',
    'technician',
    'plumber',
    'x@y.nz',
    'not an address',
    'a'.repeat(500),
    '\u202egnp.exe',
    '😀',
  ),
  fc.string({ maxLength: 30 }),
);
const hostileHeader = fc.oneof(
  fc.constant(HEADER),
  fc.constant(`${HEADER},industries`),
  fc.constant(`\uFEFF${HEADER}`),
  fc.constant('__proto__,email,phone,kind,regions,services,on_call'),
  fc.constant(`name,${HEADER}`),
  fc.constant('name,email,kind'),
  fc.string({ maxLength: 60 }),
);
/** A partner row the import takes, its cells quoted. */
const goodRow = fc
  .record({
    name: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0),
    email: fc.uuid().map((id) => `p-${id}@example.nz`),
    phone: fc.constantFrom('', '07 555 0101', '+64 21 555 0199'),
    kind: fc.constantFrom(...partnerKinds),
    regions: fc.subarray([...partnerRegions], { minLength: 1 }),
    services: fc.subarray([...partnerServices], { minLength: 1 }),
    onCall: fc.constantFrom('yes', 'no', 'Y', 'n'),
  })
  .map((r) => [r.name, r.email, r.phone, r.kind, r.regions.join(';'), r.services.join(';'), r.onCall].map(quoted).join(','));
const hostileCsv = fc.oneof(
  fc.string({ maxLength: 2_000 }),
  fc
    .tuple(hostileHeader, fc.array(fc.array(hostileCell, { maxLength: 9 }), { maxLength: 8 }), fc.constantFrom('\n', '\r\n', '\r'))
    .map(([header, rows, eol]) => [header, ...rows.map((cells) => cells.join(','))].join(eol)),
  // Files the import takes, some with a hostile row among the good ones.
  fc.tuple(fc.array(goodRow, { minLength: 1, maxLength: 5 }), fc.option(fc.array(hostileCell, { maxLength: 9 })), fc.nat()).map(([rows, bad, at]) => {
    const lines = [...rows];
    if (bad) lines.splice(at % (lines.length + 1), 0, bad.join(','));
    return [HEADER, ...lines].join('\n');
  }),
);

describe.each(storeKinds)('the partner spreadsheet uploaded in the inbox on %s', (kind) => {
  let t: TestStore;
  let app: FastifyInstance;
  const session = inboxSession(
    () => app,
    () => t.store,
  );

  beforeAll(async () => {
    t = await createTestStore(kind);
    app = await buildApp({ store: t.store, leadPurposes: ['new-lead'], inbox: { publicOrigin: INBOX_ORIGIN } });
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  it('imports the owner’s file, twice without doubling, and records it in the audit log', async () => {
    const owner = await session.signedIn(`upload-${kind}@example.nz`);
    const first = await session.call(owner, 'POST', '/partners/import', { csv: sheet });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ added: 4, updated: 0 });
    expect((await session.call(owner, 'POST', '/partners/import', { csv: sheet })).json()).toEqual({ added: 0, updated: 4 });
    const partners = await t.store.read(() => listPartners());
    expect(partners.find((p) => p.email === 'call@hamiltonfridgefix.co.nz')).toMatchObject({ kind: 'technician', regions: ['Hamilton'], on_call: true });
    const entries = await t.store.read(() => auditEntries({ limit: 50 }));
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actor_email: `upload-${kind}@example.nz`,
          action: 'Partners imported: 4 added, 0 updated',
          detail: 'uploaded in the inbox',
        }),
      ]),
    );
  });

  it('refuses the whole file at a bad row, naming its line, and imports nothing of it', async () => {
    const owner = await session.signedIn(`bad-upload-${kind}@example.nz`);
    const before = await t.store.read(() => listPartners());
    const res = await session.call(owner, 'POST', '/partners/import', {
      csv: `${HEADER}\nNew One,new1@x.nz,,technician,Hamilton,Repair,yes\nBad,bad@x.nz,,plumber,Hamilton,Repair,no\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Nothing was imported. Line 3: the kind must be one of supplier, technician, both');
    expect(await t.store.read(() => listPartners())).toEqual(before);
  });

  it('lets only owners upload, from the inbox itself, within its size', async () => {
    const before = await t.store.read(() => listPartners());
    const csv = `${HEADER}\nStaff Added,staff-added@x.nz,,technician,Hamilton,Repair,yes\n`;
    const staff = await session.signedIn(`staff-upload-${kind}@example.nz`, 'staff');
    const refused = await session.call(staff, 'POST', '/partners/import', { csv });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(inboxWords.errors.ownersOnly);
    const stranger = await session.openBrowser();
    expect((await session.call(stranger, 'POST', '/partners/import', { csv })).statusCode).toBe(401);

    const owner = await session.signedIn(`rules-upload-${kind}@example.nz`);
    // Without the CSRF token, or from another origin: nothing runs.
    expect((await session.call(owner, 'POST', '/partners/import', { csv }, { 'x-csrf-token': 'forged' })).statusCode).toBe(403);
    expect((await session.call(owner, 'POST', '/partners/import', { csv }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    // Text past the limit, no text, a body past the byte bound.
    const long = await session.call(owner, 'POST', '/partners/import', { csv: `${HEADER}\n${'x'.repeat(partnerSheetLimits.chars)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(inboxWords.errors.importFile);
    expect((await session.call(owner, 'POST', '/partners/import', { csv: '' })).statusCode).toBe(400);
    expect((await session.call(owner, 'POST', '/partners/import', {})).statusCode).toBe(400);
    const heavy = await session.call(owner, 'POST', '/partners/import', { csv: 'x'.repeat(1_100_000) });
    expect(heavy.statusCode).toBe(413);
    expect(heavy.json().error).toBe(inboxWords.errors.tooLarge);
    // More partners than the import takes at once.
    const many = Array.from({ length: partnerSheetLimits.partners + 1 }, (_, i) => `P${i},many${i}@x.nz,,technician,Hamilton,Repair,no`);
    const tooMany = await session.call(owner, 'POST', '/partners/import', { csv: [HEADER, ...many].join('\n') });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatch(/^Nothing was imported\. the file has more than 1,000 partners$/);
    expect(await t.store.read(() => listPartners())).toEqual(before);
  });

  it('answers hostile CSV with 200 or a named refusal, never a 5xx, and imports a refused file not at all', async () => {
    const owner = await session.signedIn(`hostile-upload-${kind}@example.nz`);
    const answered = new Set<number>();
    await fc.assert(
      fc.asyncProperty(hostileCsv, async (csv) => {
        const before = await t.store.read(() => listPartners());
        const res = await session.call(owner, 'POST', '/partners/import', { csv });
        expect([200, 400], `${res.statusCode} ${res.body.slice(0, 300)}`).toContain(res.statusCode);
        answered.add(res.statusCode);
        const after = await t.store.read(() => listPartners());
        const read = readPartnerCsv(csv);
        const taken = read.ok ? read.partners : [];
        const body = res.json() as { error?: unknown; added?: number; updated?: number };
        // Refused: a named refusal, and nothing imported. Taken: exactly what the command line's
        // reader takes, every partner listed as read. One value, so each run checks all of it.
        expect({ status: res.statusCode, error: body.error, readerTook: read.ok, count: (body.added ?? 0) + (body.updated ?? 0), after }).toEqual(
          res.statusCode === 400
            ? {
                status: 400,
                error: expect.stringMatching(/^Nothing was imported\. (Line \d+: )?|^Choose the partner spreadsheet/),
                readerTook: read.ok,
                count: 0,
                after: before,
              }
            : {
                status: 200,
                error: undefined,
                readerTook: true,
                count: taken.length,
                after: expect.arrayContaining(taken.map((p) => expect.objectContaining({ email: p.email, name: p.name, kind: p.kind, regions: p.regions }))),
              },
        );
      }),
      { numRuns: 60 },
    );
    // Both ways were tried: files taken and files refused.
    expect([...answered].sort()).toEqual([200, 400]);
  }, 120_000);
});

describe.each(storeKinds)('the order on-call partners are tried in, on %s', (kind) => {
  let t: TestStore;
  let app: FastifyInstance;
  const session = inboxSession(
    () => app,
    () => t.store,
  );
  beforeAll(async () => {
    t = await createTestStore(kind);
    app = await buildApp({ store: t.store, leadPurposes: ['new-lead'], inbox: { publicOrigin: INBOX_ORIGIN } });
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  it('lists the on-call partners fairest first, as dispatch tries them, paused and off-call ones left out', async () => {
    const recent = await addHamiltonTechnician(t.store, 'Recent Cooling', 'recent@x.nz');
    const earlier = await addHamiltonTechnician(t.store, 'Earlier Chill', 'earlier@x.nz');
    const never = await addHamiltonTechnician(t.store, 'Zed Never Offered', 'never@x.nz');
    const also = await addHamiltonTechnician(t.store, 'Another Never', 'another@x.nz');
    const paused = await addHamiltonTechnician(t.store, 'Paused Fridge', 'paused@x.nz', { paused: true });
    const offCall = await addHamiltonTechnician(t.store, 'Day Only', 'day@x.nz', { on_call: false });
    // Offers of no lead (deleted leads keep theirs so): only when they were made counts.
    await t.store.transact(function* () {
      for (const [id, partner, at] of [
        ['o1', recent.id, 3_000_000],
        ['o2', earlier.id, 1_000_000],
        ['o3', recent.id, 2_000_000],
        ['o4', paused.id, 500],
        ['o5', offCall.id, 400],
      ] as const)
        yield* run(
          "INSERT INTO partner_offers (id, lead_id, partner_id, state, created_at, expires_at) VALUES (?, NULL, ?, 'withdrawn', ?, ?)",
          id,
          partner,
          at,
          at,
        );
    });

    const staff = await session.signedIn(`order-${kind}@example.nz`, 'staff');
    const res = await session.call(staff, 'GET', '/partners');
    expect(res.statusCode).toBe(200);
    const { partners, on_call_order } = res.json();
    expect(partners).toHaveLength(6);
    expect(on_call_order).toEqual([
      { id: also.id, last_offered_at: null },
      { id: never.id, last_offered_at: null },
      { id: earlier.id, last_offered_at: 1_000_000 },
      { id: recent.id, last_offered_at: 3_000_000 },
    ]);
    // The same order the suggestions for an urgent Hamilton repair take, on-call ones only.
    const suggested = await t.store.read(() => suggestPartners({ id: 'no-such-lead', city: 'Hamilton', service_type: 'Repair' }));
    expect(suggested.filter((s) => s.partner.on_call).map((s) => s.partner.id)).toEqual(on_call_order.map((o: { id: string }) => o.id));
  });
});

describe.each(storeKinds)('the last backup on the owner’s screen, on %s', (kind) => {
  let t: TestStore;
  const dir = mkdtempSync(join(tmpdir(), 'crnz-backup-status-'));
  beforeAll(async () => {
    t = await createTestStore(kind);
  });
  afterAll(async () => {
    await t.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  async function withApp(backups: (() => BackupState) | undefined, test: (session: ReturnType<typeof inboxSession>) => Promise<void>) {
    const app = await buildApp({ store: t.store, inbox: { publicOrigin: INBOX_ORIGIN }, ...(backups ? { backups } : {}) });
    try {
      await test(
        inboxSession(
          () => app,
          () => t.store,
        ),
      );
    } finally {
      await app.close();
    }
  }

  it('says nothing of backups where none are scheduled', async () => {
    await withApp(undefined, async (session) => {
      const owner = await session.signedIn(`no-backups-${kind}@example.nz`);
      expect((await session.call(owner, 'GET', '/backups')).json()).toEqual({ backups: null });
    });
  });

  it('gives owners the newest backup and a failed attempt, without the folder; staff get 403', async () => {
    const state: BackupState = {
      folder: '/srv/secret/backups',
      last: { file: 'leads-2026-11-25T031005.123Z.sqlite', at: '2026-11-25T03:10:05.123Z', bytes: 1_234_944 },
      failure: { at: '2026-11-26T03:10:00.000Z', error: 'ENOSPC: no space left on device' },
    };
    await withApp(
      () => state,
      async (session) => {
        const owner = await session.signedIn(`backups-${kind}@example.nz`);
        const res = await session.call(owner, 'GET', '/backups');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ backups: { last: state.last, failure: state.failure } });
        expect(res.body).not.toContain('/srv/secret');
        const staff = await session.signedIn(`backups-staff-${kind}@example.nz`, 'staff');
        expect((await session.call(staff, 'GET', '/backups')).statusCode).toBe(403);
        expect((await session.call(await session.openBrowser(), 'GET', '/backups')).statusCode).toBe(401);
      },
    );
  });

  // Scheduled backups copy the SQLite file; with PostgreSQL the server refuses BACKUP_DIR (pg_dump does it), so there is nothing to show.
  it.runIf(kind === 'sqlite')('shows a real scheduled backup of the database as it is taken', async () => {
    const schedule = new BackupSchedule({ databaseFile: t.url, folder: dir, everyMs: 86_400_000, keep: 2, log: pino({ level: 'silent' }) });
    await withApp(
      () => schedule.state(),
      async (session) => {
        const owner = await session.signedIn('real-backup@example.nz');
        expect((await session.call(owner, 'GET', '/backups')).json()).toEqual({ backups: { last: null, failure: null } });
        await schedule.backUp();
        const { backups } = (await session.call(owner, 'GET', '/backups')).json();
        expect(backups.failure).toBeNull();
        expect(backups.last.bytes).toBeGreaterThan(0);
        expect(Date.now() - Date.parse(backups.last.at)).toBeLessThan(60_000);
      },
    );
  });
});
