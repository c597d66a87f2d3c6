import type { Dialect, MigrationStep } from '../migrations.ts';

/**
 * Version 24: the owner's photos for the site.
 * - `site_photos`: one row per photo uploaded, keyed by its id (the start of the SHA-256 of the
 *   file sent, so sending one photo twice stores it once), with what kind of file it came as, who
 *   sent it and when.
 * - `site_photo_files`: the files the site serves for it, each size in each format, made once at
 *   upload. The upload itself is not kept: the site never serves it, and the backups stay small.
 *   They live in the database, not in a served folder, so every instance builds them into its
 *   site and nothing is reachable before a publish puts it on a page.
 */
export function migration(dialect: Dialect): MigrationStep[] {
  const big = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  const bytes = dialect === 'sqlite' ? 'BLOB' : 'BYTEA';
  return [
    `CREATE TABLE site_photos (
  id TEXT PRIMARY KEY,
  source_type TEXT NOT NULL,
  author_email TEXT,
  created_at ${big} NOT NULL
)`,
    `CREATE TABLE site_photo_files (
  photo_id TEXT NOT NULL REFERENCES site_photos (id),
  name TEXT NOT NULL,
  body ${bytes} NOT NULL,
  PRIMARY KEY (photo_id, name)
)`,
  ];
}
