/**
 * Schema evolution. Migration 1 stays exactly as released; a database created by the
 * released version (tests/fixtures/schema-v1) upgrades with its rows intact; and every lead field
 * has a column, so adding a field without a migration fails here rather than in production.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { leadColumns } from '../../core/lead/schema.ts';
import { migrations } from '../../server/storage/migrations.ts';
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
    const [job] = await t.store.claimJobs({ channels: ['email'], limit: 10, leaseMs: 60_000, owner: 'upgrade-test' });
    expect(job!.lead_id).toBe('11111111-1111-4111-8111-111111111111');
    expect(await t.store.completeJob(job!)).toBe(true);
    const { id: _id, created_at: _c, spam: _s, ...fields } = leads[1]!;
    await t.store.insertLead({ ...fields, contact_name: 'After Upgrade' }, { spam: false, channels: ['email'], repeatWindowMs: 600_000 });
    expect((await t.store.listLeads()).map((l) => l.contact_name)).toEqual(['Aroha Ngata', 'Sam Li', 'After Upgrade']);
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
});
