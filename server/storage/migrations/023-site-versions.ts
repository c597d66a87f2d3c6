import type { Dialect, MigrationStep } from '../migrations.ts';

/**
 * Version 23: the site editor.
 * - `site_versions`: each publish of the owner's content, numbered from 1 (the release's own files
 *   are version 0 and need no row). A version holds every entry the owner has changed, whole, as it
 *   was published (`entries`, JSON by entry key), so restoring one is publishing its entries again;
 *   the release hash each was edited over (`bases`), so a release that changes one of them too is
 *   shown to the owner instead of overwriting either side; the keys it changed (`changed`); and who,
 *   when and how (`action`: publish, restore, verify; `restored_from` for a restore). The number is
 *   the key, so two publishes at once cannot both take the next one.
 * - `site_drafts`: an entry's unpublished edit, one per entry, with the version it was based on.
 * - `site_previews`: an edit shown before it is published, as the entries to build and the page to
 *   show; opened by the inbox's signed-in people, or by its share link (kept as a hash) until it expires.
 */
export function migration(dialect: Dialect): MigrationStep[] {
  const big = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  return [
    `CREATE TABLE site_versions (
  number INTEGER PRIMARY KEY,
  entries TEXT NOT NULL,
  bases TEXT NOT NULL,
  changed TEXT NOT NULL,
  action TEXT NOT NULL,
  restored_from INTEGER,
  author_email TEXT,
  created_at ${big} NOT NULL
)`,
    `CREATE TABLE site_drafts (
  entry_key TEXT PRIMARY KEY,
  entry TEXT NOT NULL,
  based_on INTEGER NOT NULL,
  author_email TEXT,
  updated_at ${big} NOT NULL
)`,
    `CREATE TABLE site_previews (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  entries TEXT NOT NULL,
  route TEXT NOT NULL,
  author_email TEXT,
  created_at ${big} NOT NULL,
  expires_at ${big} NOT NULL
)`,
    'CREATE INDEX site_previews_expiry ON site_previews (expires_at)',
  ];
}
