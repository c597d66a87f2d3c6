/**
 * Schema evolution. The migrations are the numbered files of server/storage/migrations/: each one's
 * version is its number, a folder with a repeated number (two branches that each added the next
 * migration), a gap or a badly named file is refused, and no released migration changes its
 * statements. Migration 1 stays exactly as released; a database created by the released version
 * (tests/fixtures/schema-v1) upgrades with its rows intact; and every lead field has a column, so
 * adding a field without a migration fails here rather than in production.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { leadColumns } from '../../core/lead/schema.ts';
import { loadMigrations, migrationFiles, migrations, orderMigrationFiles, type MigrationStep } from '../../server/storage/migrations.ts';
import { enqueue } from '../../server/storage/job-queue.ts';
import { listPartners } from '../../server/storage/partner-records.ts';
import { offersOfLead } from '../../server/storage/offer-records.ts';
import { NOW_MS, one } from '../../server/storage/steps.ts';
import { createTestStore, rawQuery, storeKinds, type StoreKind, type TestStore } from '../support/stores.ts';

const raw = <T = Record<string, unknown>>(kind: StoreKind, t: TestStore, sql: string) => rawQuery<T>(kind, t.url, sql);

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

const fixture = (kind: StoreKind) => readFileSync(new URL(`../fixtures/schema-v1/${kind}.sql`, import.meta.url), 'utf8');

async function columns(kind: StoreKind, t: TestStore, table: string): Promise<string[]> {
  const rows =
    kind === 'sqlite'
      ? await raw<{ name: string }>(kind, t, `PRAGMA table_info(${table})`)
      : await raw<{ name: string }>(
          kind,
          t,
          `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = '${table}'`,
        );
  return rows.map((r) => r.name);
}

const folderNames = () => readdirSync(new URL('../../server/storage/migrations/', import.meta.url)).filter((f) => !f.startsWith('.'));

/** A folder of fake migration files, each returning one statement that names its file and dialect. */
function fakeFolder(files: Record<string, string | undefined>): URL {
  const dir = mkdtempSync(join(tmpdir(), 'crnz-migrations-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  for (const [name, text] of Object.entries(files))
    writeFileSync(join(dir, name), text ?? `export const migration = (dialect: string) => [\`SELECT '${name} on \${dialect}'\`];\n`);
  return pathToFileURL(`${dir}/`);
}

/**
 * Each released migration's statements on both stores, hashed. A migration that has shipped is
 * never edited: add a new file instead. A new migration needs its line here (the failure prints
 * the hash); change a line only for a migration that has never left your branch.
 */
const releasedHashes: Record<number, string> = {
  1: 'c2293813be6e5db8',
  2: '75cab0dfa47c7c9d',
  3: '2f59a742fcf5ebcb',
  4: '5d05ec6f5405db6e',
  5: 'b666ac41b0c68bca',
  6: 'd241bfbe78248d4d',
  7: 'f62f459db7b28830',
  8: '276b0a970e302d49',
  9: '7e09123feb7c9da0',
  10: 'c8b24c95810520da',
  11: '66703558b9f313b9',
  12: 'c0462db8b625cccc',
  13: '799d92592c83d2f2',
  14: '3606916fba8faed1',
  15: 'e2a2b30ee105f6b1',
  16: 'b311e99bd95f1bdf',
  17: '9c44fc9658050992',
  18: 'a8f66228a8dba4a5',
  19: '4176fa2da836c380',
  20: 'f329f992e9215eba',
  21: '05e38d049c1543f0',
  22: '1641fa051978d930',
  23: '662a0a58984075b5',
  24: '950b44676fa9f8e0',
  25: 'ac4b690fef52e8e2',
  26: 'b2dc7a8816a3a210',
  27: 'a9e08cf9d2f6ae6f',
  28: 'c153dbaa3a78749a',
  29: 'c781e3c5a05e1222',
  30: 'ec06a4a7c8ce07dd',
  31: 'b34bd42c2a2f469c',
  32: 'be304a4d992f7b4c',
  33: '96e12fde4f1bd0e6',
  34: '2a8d692bfdd2504f',
  35: 'c04f563f8172120d',
  36: '24fa4ab4dc3c792a',
  37: 'c20da6d0068e80ee',
  38: 'f325ca462bc19360',
  39: 'd49a28e3aae06285',
  40: '627e4ba884dd81f7',
};

describe('migration files', () => {
  it('takes each version from its file name, and runs them 1, 2, 3, … as the folder holds them', () => {
    expect(migrationFiles.map((m) => m.file)).toEqual(folderNames().sort());
    for (const [i, { version, file }] of migrationFiles.entries()) {
      expect(file, 'a migration file is named NNN-name.ts').toMatch(/^\d{3}-[a-z0-9-]+\.ts$/);
      expect(version, file).toBe(Number(file.slice(0, 3)));
      expect(version, file).toBe(i + 1);
    }
    for (const kind of storeKinds) expect(migrations(kind)).toHaveLength(migrationFiles.length);
  });

  it('keeps every released migration as it was released', () => {
    // Units of work (steps that are functions) are their own modules' business; statements are compared.
    const text = (steps: MigrationStep[]) => steps.map((s) => (typeof s === 'string' ? s : '(unit of work)'));
    const [sqlite, postgres] = [migrations('sqlite'), migrations('postgres')];
    const hashes = Object.fromEntries(
      migrationFiles.map(({ version }, i) => [
        version,
        createHash('sha256')
          .update(JSON.stringify([text(sqlite[i]!), text(postgres[i]!)]))
          .digest('hex')
          .slice(0, 16),
      ]),
    );
    expect(hashes).toEqual(releasedHashes);
  });

  it('refuses two files with one number, as when two branches each add the next migration', async () => {
    const next = String(migrationFiles.length + 1).padStart(3, '0');
    expect(() => orderMigrationFiles([...folderNames(), `${next}-text-messages.ts`, `${next}-site-editor.ts`])).toThrow(
      `${next}-site-editor.ts and ${next}-text-messages.ts share the number ${next}`,
    );
    const folder = fakeFolder({ '001-a.ts': undefined, '002-b.ts': undefined, '002-c.ts': undefined });
    await expect(loadMigrations(folder)).rejects.toThrow('002-b.ts and 002-c.ts share the number 002');
  });

  it('refuses a gap in the numbers', async () => {
    await expect(loadMigrations(fakeFolder({ '001-a.ts': undefined, '003-c.ts': undefined }))).rejects.toThrow('no migration numbered 002');
    await expect(loadMigrations(fakeFolder({ '002-b.ts': undefined }))).rejects.toThrow('no migration numbered 001');
    expect(() => orderMigrationFiles(['000-zero.ts', '001-a.ts'])).toThrow('"000-zero.ts" has the number 000: the numbers start at 001');
  });

  it.each(['4-d.ts', '0004-d.ts', '004_d.ts', '004-D.ts', '004-d.js', '004-.ts', '004-d.test.ts', '004-d', 'index.ts', 'README.md'])(
    'refuses a file named %s',
    async (name) => {
      const folder = fakeFolder({ '001-a.ts': undefined, '002-b.ts': undefined, '003-c.ts': undefined, [name]: 'export {};\n' });
      await expect(loadMigrations(folder)).rejects.toThrow(`"${name}" is not named NNN-name.ts`);
    },
  );

  it('refuses a file that exports no migration', async () => {
    const folder = fakeFolder({ '001-a.ts': undefined, '002-b.ts': 'export const steps = [];\n' });
    await expect(loadMigrations(folder)).rejects.toThrow('002-b.ts exports no migration(dialect) function');
  });

  it('loads a sound folder in the order of its numbers, whatever order the names come in', async () => {
    const folder = fakeFolder({ '010-j.ts': undefined, '002-b.ts': undefined, '001-a.ts': undefined, '.DS_Store': '' });
    for (let n = 3; n <= 9; n++) writeFileSync(new URL(`00${n}-step-${n}.ts`, folder), `export const migration = () => ['SELECT ${n}'];\n`);
    const loaded = await loadMigrations(folder);
    expect(loaded.map((m) => [m.version, m.file])).toEqual([
      [1, '001-a.ts'],
      [2, '002-b.ts'],
      ...[3, 4, 5, 6, 7, 8, 9].map((n) => [n, `00${n}-step-${n}.ts`]),
      [10, '010-j.ts'],
    ]);
    expect(loaded[0]!.migration('postgres')).toEqual(["SELECT '001-a.ts on postgres'"]);
    expect(loaded[9]!.migration('sqlite')).toEqual(["SELECT '010-j.ts on sqlite'"]);
  });
});

describe.each(storeKinds)('schema on %s', (kind) => {
  it('migration 1 is the released schema, statement for statement', () => {
    const released = fixture(kind)
      .split(/;\n/)
      .map((s) => s.replace(/^(--.*\n)+/, '').trim())
      .filter((s) => s.startsWith('CREATE') && !s.includes('schema_migrations'));
    expect(migrations(kind)[0]).toEqual(released);
  });

  it('upgrades a database made by the released version, keeping its leads and notifications', async () => {
    const t = await createTestStore(kind, { migrate: false });
    cleanups.push(() => t.cleanup());
    await raw(kind, t, fixture(kind));
    await t.store.migrate();
    await t.store.migrate(); // a second start changes nothing

    const versions = await raw<{ version: number }>(kind, t, 'SELECT version FROM schema_migrations ORDER BY version');
    expect(versions.map((v) => Number(v.version))).toEqual(migrations(kind).map((_, i) => i + 1));

    const leads = await t.store.listLeads();
    expect(leads.map((l) => l.contact_name)).toEqual(['Aroha Ngata', 'Sam Li']);
    expect(leads[0]).toMatchObject({
      id: '11111111-1111-4111-8111-111111111111',
      created_at: '2026-10-01T21:14:05.123Z',
      company_name: 'Ōtaki Bakehouse',
      notes: 'Walk-in chiller alarm at 2am.\nDoor seal torn.',
      gclid: 'gclid-v1',
      spam: false,
    });
    expect((await t.store.listJobs()).map((j) => [j.lead_id?.slice(0, 2), j.status, j.attempts, j.last_error])).toEqual([
      ['11', 'pending', 2, 'connect ECONNREFUSED 127.0.0.1:587'],
      ['22', 'done', 1, null],
    ]);

    // The old pending job is delivered by the new outbox, and new leads go in beside the old.
    const [job] = await t.store.claimJobs({ purposes: ['new-lead'], limit: 10, leaseMs: 60_000, owner: 'upgrade-test' });
    expect(job!.lead_id).toBe('11111111-1111-4111-8111-111111111111');
    expect(await t.store.completeJob(job!)).toBe(true);
    const { id: _id, created_at: _c, spam: _s, ...fields } = leads[1]!;
    await t.store.insertLead({ ...fields, contact_name: 'After Upgrade' }, { spam: false, purposes: ['new-lead'], repeatWindowMs: 600_000 });
    expect((await t.store.listLeads()).map((l) => l.contact_name)).toEqual(['Aroha Ngata', 'Sam Li', 'After Upgrade']);
  });

  it('upgrades a database of the previous release (version 20): jobs, offers, urgency and partner lists keep their meaning', async () => {
    const t = await createTestStore(kind, { migrate: false });
    cleanups.push(() => t.cleanup());
    await raw(kind, t, fixture(kind));
    // Stop at version 20 (the later ones marked done, so they wait), fill what 21 renames, then let them run.
    const later = migrations(kind)
      .map((_, i) => i + 1)
      .filter((v) => v > 20);
    await raw(kind, t, `INSERT INTO schema_migrations (version) VALUES ${later.map((v) => `(${v})`).join(', ')}`);
    await t.store.migrate();
    const [aroha, sam] = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
    const yes = kind === 'sqlite' ? '1' : 'TRUE';
    await raw(kind, t, `UPDATE leads SET urgent = 1 WHERE id = '${aroha}'`);
    await raw(
      kind,
      t,
      `INSERT INTO partners (id, name, email, phone, kind, regions, services, industries, on_call, created_at, updated_at)
       VALUES ('p1', 'Kauri Cooling', 'kauri@example.nz', '021 555 0101', 'technician', 'Auckland;Hamilton', 'Repair;Maintenance', '', ${yes}, 0, 0),
              ('p2', 'Totara Supplies', 'totara@example.nz', '07 555 0199', 'technician', 'Hamilton', 'Repair', '', ${yes}, 0, 0)`,
    );
    await raw(
      kind,
      t,
      `INSERT INTO partner_offers (id, lead_id, partner_id, offered_by, created_at, expires_at) VALUES ('o1', '${aroha}', 'p1', NULL, 0, 0), ('o2', '${sam}', 'p1', 'owner@example.nz', 0, 0)`,
    );
    await raw(
      kind,
      t,
      `INSERT INTO outbox (id, lead_id, channel, next_attempt_at, about) VALUES
       ('j-ack', '${aroha}', 'ack', 0, NULL), ('j-reminder', '${sam}', 'reminder', 0, '2026-12-01'),
       ('j-offer', NULL, 'offer', 0, 'o1'), ('j-digest', NULL, 'digest', 0, '2026-11-23')`,
    );
    await raw(kind, t, 'DELETE FROM schema_migrations WHERE version > 20');
    await t.store.migrate();

    const jobs = Object.fromEntries((await t.store.listJobs()).map((j) => [j.id, [j.purpose, j.lead_id?.slice(0, 2) ?? null, j.offer_id, j.period]]));
    expect(jobs).toEqual({
      'aaaaaaaa-0000-4000-8000-000000000001': ['new-lead', '11', null, null],
      'aaaaaaaa-0000-4000-8000-000000000002': ['new-lead', '22', null, null],
      'j-ack': ['acknowledgement', '11', null, null],
      'j-reminder': ['reminder', '22', null, '2026-12-01'],
      'j-offer': ['offer', null, 'o1', null],
      'j-digest': ['digest', null, null, '2026-11-23'],
    });
    expect((await t.store.getLead(aroha))!.urgent).toBe(true);
    expect((await t.store.getLead(sam))!.urgent).toBe(false);
    const [partner, landline] = await t.store.read(() => listPartners());
    expect(partner).toMatchObject({ regions: ['Auckland', 'Hamilton'], services: ['Repair', 'Maintenance'], industries: [], on_call: true });
    // Texts come on for the on-call technicians whose phone is a mobile, and only for them.
    expect([partner!.sms, landline!.sms]).toEqual([true, false]);
    const offers = await t.store.read(() => offersOfLead(aroha));
    expect(offers.map((o) => o.offer.automatic)).toEqual([true]);
    expect((await t.store.read(() => offersOfLead(sam))).map((o) => [o.offer.automatic, o.offer.offered_by])).toEqual([[false, 'owner@example.nz']]);
    // The old jobs are claimed under their new names, and a repeat of a renamed job is still the same job.
    const claimed = await t.store.claimJobs({ purposes: ['acknowledgement', 'offer'], limit: 10, leaseMs: 60_000, owner: 'upgrade-test' });
    expect(claimed.map((j) => j.id).sort()).toEqual(['j-ack', 'j-offer']);
    expect(await t.store.transact(() => enqueue({ purpose: 'digest', of: { period: '2026-11-23' } }))).toBe(false);
    expect(await t.store.transact(() => enqueue({ purpose: 'offer', of: { offer: 'o1' } }))).toBe(false);
  });

  it('has a column for every lead field', async () => {
    const t = await createTestStore(kind);
    cleanups.push(() => t.cleanup());
    const have = new Set(await columns(kind, t, 'leads'));
    expect(
      leadColumns.filter((c) => !have.has(c)),
      'lead fields without a column: add a migration',
    ).toEqual([]);
  });

  it(kind === 'sqlite' ? 'keeps no rate_limits table (one instance counts in memory)' : 'keeps the shared rate_limits table', async () => {
    const t = await createTestStore(kind);
    cleanups.push(() => t.cleanup());
    expect(await columns(kind, t, 'rate_limits')).toEqual(kind === 'sqlite' ? [] : ['key', 'reset_at', 'hits']);
  });

  it('reads the clock once for each statement, and afresh for the next statement of the same unit of work', async () => {
    // Unmigrated: only the clock is read. The pause is real work between the two readings.
    const t = await createTestStore(kind, { migrate: false });
    cleanups.push(() => t.cleanup());
    const pause =
      kind === 'postgres' ? 'pg_sleep(0.02)' : '(WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000) SELECT count(*) FROM c)';
    const [first, next] = await t.store.transact(function* () {
      const reading = `SELECT ${NOW_MS} AS a, ${pause} AS pause, ${NOW_MS} AS b`;
      return [yield* one(reading), yield* one(reading)];
    });
    expect(Number(first!.b)).toBe(Number(first!.a));
    expect(Number(next!.b)).toBe(Number(next!.a));
    expect(Number(next!.a)).toBeGreaterThan(Number(first!.a));
  });
});
