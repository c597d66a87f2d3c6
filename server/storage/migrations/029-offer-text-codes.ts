import type { Dialect } from '../migrations.ts';

/**
 * Version 29: replies by text name their job.
 * - `partner_offers.text_code`: the short code an offer's text carries ("K7P"), so a partner with
 *   two jobs waiting can answer one of them; unique among one partner's open offers (the index), so
 *   a code never names two jobs at once. Null for an offer never texted.
 * - `partner_offers.extended_at`: when a reply that was neither yes nor no gave the offer its one
 *   extra few minutes; null while it has not.
 */
export function migration(dialect: Dialect): string[] {
  const big = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  return [
    'ALTER TABLE partner_offers ADD COLUMN text_code TEXT',
    `ALTER TABLE partner_offers ADD COLUMN extended_at ${big}`,
    "CREATE UNIQUE INDEX IF NOT EXISTS partner_offers_open_code ON partner_offers (partner_id, text_code) WHERE state = 'open' AND text_code IS NOT NULL",
  ];
}
