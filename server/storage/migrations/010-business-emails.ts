import type { Dialect } from '../migrations.ts';

/**
 * Version 10: e-mails about the business's own work go through the outbox too. A nudge about a lead
 * nobody has answered and a follow-up reminder belong to a lead; the weekly digest belongs to no
 * lead, so lead_id may be empty, and `about` says which period or date a job is for: the digest's
 * week (one per week, by the partial unique index, however many instances try) and the reminder's
 * date. SQLite cannot drop a NOT NULL, so it rebuilds the table with its rows and indexes. Leads gain
 * the furthest stage of the funnel they reached (0 New, 1 Contacted, 2 Quoted, 3 Won), which a lead
 * marked Lost keeps, and an index for the follow-up reminders.
 */
export function migration(dialect: Dialect): string[] {
  const common = [
    'ALTER TABLE leads ADD COLUMN furthest_stage INTEGER NOT NULL DEFAULT 0',
    "UPDATE leads SET furthest_stage = CASE status WHEN 'contacted' THEN 1 WHEN 'quoted' THEN 2 WHEN 'won' THEN 3 ELSE 0 END",
    'CREATE INDEX IF NOT EXISTS leads_follow_up ON leads (follow_up_on)',
  ];
  if (dialect === 'postgres') {
    return [
      ...common,
      'ALTER TABLE outbox ALTER COLUMN lead_id DROP NOT NULL',
      'ALTER TABLE outbox ADD COLUMN about TEXT',
      'CREATE UNIQUE INDEX IF NOT EXISTS outbox_once_per_period ON outbox (channel, about) WHERE lead_id IS NULL',
    ];
  }
  const columns = 'id, lead_id, channel, status, attempts, next_attempt_at, locked_until, last_error, delivered_at, claim_token, claimed_by';
  return [
    ...common,
    `CREATE TABLE outbox_v10 (
  id TEXT PRIMARY KEY,
  lead_id TEXT REFERENCES leads(id) ON DELETE CASCADE,
  channel TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  locked_until INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  delivered_at INTEGER,
  claim_token TEXT,
  claimed_by TEXT,
  about TEXT,
  UNIQUE (lead_id, channel)
)`,
    `INSERT INTO outbox_v10 (${columns}) SELECT ${columns} FROM outbox`,
    'DROP TABLE outbox',
    'ALTER TABLE outbox_v10 RENAME TO outbox',
    'CREATE INDEX IF NOT EXISTS outbox_due ON outbox (status, next_attempt_at)',
    'CREATE INDEX IF NOT EXISTS outbox_claimable ON outbox (status, channel, next_attempt_at)',
    'CREATE UNIQUE INDEX IF NOT EXISTS outbox_once_per_period ON outbox (channel, about) WHERE lead_id IS NULL',
  ];
}
