import type { Dialect } from '../migrations.ts';

/**
 * Version 8: the lead inbox. Each lead gains the business's work on it (status, job value in cents,
 * lost reason, follow-up date, when the status last changed and when someone first acted on it),
 * an urgent flag and the list's priority (1 while urgent and still new), and the lowercased text
 * the inbox's search reads. Existing leads are marked urgent by the rule as it stands at this
 * version (the urgent timeframe, a repair call-out, or sent from the emergency page). Then the
 * people who may sign in, their passkeys, sessions, one-time links and codes, passkey challenges,
 * each lead's timeline, and the audit log. Times in these tables are epoch milliseconds.
 */
export function migration(dialect: Dialect): string[] {
  const big = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  return [
    "ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new'",
    'ALTER TABLE leads ADD COLUMN urgent INTEGER NOT NULL DEFAULT 0',
    'ALTER TABLE leads ADD COLUMN priority INTEGER NOT NULL DEFAULT 0',
    `ALTER TABLE leads ADD COLUMN job_value_cents ${big}`,
    'ALTER TABLE leads ADD COLUMN lost_reason TEXT',
    'ALTER TABLE leads ADD COLUMN follow_up_on TEXT',
    `ALTER TABLE leads ADD COLUMN status_changed_at ${big}`,
    `ALTER TABLE leads ADD COLUMN first_action_at ${big}`,
    "ALTER TABLE leads ADD COLUMN search_text TEXT NOT NULL DEFAULT ''",
    "UPDATE leads SET urgent = 1 WHERE timeframe = 'Urgent (24–72h)' OR site_type = 'Repair call-out' OR path = '/emergency-repairs' OR path LIKE '/emergency-repairs/%'",
    'UPDATE leads SET priority = urgent WHERE NOT spam',
    "UPDATE leads SET search_text = lower(contact_name || ' ' || company_name || ' ' || work_email || ' ' || phone || ' ' || notes)",
    'CREATE INDEX IF NOT EXISTS leads_inbox_status ON leads (spam, status, priority, created_at, id)',
    'CREATE INDEX IF NOT EXISTS leads_inbox_all ON leads (spam, priority, created_at, id)',
    'CREATE INDEX IF NOT EXISTS leads_work_email ON leads (work_email)',
    `CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  role TEXT NOT NULL,
  created_at ${big} NOT NULL
)`,
    `CREATE TABLE IF NOT EXISTS passkeys (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  public_key TEXT NOT NULL,
  counter ${big} NOT NULL,
  transports TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL,
  created_at ${big} NOT NULL,
  last_used_at ${big}
)`,
    'CREATE INDEX IF NOT EXISTS passkeys_user ON passkeys (user_id)',
    `CREATE TABLE IF NOT EXISTS sessions (
  id_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at ${big} NOT NULL,
  expires_at ${big} NOT NULL
)`,
    'CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id)',
    `CREATE TABLE IF NOT EXISTS sign_in_secrets (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  secret_hash TEXT NOT NULL,
  expires_at ${big} NOT NULL,
  used_at ${big},
  tries INTEGER NOT NULL DEFAULT 0
)`,
    'CREATE INDEX IF NOT EXISTS sign_in_secrets_hash ON sign_in_secrets (secret_hash)',
    'CREATE INDEX IF NOT EXISTS sign_in_secrets_user ON sign_in_secrets (user_id, kind)',
    `CREATE TABLE IF NOT EXISTS passkey_challenges (
  id TEXT PRIMARY KEY,
  challenge TEXT NOT NULL,
  user_id TEXT,
  expires_at ${big} NOT NULL
)`,
    `CREATE TABLE IF NOT EXISTS lead_events (
  id TEXT PRIMARY KEY,
  lead_id TEXT NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  at ${big} NOT NULL,
  kind TEXT NOT NULL,
  actor_email TEXT,
  text TEXT NOT NULL
)`,
    'CREATE INDEX IF NOT EXISTS lead_events_lead ON lead_events (lead_id, at)',
    `CREATE TABLE IF NOT EXISTS audit_log (
  id TEXT PRIMARY KEY,
  at ${big} NOT NULL,
  actor_email TEXT,
  action TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT '',
  ip TEXT NOT NULL DEFAULT ''
)`,
    'CREATE INDEX IF NOT EXISTS audit_log_at ON audit_log (at, id)',
  ];
}
