import type { Dialect } from '../migrations.ts';

/**
 * Version 33: jobs that finish, and the customer told by text.
 * - `partner_offers.on_way_at` / `arrive_by`: when the partner who holds the job pressed "On my
 *   way", and by when they said they would arrive (both epoch ms; null until pressed).
 * - `partner_offers.done_at`: when the partner pressed "Job done" (the attend clock stops there).
 * - `partner_offers.handed_back_reason`: the partner's reason for handing a job back ("I can't do
 *   this job"); the offer itself ends as withdrawn with end_reason 'handed_back'. Its accepted_at
 *   stays, as for any job taken back: they did commit, and did see the customer's details.
 * - `customer_texts`: each text sent to a lead's customer, by the provider's id, with the number it
 *   went to (E.164), its kind and what it was about (the offer of the partner it named, or
 *   'business'), so the customer's reply finds its lead and a later text knows what they were told.
 *   Deleted with the lead.
 * - `text_opt_outs`: the numbers (E.164) of customers who replied STOP: nothing more is texted to
 *   them until they reply START. Kept by number, not by lead, so a later request from the same
 *   phone is not texted either.
 */
export function migration(dialect: Dialect): string[] {
  const big = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  return [
    `ALTER TABLE partner_offers ADD COLUMN on_way_at ${big}`,
    `ALTER TABLE partner_offers ADD COLUMN arrive_by ${big}`,
    `ALTER TABLE partner_offers ADD COLUMN done_at ${big}`,
    "ALTER TABLE partner_offers ADD COLUMN handed_back_reason TEXT NOT NULL DEFAULT ''",
    `CREATE TABLE IF NOT EXISTS customer_texts (
  sid TEXT PRIMARY KEY,
  lead_id TEXT NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  phone TEXT NOT NULL,
  kind TEXT NOT NULL,
  about TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL,
  error_code TEXT NOT NULL DEFAULT '',
  created_at ${big} NOT NULL,
  updated_at ${big} NOT NULL
)`,
    'CREATE INDEX IF NOT EXISTS customer_texts_phone ON customer_texts (phone, created_at)',
    'CREATE INDEX IF NOT EXISTS customer_texts_lead ON customer_texts (lead_id)',
    `CREATE TABLE IF NOT EXISTS text_opt_outs (
  phone TEXT PRIMARY KEY,
  stopped_at ${big} NOT NULL
)`,
  ];
}
