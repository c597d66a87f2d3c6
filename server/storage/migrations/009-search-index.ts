import type { Dialect } from '../migrations.ts';

/**
 * Version 9: on PostgreSQL, a trigram index on the inbox's search text, so a search ("contains")
 * reads the index instead of every lead. pg_trgm ships with PostgreSQL and is a trusted extension
 * (the database's owner may create it). SQLite reads the column in place, which is fast enough there.
 */
export function migration(dialect: Dialect): string[] {
  if (dialect === 'sqlite') return [];
  // The operator class is named with the extension's own schema: where the database already had
  // pg_trgm in another schema (some hosts keep extensions apart), that one is used.
  return [
    `DO $$
DECLARE
  v_schema TEXT;
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
  SELECT n.nspname INTO v_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  EXECUTE format('CREATE INDEX IF NOT EXISTS leads_search_text ON leads USING gin (search_text %I.gin_trgm_ops)', v_schema);
END
$$`,
  ];
}
