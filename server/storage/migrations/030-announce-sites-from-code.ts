import type { Dialect } from '../migrations.ts';

/**
 * Version 30: on PostgreSQL a new version of the site is no longer announced by a trigger. It is
 * announced as new outbox jobs are, by the unit of work that stores it, in the same transaction
 * (insertVersion, site-versions.ts), so there is one way news reaches the other instances. The
 * channel stays the same, so instances still running the previous release hear it as before.
 */
export function migration(dialect: Dialect): string[] {
  if (dialect === 'sqlite') return [];
  return ['DROP TRIGGER IF EXISTS site_version_announced ON site_versions', 'DROP FUNCTION IF EXISTS announce_site_version()'];
}
