import type { Dialect } from '../migrations.ts';

/** The channel PostgreSQL announces a new version of the site on. */
export const SITE_CHANNEL = 'site_versions';

/**
 * Version 25: a new version of the site is announced on a channel of its own, from inside the
 * transaction that stores it (so only once it is committed), naming the schema. Every other
 * instance on the database hears it and builds and serves the version at once rather than at its
 * next check. SQLite has one instance, which serves its own publish, so it has nothing to add.
 */
export function migration(dialect: Dialect): string[] {
  if (dialect === 'sqlite') return [];
  return [
    `CREATE OR REPLACE FUNCTION announce_site_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${SITE_CHANNEL}', current_schema());
  RETURN NULL;
END $$`,
    'DROP TRIGGER IF EXISTS site_version_announced ON site_versions',
    'CREATE TRIGGER site_version_announced AFTER INSERT ON site_versions FOR EACH STATEMENT EXECUTE FUNCTION announce_site_version()',
  ];
}
