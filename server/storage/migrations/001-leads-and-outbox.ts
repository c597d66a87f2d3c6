import type { Dialect } from '../migrations.ts';

const LEAD_FIELDS_V1 = `contact_name TEXT NOT NULL DEFAULT '',
  work_email TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  company_name TEXT NOT NULL DEFAULT '',
  industry TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '',
  service_type TEXT NOT NULL DEFAULT '',
  num_units TEXT NOT NULL DEFAULT '',
  site_type TEXT NOT NULL DEFAULT '',
  timeframe TEXT NOT NULL DEFAULT '',
  budget_range TEXT NOT NULL DEFAULT '',
  notes TEXT NOT NULL DEFAULT '',
  utm_source TEXT NOT NULL DEFAULT '',
  utm_medium TEXT NOT NULL DEFAULT '',
  utm_campaign TEXT NOT NULL DEFAULT '',
  utm_term TEXT NOT NULL DEFAULT '',
  utm_content TEXT NOT NULL DEFAULT '',
  gclid TEXT NOT NULL DEFAULT '',
  referrer TEXT NOT NULL DEFAULT '',
  page_url TEXT NOT NULL DEFAULT '',
  device TEXT NOT NULL DEFAULT '',
  path TEXT NOT NULL DEFAULT ''`;

/** Version 1 exactly as released (it used to be generated from the live field list). */
export function migration(dialect: Dialect): string[] {
  const createdAt = dialect === 'sqlite' ? 'created_at TEXT NOT NULL' : 'created_at TIMESTAMPTZ NOT NULL';
  const bool = dialect === 'sqlite' ? 'INTEGER NOT NULL DEFAULT 0' : 'BOOLEAN NOT NULL DEFAULT FALSE';
  const bigint = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  return [
    `CREATE TABLE IF NOT EXISTS leads (
  id TEXT PRIMARY KEY,
  ${createdAt},
  spam ${bool},
  ${LEAD_FIELDS_V1}
)`,
    'CREATE INDEX IF NOT EXISTS leads_created_at ON leads (created_at)',
    `CREATE TABLE IF NOT EXISTS outbox (
  id TEXT PRIMARY KEY,
  lead_id TEXT NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  channel TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at ${bigint} NOT NULL,
  locked_until ${bigint} NOT NULL DEFAULT 0,
  last_error TEXT,
  delivered_at ${bigint},
  UNIQUE (lead_id, channel)
)`,
    'CREATE INDEX IF NOT EXISTS outbox_due ON outbox (status, next_attempt_at)',
  ];
}
