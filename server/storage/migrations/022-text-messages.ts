import type { Dialect, MigrationStep } from '../migrations.ts';
import { isNzMobile } from '../../../core/partner/nz-mobile.ts';
import { all, run } from '../steps.ts';

/**
 * Version 22: text messages, and partners who keep their own on-call times.
 * - `partners.sms`: text messages on for this partner (their `phone` must then be a mobile); on for
 *   the on-call technicians with a mobile number, as for new ones. `sms_stopped_at`: when they replied STOP (texts then stay off
 *   until they reply START or someone turns them on again).
 * - `partners.on_call_until`: the end of an on-call time the partner set on their own page; when
 *   set it decides (on call until then, off after), and the owner's switch clears it.
 * - `partner_page_links`: the links to a partner's standing page ("Your jobs"), by their token's
 *   hash (never the token). Each e-mail about an offer carries one made from that offer's own link,
 *   so no token needs keeping to write it again. `partners.page_revoked`: the owner turned the page
 *   off; `partners.page_links_from`: links of offers made before this (a renewal) are not made again.
 * - `partner_offers.accepted_via`: where an offer was accepted (its page or a text reply), for
 *   the reports' time to accept by channel.
 * - `text_messages`: each text sent, by the provider's id, with its latest status, so a delivery
 *   receipt finds its offer and a repeated receipt changes nothing twice.
 * - `sms_callbacks`: the signatures of provider callbacks already taken, so a replayed one is refused.
 */
export function migration(dialect: Dialect): MigrationStep[] {
  const big = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  const bool = dialect === 'sqlite' ? 'INTEGER NOT NULL DEFAULT 0' : 'BOOLEAN NOT NULL DEFAULT FALSE';
  return [
    `ALTER TABLE partners ADD COLUMN sms ${bool}`,
    // On for the on-call technicians whose phone can take a text (a unit of work: SQL cannot tell a mobile).
    function* () {
      for (const p of yield* all("SELECT id, phone FROM partners WHERE on_call = TRUE AND kind IN ('technician', 'both')"))
        if (isNzMobile(String(p.phone))) yield* run('UPDATE partners SET sms = TRUE WHERE id = ?', p.id);
    },
    `ALTER TABLE partners ADD COLUMN sms_stopped_at ${big}`,
    `ALTER TABLE partners ADD COLUMN on_call_until ${big}`,
    `ALTER TABLE partners ADD COLUMN page_revoked ${bool}`,
    `ALTER TABLE partners ADD COLUMN page_links_from ${big}`,
    `CREATE TABLE IF NOT EXISTS partner_page_links (
  token_hash TEXT PRIMARY KEY,
  partner_id TEXT NOT NULL REFERENCES partners(id) ON DELETE CASCADE,
  created_at ${big} NOT NULL
)`,
    'CREATE INDEX IF NOT EXISTS partner_page_links_partner ON partner_page_links (partner_id)',
    "ALTER TABLE partner_offers ADD COLUMN accepted_via TEXT NOT NULL DEFAULT ''",
    "UPDATE partner_offers SET accepted_via = 'email' WHERE accepted_at IS NOT NULL",
    `CREATE TABLE IF NOT EXISTS text_messages (
  sid TEXT PRIMARY KEY,
  offer_id TEXT REFERENCES partner_offers(id) ON DELETE CASCADE,
  partner_id TEXT NOT NULL REFERENCES partners(id),
  purpose TEXT NOT NULL,
  status TEXT NOT NULL,
  error_code TEXT NOT NULL DEFAULT '',
  created_at ${big} NOT NULL,
  updated_at ${big} NOT NULL
)`,
    'CREATE INDEX IF NOT EXISTS text_messages_offer ON text_messages (offer_id)',
    `CREATE TABLE IF NOT EXISTS sms_callbacks (
  signature TEXT PRIMARY KEY,
  seen_at ${big} NOT NULL
)`,
  ];
}
