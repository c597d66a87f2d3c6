import type { Dialect } from '../migrations.ts';

/**
 * Version 14: offers of a lead to partners. Each offer is one partner and one lead, reached through
 * a link whose token only the partner's e-mail holds (the hash is kept, set when the e-mail is
 * sent). At most one offer of a lead is accepted, by the unique index, whatever runs at once.
 * Deleting a lead leaves its offers without a lead, so their links say the job is gone.
 */
export function migration(dialect: Dialect): string[] {
  const big = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  return [
    `CREATE TABLE IF NOT EXISTS partner_offers (
  id TEXT PRIMARY KEY,
  lead_id TEXT REFERENCES leads(id) ON DELETE SET NULL,
  partner_id TEXT NOT NULL REFERENCES partners(id),
  token_hash TEXT,
  state TEXT NOT NULL DEFAULT 'open',
  offered_by TEXT,
  created_at ${big} NOT NULL,
  expires_at ${big} NOT NULL,
  answered_at ${big},
  decline_reason TEXT NOT NULL DEFAULT '',
  on_site_at ${big},
  quote_sent_at ${big}
)`,
    'CREATE UNIQUE INDEX IF NOT EXISTS partner_offers_token ON partner_offers (token_hash)',
    "CREATE UNIQUE INDEX IF NOT EXISTS partner_offers_holder ON partner_offers (lead_id) WHERE state = 'accepted'",
    'CREATE INDEX IF NOT EXISTS partner_offers_lead ON partner_offers (lead_id, created_at)',
    'CREATE INDEX IF NOT EXISTS partner_offers_partner ON partner_offers (partner_id, created_at)',
  ];
}
