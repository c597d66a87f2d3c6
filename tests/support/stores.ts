/**
 * Real stores for the shared server suite: a SQLite file in a temp dir, and PostgreSQL on
 * TEST_DATABASE_URL (default: the local server, postgres://postgres@127.0.0.1:5432/test), each test
 * store in its own schema so test files can run side by side.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { SqliteLeadStore } from '../../server/storage/sqlite.ts';
import { PostgresLeadStore } from '../../server/storage/postgres.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { arrivalTime } from '../../core/lead/arrival.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export type StoreKind = 'sqlite' | 'postgres';
export const storeKinds: StoreKind[] = ['sqlite', 'postgres'];

export interface TestStore {
  store: LeadStore;
  /** A DATABASE_URL that opens the same data (for child processes and restarts). */
  url: string;
  reopen(): LeadStore;
  /** Sets a lead's creation time directly in the database, with the arrival columns a lead stored then has (for retention and reports tests). */
  backdate(leadId: string, createdAt: Date): Promise<void>;
  cleanup(): Promise<void>;
}

/** `migrate: false` leaves the database empty (for upgrade tests that load an old schema first). */
export async function createTestStore(kind: StoreKind, { migrate = true }: { migrate?: boolean } = {}): Promise<TestStore> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'crnz-'));
    const file = join(dir, 'leads.sqlite');
    const store = new SqliteLeadStore(file);
    if (migrate) await store.migrate();
    const opened: LeadStore[] = [store];
    return {
      store,
      url: file,
      reopen: () => {
        const s = new SqliteLeadStore(file);
        opened.push(s);
        return s;
      },
      backdate: async (leadId, createdAt) => {
        const db = new DatabaseSync(file);
        try {
          const { nz_week, nz_weekday, nz_minutes } = arrivalTime(createdAt);
          db.prepare('UPDATE leads SET created_at = ?, nz_week = ?, nz_weekday = ?, nz_minutes = ? WHERE id = ?').run(
            createdAt.toISOString(),
            nz_week,
            nz_weekday,
            nz_minutes,
            leadId,
          );
        } finally {
          db.close();
        }
      },
      cleanup: async () => {
        for (const s of opened) await s.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = `${TEST_DATABASE_URL}${TEST_DATABASE_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const store = new PostgresLeadStore(url);
  if (migrate) await store.migrate();
  const opened: LeadStore[] = [store];
  return {
    store,
    url,
    reopen: () => {
      const s = new PostgresLeadStore(url);
      opened.push(s);
      return s;
    },
    backdate: async (leadId, createdAt) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        const { nz_week, nz_weekday, nz_minutes } = arrivalTime(createdAt);
        await c.query('UPDATE leads SET created_at = $1, nz_week = $2, nz_weekday = $3, nz_minutes = $4 WHERE id = $5', [
          createdAt,
          nz_week,
          nz_weekday,
          nz_minutes,
          leadId,
        ]);
      } finally {
        await c.end();
      }
    },
    cleanup: async () => {
      for (const s of opened) await s.close().catch(() => undefined);
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

/** Runs SQL on a test database directly, outside the store (old schemas, ageing rows); returns a SELECT's rows. */
export async function rawQuery<T = Record<string, unknown>>(kind: StoreKind, url: string, sql: string, params: (string | number)[] = []): Promise<T[]> {
  if (kind === 'sqlite') {
    const db = new DatabaseSync(url);
    try {
      if (/^\s*(select|pragma)/i.test(sql)) return db.prepare(sql).all(...params) as T[];
      if (params.length > 0) db.prepare(sql).run(...params);
      else db.exec(sql);
      return [];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(sql, params.length > 0 ? params : undefined);
    return (Array.isArray(result) ? [] : result.rows) as T[];
  } finally {
    await client.end();
  }
}

/** A valid urlencoded quote request, with overrides. */
export function formBody(overrides: Record<string, string> = {}): string {
  return new URLSearchParams({
    'form-name': 'commercialLead',
    'bot-field': '',
    contact_name: 'Mere Tane',
    work_email: 'mere@kaicafe.co.nz',
    phone: '021 555 0101',
    company_name: 'Kai Cafe Ltd',
    industry: 'Hospitality',
    city: 'Hamilton',
    service_type: 'Repair',
    num_units: '2–3',
    site_type: 'Repair call-out',
    timeframe: 'Urgent (24–72h)',
    budget_range: '$2k–$10k',
    notes: 'Two under-counter fridges running warm.\nBoth about six years old.',
    // The optional site fieldset, left empty as most visitors leave it.
    site_street: '',
    site_suburb: '',
    access_notes: '',
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'waikato',
    utm_term: '',
    utm_content: '',
    gclid: 'gclid-123',
    referrer: 'https://www.google.com/',
    page_url: 'https://www.commercialrefrigeration.nz/hamilton',
    device: 'mobile',
    path: '/hamilton',
    ...overrides,
  }).toString();
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' } as const;
export const JSON_ACCEPT = { ...FORM, accept: 'application/json' } as const;
export const HTML_ACCEPT = { ...FORM, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } as const;
