import type { Dialect, MigrationStep } from '../migrations.ts';

/**
 * Version 27: what a partner's page link opens, and when a partner was last taken off the list.
 * - `partner_page_links.full_page`: the link the owner made (a renewal) opens the whole page, its
 *   jobs included; a link made from an offer's own link only lists them. Every link kept before now
 *   is taken for one made from an offer (nothing stored tells them apart): the owner renews a
 *   partner's page to give them a whole one again.
 * - `partners.last_removed_at`: kept when the partner is added back, so no link of an offer made
 *   before they were removed shows anything again.
 */
export function migration(dialect: Dialect): MigrationStep[] {
  const big = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  const bool = dialect === 'sqlite' ? 'INTEGER NOT NULL DEFAULT 0' : 'BOOLEAN NOT NULL DEFAULT FALSE';
  return [
    `ALTER TABLE partner_page_links ADD COLUMN full_page ${bool}`,
    `ALTER TABLE partners ADD COLUMN last_removed_at ${big}`,
    // A partner removed before now: their removal time is the one to keep.
    'UPDATE partners SET last_removed_at = removed_at WHERE removed_at IS NOT NULL',
  ];
}
