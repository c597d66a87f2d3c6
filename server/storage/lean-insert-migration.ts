/** The migration that gives back what storing a lead had come to cost (version 16), released as the others are: never edited. */
import type { Dialect } from './migrations.ts';

/**
 * Version 16: storing a lead is the one write every visitor waits on, and versions 11 and 15 had
 * made it dearer.
 *
 * - One index for the leads by arrival instead of two: version 11's covering index (spam left out)
 *   sat beside the plain created_at index, and each index is written by every insert. This one leads
 *   with created_at, so it serves every range, purge and page the plain one served, and holds the
 *   spam flag and what the reports group by, so a planner that picks it for them (PostgreSQL's, by
 *   its statistics) never opens the rows.
 * - No index on the e-mail address as typed: nothing ever read it (the one look-up by address, the
 *   owner's export of a person's data, compares the lowercased address, which it cannot serve), so
 *   it only cost every insert a write. That rare export reads the table instead.
 * - On PostgreSQL, a lead's own jobs (the business's e-mail, the acknowledgement, the webhook: the
 *   channels of that day, written out so this text never changes) are no longer announced: the
 *   instance that stores the lead wakes its own worker at once, and a NOTIFY takes a lock held
 *   through the commit that every other announcing commit waits on, which had cost posts a fifth of
 *   their rate. Every other job is still announced, so another instance takes it at once.
 */
export function v16(dialect: Dialect): string[] {
  const index = [
    'DROP INDEX IF EXISTS leads_arrivals',
    'DROP INDEX IF EXISTS leads_created_at',
    'DROP INDEX IF EXISTS leads_work_email',
    'CREATE INDEX IF NOT EXISTS leads_by_arrival ON leads (created_at, spam, nz_week, source, nz_weekday, nz_minutes, first_action_at)',
  ];
  if (dialect === 'sqlite') return index;
  return [
    ...index,
    'DROP TRIGGER IF EXISTS outbox_jobs_announced ON outbox',
    `CREATE TRIGGER outbox_jobs_announced AFTER INSERT ON outbox FOR EACH ROW WHEN (NEW.channel NOT IN ('email', 'ack', 'webhook'))
     EXECUTE FUNCTION announce_outbox_jobs()`,
  ];
}
