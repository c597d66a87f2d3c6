import type { Dialect } from '../migrations.ts';

/**
 * Version 18:
 * - `offer_links`: an offer's links, one row per way it was sent (its e-mail now, a text message
 *   later), each with its own token's hash, so a second way of sending an offer never overwrites
 *   the first one's link. The e-mailed links already made move across; the old column goes.
 * - On PostgreSQL, new outbox jobs are no longer announced by a trigger with its own list of which
 *   jobs to announce: whatever queues a job announces it in the same transaction (job-queue.ts),
 *   and storing a lead wakes its own instance's worker.
 */
export function migration(dialect: Dialect): string[] {
  const big = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  const links = [
    `CREATE TABLE IF NOT EXISTS offer_links (
  offer_id TEXT NOT NULL REFERENCES partner_offers(id) ON DELETE CASCADE,
  channel TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  created_at ${big} NOT NULL,
  PRIMARY KEY (offer_id, channel)
)`,
    'CREATE UNIQUE INDEX IF NOT EXISTS offer_links_token ON offer_links (token_hash)',
    "INSERT INTO offer_links (offer_id, channel, token_hash, created_at) SELECT id, 'email', token_hash, created_at FROM partner_offers WHERE token_hash IS NOT NULL",
    'DROP INDEX IF EXISTS partner_offers_token',
    'ALTER TABLE partner_offers DROP COLUMN token_hash',
  ];
  if (dialect === 'sqlite') return links;
  return [...links, 'DROP TRIGGER IF EXISTS outbox_jobs_announced ON outbox', 'DROP FUNCTION IF EXISTS announce_outbox_jobs()'];
}
