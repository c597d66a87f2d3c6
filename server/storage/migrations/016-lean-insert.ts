import type { Dialect } from '../migrations.ts';

/**
 * Version 16: storing a lead is the one write every visitor waits on, and versions 11 and 15 had
 * made it dearer.
 *
 * - No covering index for the reports: version 11's copy of each lead's arrival columns, ordered by
 *   arrival, was written by every insert and hardly ever read. SQLite's planner, which keeps no
 *   statistics here, reads the reports through the inbox's index anyway; PostgreSQL's reads a long
 *   range by scanning the table, and a short one through the plain created_at index in a few
 *   milliseconds more (12 ms instead of 7 for a quarter of 100,000 leads).
 * - No index on the e-mail address as typed: nothing ever read it (the one look-up by address, the
 *   owner's export of a person's data, compares the lowercased address, which it cannot serve), so
 *   it only cost every insert a write. That rare export reads the table instead.
 * - On PostgreSQL, a lead's own jobs (the business's e-mail, the acknowledgement, the webhook: the
 *   channels of that day, written out so this text never changes) are no longer announced: the
 *   instance that stores the lead wakes its own worker at once, and a NOTIFY takes a lock held
 *   through the commit that every other announcing commit waits on: a fifth of the time it took to
 *   store a lead with two e-mails, ten at a time. Every other job is still announced, so whichever
 *   instance is free takes it at once.
 */
export function migration(dialect: Dialect): string[] {
  const indexes = ['DROP INDEX IF EXISTS leads_arrivals', 'DROP INDEX IF EXISTS leads_work_email'];
  if (dialect === 'sqlite') return indexes;
  return [
    ...indexes,
    'DROP TRIGGER IF EXISTS outbox_jobs_announced ON outbox',
    `CREATE TRIGGER outbox_jobs_announced AFTER INSERT ON outbox FOR EACH ROW WHEN (NEW.channel NOT IN ('email', 'ack', 'webhook'))
     EXECUTE FUNCTION announce_outbox_jobs()`,
  ];
}
