/** Table definitions shared by both stores, generated from the lead schema's columns. */
import { leadColumns } from '../../src/lib/lead.ts';

export { leadColumns };

/** Migrations by version; each is a list of statements for the dialect. */
export function migrations(dialect: 'sqlite' | 'postgres'): string[][] {
  const createdAt = dialect === 'sqlite' ? 'created_at TEXT NOT NULL' : 'created_at TIMESTAMPTZ NOT NULL';
  const bool = dialect === 'sqlite' ? 'INTEGER NOT NULL DEFAULT 0' : 'BOOLEAN NOT NULL DEFAULT FALSE';
  const bigint = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  const columns = leadColumns.map((c) => `${c} TEXT NOT NULL DEFAULT ''`).join(',\n  ');
  return [
    [
      `CREATE TABLE IF NOT EXISTS leads (
  id TEXT PRIMARY KEY,
  ${createdAt},
  spam ${bool},
  ${columns}
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
    ],
    // 2: why the spam screen flagged a lead, for `npm run leads -- spam`.
    [`ALTER TABLE leads ADD COLUMN spam_reason TEXT NOT NULL DEFAULT ''`],
  ];
}
