/** The migrations of the partners and their offers (versions 13 and 14), released as the others are: never edited. */
import type { Dialect } from './migrations.ts';
/**
 * Version 13: the business's partners, the suppliers and technicians it passes work to. They have
 * no account; their e-mail is who they are (an import updates a partner by it), kept in lower case.
 * Regions, services and industries are `;`-separated lists, as the owner's spreadsheet writes them.
 * A removed partner keeps its row (removed_at), so what was once sent to them can still be named.
 */
export function v13(dialect: Dialect): string[] {
  const big = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  const bool = dialect === 'sqlite' ? 'INTEGER NOT NULL DEFAULT 0' : 'BOOLEAN NOT NULL DEFAULT FALSE';
  return [
    `CREATE TABLE IF NOT EXISTS partners (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL DEFAULT '',
  kind TEXT NOT NULL,
  regions TEXT NOT NULL DEFAULT '',
  services TEXT NOT NULL DEFAULT '',
  industries TEXT NOT NULL DEFAULT '',
  on_call ${bool},
  paused ${bool},
  created_at ${big} NOT NULL,
  updated_at ${big} NOT NULL,
  removed_at ${big}
)`,
    'CREATE UNIQUE INDEX IF NOT EXISTS partners_email ON partners (email)',
  ];
}

/**
 * Version 14: offers of a lead to partners. Each offer is one partner and one lead, reached through
 * a link whose token only the partner's e-mail holds (the hash is kept, set when the e-mail is
 * sent). At most one offer of a lead is accepted, by the unique index, whatever runs at once.
 * Deleting a lead leaves its offers without a lead, so their links say the job is gone.
 */
export function v14(dialect: Dialect): string[] {
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
