import type { Dialect, MigrationStep } from '../migrations.ts';

/**
 * Version 38: one build per publish, stored where every instance reads it.
 * - `site_versions.status`: 'building' from the publish until its build is stored, then 'live';
 *   'failed' (with `failure`, the build's own words for the owner) when it cannot be built. Versions
 *   published before this release were built and served, so they are 'live'.
 * - `site_versions.build_key`: the stored build the version was last built as (its release and
 *   content), so an instance fetches it rather than building it again.
 * - `site_builds` and `site_build_files`: each stored build and its files by path, each file's
 *   body named by its hash in `site_file_bodies` (gzip-compressed), so files a publish did not
 *   change are stored once for every build that has them.
 */
export function migration(dialect: Dialect): MigrationStep[] {
  const big = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  const bytes = dialect === 'sqlite' ? 'BLOB' : 'BYTEA';
  return [
    "ALTER TABLE site_versions ADD COLUMN status TEXT NOT NULL DEFAULT 'live'",
    'ALTER TABLE site_versions ADD COLUMN failure TEXT',
    'ALTER TABLE site_versions ADD COLUMN build_key TEXT',
    `CREATE TABLE site_builds (
  build_key TEXT PRIMARY KEY,
  bytes ${big} NOT NULL,
  created_at ${big} NOT NULL
)`,
    `CREATE TABLE site_file_bodies (
  hash TEXT PRIMARY KEY,
  body ${bytes} NOT NULL
)`,
    `CREATE TABLE site_build_files (
  build_key TEXT NOT NULL REFERENCES site_builds (build_key) ON DELETE CASCADE,
  path TEXT NOT NULL,
  hash TEXT NOT NULL REFERENCES site_file_bodies (hash),
  PRIMARY KEY (build_key, path)
)`,
    'CREATE INDEX site_build_files_hash ON site_build_files (hash)',
  ];
}
