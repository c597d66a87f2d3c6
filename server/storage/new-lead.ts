/**
 * A new lead's row and what its poster is handed back, the same on both stores: only where the
 * row goes (prepared columns on SQLite, one procedure call on PostgreSQL) and whose clock stamps
 * created_at differ.
 */
import { randomUUID } from 'node:crypto';
import { leadColumns, type Lead } from '../../core/lead/schema.ts';
import { inboxColumns } from './lead-work.ts';
import { submissionKey } from './submission-key.ts';
import type { InsertOptions, StoredLead } from './types.ts';

/** The lead's own columns, then its id, spam verdict, repeat key and inbox columns (which win over any stray field of the same name). */
export function newLeadRow(lead: Lead, { spam, spamReason = '', nobodyOnCall }: InsertOptions, arrivedAt: Date) {
  return {
    ...lead,
    id: randomUUID(),
    spam,
    spam_reason: spam ? spamReason : '',
    submission_key: submissionKey(lead, spam),
    nobody_on_call: nobodyOnCall ?? null,
    ...inboxColumns(lead, spam, arrivedAt),
  };
}

export type NewLeadRow = ReturnType<typeof newLeadRow>;

/** The lead as stored, for the poster: `createdAt` is the time the store stamped. */
export function storedNewLead(lead: Lead, row: NewLeadRow, createdAt: string, repeated: boolean): StoredLead & { repeated: boolean } {
  const told = row.nobody_on_call === null ? {} : { nobody_on_call: row.nobody_on_call };
  return { ...lead, id: row.id, created_at: createdAt, spam: row.spam, spam_reason: row.spam_reason, urgent: row.urgent, ...told, repeated };
}

/** A new row's columns in one order, for a prepared INSERT: a stray field of the lead is no column. */
export function newLeadColumns(row: NewLeadRow): string[] {
  return ['id', 'spam', 'spam_reason', 'submission_key', 'nobody_on_call', ...leadColumns, ...Object.keys(inboxColumns(row, row.spam, new Date()))];
}
