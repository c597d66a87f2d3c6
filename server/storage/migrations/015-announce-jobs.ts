import type { Dialect } from '../migrations.ts';

/** The channel PostgreSQL announces new outbox jobs on. */
export const JOBS_CHANNEL = 'outbox_jobs';

/**
 * Version 15: every statement that inserts outbox jobs announces it on a channel, from inside the
 * same transaction, so the announcement arrives only once the jobs are committed and whichever
 * instance listens can claim them at once instead of at its next poll. Whoever inserts a job
 * (a lead stored, an offer made, a dispatch step) needs no code of its own for it. SQLite has one
 * instance, which wakes its own worker, so it has nothing to add.
 */
export function migration(dialect: Dialect): string[] {
  if (dialect === 'sqlite') return [];
  return [
    `CREATE OR REPLACE FUNCTION announce_outbox_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${JOBS_CHANNEL}', '');
  RETURN NULL;
END $$`,
    'DROP TRIGGER IF EXISTS outbox_jobs_announced ON outbox',
    'CREATE TRIGGER outbox_jobs_announced AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION announce_outbox_jobs()',
  ];
}
