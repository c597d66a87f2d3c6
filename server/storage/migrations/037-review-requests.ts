import type { Dialect } from '../migrations.ts';

/**
 * Version 37: asking a customer for a Google review once a job is won.
 * - `review_settings`: the owners' switch, one row (none: requests are on).
 * - `review_requests`: one row a lead, so a lead is asked once: 'skipped' (an owner said not this
 *   one), 'held' (nothing was sent, and `reason` says why), 'sending' (its links are made and the
 *   message is on its way) or 'sent'; by text or e-mail; when it was sent, reminded and first
 *   pressed, and how often its link was pressed.
 * - `review_links`: each link a message carried, by its token's hash only: the review link (which
 *   ends at `ends_at`) and the e-mail's unsubscribe link (which lasts as long as its lead).
 * - `review_contacts`: the customers asked, by the hash of their normalised phone or e-mail, so
 *   nobody is asked twice within six months whichever lead they came through.
 * - `review_opt_outs`: the e-mail addresses (hashed) that unsubscribed from review e-mails.
 */
export function migration(dialect: Dialect): string[] {
  const big = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  const bool = dialect === 'sqlite' ? 'INTEGER' : 'BOOLEAN';
  return [
    `CREATE TABLE IF NOT EXISTS review_settings (
  id INTEGER PRIMARY KEY,
  requests_on ${bool} NOT NULL,
  updated_at ${big} NOT NULL,
  updated_by TEXT
)`,
    `CREATE TABLE IF NOT EXISTS review_requests (
  lead_id TEXT PRIMARY KEY REFERENCES leads(id) ON DELETE CASCADE,
  state TEXT NOT NULL,
  reason TEXT,
  channel TEXT,
  changed_at ${big} NOT NULL,
  changed_by TEXT,
  sent_at ${big},
  reminded_at ${big},
  pressed_at ${big},
  presses INTEGER NOT NULL DEFAULT 0
)`,
    'CREATE INDEX IF NOT EXISTS review_requests_sent ON review_requests (sent_at)',
    `CREATE TABLE IF NOT EXISTS review_links (
  hash TEXT PRIMARY KEY,
  lead_id TEXT NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  ends_at ${big}
)`,
    'CREATE INDEX IF NOT EXISTS review_links_lead ON review_links (lead_id)',
    `CREATE TABLE IF NOT EXISTS review_contacts (
  contact_hash TEXT PRIMARY KEY,
  lead_id TEXT NOT NULL,
  asked_at ${big} NOT NULL
)`,
    `CREATE TABLE IF NOT EXISTS review_opt_outs (
  email_hash TEXT PRIMARY KEY,
  opted_out_at ${big} NOT NULL
)`,
  ];
}
