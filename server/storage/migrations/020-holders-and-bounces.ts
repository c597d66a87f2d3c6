import type { Dialect } from '../migrations.ts';

/**
 * Version 20:
 * - `partner_offers.accepted_at`: when the partner accepted, kept when the job is later taken back
 *   from them, so "who received the customer's details, and when" never loses a row. Offers
 *   accepted before it take their answer's time.
 * - `partners.bounced_at`: when an offer e-mail to the partner could not be delivered (the mail
 *   server refused the address). Dispatch skips them until someone in the inbox clears it.
 */
export function migration(dialect: Dialect): string[] {
  const big = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  return [
    `ALTER TABLE partner_offers ADD COLUMN accepted_at ${big}`,
    "UPDATE partner_offers SET accepted_at = answered_at WHERE state = 'accepted'",
    `ALTER TABLE partners ADD COLUMN bounced_at ${big}`,
  ];
}
