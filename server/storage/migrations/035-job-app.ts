import type { Dialect } from '../migrations.ts';

/**
 * Version 35: the business's job app (ServiceM8 or Fergus).
 * - `job_app`: the one connection, keyed 'current': which app, its key or token (kept because every
 *   request needs it; never logged, shown only as its last four characters), who connected it,
 *   whether every won lead is sent, and the app's last refusal of the key (revoked or expired),
 *   which the inbox and the digest show until the key is replaced.
 * - `job_app_sends`: one row a lead, so a second press finds the first. Each id the app returns is
 *   stored before the next request (client, then job, then contact), so a retry after a crash
 *   resumes where the last one stopped rather than making the client or the job again.
 */
export function migration(dialect: Dialect): string[] {
  const big = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  const bool = dialect === 'sqlite' ? 'INTEGER' : 'BOOLEAN';
  return [
    `CREATE TABLE IF NOT EXISTS job_app (
  id TEXT PRIMARY KEY,
  vendor TEXT NOT NULL,
  secret TEXT NOT NULL,
  secret_hint TEXT NOT NULL,
  connected_at ${big} NOT NULL,
  connected_by TEXT,
  send_won ${bool} NOT NULL DEFAULT ${dialect === 'sqlite' ? 0 : 'FALSE'},
  refused_at ${big},
  refusal TEXT
)`,
    `CREATE TABLE IF NOT EXISTS job_app_sends (
  lead_id TEXT PRIMARY KEY REFERENCES leads(id) ON DELETE CASCADE,
  vendor TEXT NOT NULL,
  state TEXT NOT NULL,
  requested_at ${big} NOT NULL,
  requested_by TEXT,
  client_id TEXT,
  client_made ${bool},
  site_id TEXT,
  job_id TEXT,
  contact_done ${bool} NOT NULL DEFAULT ${dialect === 'sqlite' ? 0 : 'FALSE'},
  job_url TEXT,
  error TEXT,
  sent_at ${big},
  failed_at ${big}
)`,
    'CREATE INDEX IF NOT EXISTS job_app_sends_requested ON job_app_sends (requested_at)',
  ];
}
