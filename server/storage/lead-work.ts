/**
 * The business's work on each lead, written once for both stores as units of work (steps.ts): the
 * inbox's list and counts, one lead with its timeline, status, job value, notes, follow-up, spam
 * release, sending again and deletion. Times are epoch milliseconds by the database's clock.
 */
import { recordingsGoWithLeads } from './call-recordings.ts';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Lead } from '../../core/lead/schema.ts';
import { isUrgent } from '../../core/lead/urgency.ts';
import { stageRank } from '../../core/lead/insight.ts';
import { arrivalColumns } from '../../core/lead/arrival.ts';
import { leadStatuses, lostReasons, type InboxView, type LeadStatus, type LostReason } from '../../core/lead/status.ts';
import { instantText } from '../../core/date-schema.ts';
import { all, announce, one, run, NOW_MS, type Row, type Work } from './steps.ts';
import { enqueue } from './job-queue.ts';
import { jsonCursor } from './paging-cursor.ts';
import { toJob, toLead } from './rows.ts';
import { WORK_PURPOSES, type LeadPurpose, type Purpose } from './purposes.ts';
import type { OutboxJob, StoredLead } from './types.ts';

/** Where a lead sorts in the inbox: an urgent lead still New, and not held as spam, above the rest. */
export function priorityOf(lead: { status: LeadStatus; spam: boolean; urgent: boolean }): number {
  return lead.status === 'new' && !lead.spam && lead.urgent ? 1 : 0;
}

/**
 * What a new lead's derived columns hold: New, its urgency (decided here, once, and read back from
 * then on), its place in the list, the text the search reads, and what its arrival at `arrivedAt`
 * says to the reports (source group, New Zealand week, weekday and minute).
 */
export function inboxColumns(lead: Lead, spam: boolean, arrivedAt: Date) {
  const urgent = isUrgent(lead);
  const status: LeadStatus = 'new';
  return {
    status,
    urgent,
    priority: priorityOf({ status, spam, urgent }),
    search_text: searchText(lead),
    furthest_stage: 0,
    ...arrivalColumns(lead, arrivedAt),
  };
}

/** What the inbox's search reads: who sent it, their words, and where the site is (an address, a suburb, a gate code). */
function searchText(
  lead: Pick<Lead, 'contact_name' | 'company_name' | 'work_email' | 'phone' | 'notes' | 'site_street' | 'site_suburb' | 'access_notes'>,
): string {
  return [lead.contact_name, lead.company_name, lead.work_email, lead.phone, lead.notes, lead.site_street, lead.site_suburb, lead.access_notes]
    .join(' ')
    .toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Leads

export interface InboxLead extends StoredLead {
  status: LeadStatus;
  job_value_cents: number | null;
  lost_reason: LostReason | null;
  /** YYYY-MM-DD, New Zealand date. */
  follow_up_on: string | null;
  status_changed_at: number | null;
  /** The first status change or note: when someone first acted on the lead. */
  first_action_at: number | null;
  /** The furthest stage of the funnel reached (stageRank), kept when the lead is lost. */
  furthest_stage: number;
}

const nullableNumber = z.preprocess((v) => (v === null || v === undefined ? null : Number(v)), z.number().nullable());
const inboxRow = z.object({
  status: z.enum(leadStatuses),
  job_value_cents: nullableNumber,
  lost_reason: z.enum(lostReasons).nullable(),
  follow_up_on: z.string().nullable(),
  status_changed_at: nullableNumber,
  first_action_at: nullableNumber,
  furthest_stage: z.coerce.number().int(),
});

export function toInboxLead(row: Row): InboxLead {
  return { ...toLead(row), ...inboxRow.parse(row) };
}

export type ListCursor = { priority: number; created_at: string; id: string };
// Bounded, so a forged cursor cannot carry a number or date the database would overflow on.
export const listCursor = jsonCursor(z.object({ priority: z.number().int().min(0).max(1), created_at: instantText, id: z.string().min(1).max(100) }));

function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface InboxQuery {
  view: InboxView;
  q?: string | undefined;
}

/** The WHERE clause of a view and search, shared by the list and the CSV. */
function viewFilter({ view, q }: InboxQuery): { sql: string; params: unknown[] } {
  // An equality, not `NOT spam`: SQLite uses an index only for a column compared with =.
  const where = [view === 'spam' ? 'spam = TRUE' : 'spam = FALSE'];
  const params: unknown[] = [];
  if (view !== 'spam' && view !== 'all') {
    where.push('status = ?');
    params.push(view);
  }
  if (q) {
    where.push("search_text LIKE ? ESCAPE '\\'");
    params.push(likePattern(q));
  }
  return { sql: where.join(' AND '), params };
}

/**
 * One page of a view, in the inbox's order: urgent leads still New first (priority 1), then newest
 * first. Keyset paging on (priority, created_at, id), which the indexes of version 8 hold in order.
 */
export function* listInboxLeads(query: InboxQuery & { after?: ListCursor | undefined; limit: number }): Work<{ leads: InboxLead[]; next: ListCursor | null }> {
  const filter = viewFilter(query);
  const params = [...filter.params];
  let sql = `SELECT * FROM leads WHERE ${filter.sql}`;
  if (query.after) {
    sql += ' AND (priority, created_at, id) < (?, ?, ?)';
    params.push(query.after.priority, query.after.created_at, query.after.id);
  }
  const rows = yield* all(`${sql} ORDER BY priority DESC, created_at DESC, id DESC LIMIT ?`, ...params, query.limit + 1);
  const leads = rows.slice(0, query.limit).map(toInboxLead);
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return {
    leads,
    next: last ? { priority: Number(last.priority), created_at: leads.at(-1)!.created_at, id: String(last.id) } : null,
  };
}

export type ViewCounts = Record<InboxView, number>;

export function* viewCounts(): Work<ViewCounts> {
  const rows = yield* all('SELECT spam, status, COUNT(*) AS n FROM leads GROUP BY spam, status');
  const counts: ViewCounts = { new: 0, contacted: 0, quoted: 0, won: 0, lost: 0, spam: 0, all: 0 };
  for (const row of rows) {
    const n = Number(row.n);
    if (Number(row.spam)) counts.spam += n;
    else {
      counts.all += n;
      const status = z.enum(leadStatuses).safeParse(row.status);
      if (status.success) counts[status.data] += n;
    }
  }
  return counts;
}

export function* inboxLead(id: string): Work<InboxLead | undefined> {
  const row = yield* one('SELECT * FROM leads WHERE id = ?', id);
  return row ? toInboxLead(row) : undefined;
}

export const eventKinds = ['status', 'note', 'follow_up', 'not_spam', 'send_again', 'partner', 'customer', 'ladder', 'acknowledged', 'job_app'] as const;
export type EventKind = (typeof eventKinds)[number];

export interface LeadEvent {
  id: string;
  lead_id: string;
  at: number;
  kind: EventKind;
  actor_email: string | null;
  text: string;
}

const eventRow = z.object({
  id: z.string(),
  lead_id: z.string(),
  at: z.coerce.number(),
  kind: z.enum(eventKinds),
  actor_email: z.string().nullable(),
  text: z.string(),
});

export function* addEvent(leadId: string, kind: EventKind, actorEmail: string | null, text: string): Work<LeadEvent> {
  const row = yield* one(
    `INSERT INTO lead_events (id, lead_id, at, kind, actor_email, text) VALUES (?, ?, ${NOW_MS}, ?, ?, ?) RETURNING *`,
    randomUUID(),
    leadId,
    kind,
    actorEmail,
    text,
  );
  return eventRow.parse(row);
}

/** Takes out of a lead's timeline the lines that hold `text` word for word (a voicemail's transcript, once its recording is deleted). */
export function* removeEvents(leadId: string, kind: EventKind, text: string): Work<void> {
  yield* run('DELETE FROM lead_events WHERE lead_id = ? AND kind = ? AND text = ?', leadId, kind, text);
}

export function* leadEvents(leadId: string): Work<LeadEvent[]> {
  return (yield* all('SELECT * FROM lead_events WHERE lead_id = ? ORDER BY at, id', leadId)).map((r) => eventRow.parse(r));
}

/** The notes on each of these leads, oldest first (for the CSV). */
export function* notesOf(leadIds: readonly string[]): Work<Map<string, string[]>> {
  const notes = new Map<string, string[]>();
  if (leadIds.length === 0) return notes;
  const rows = yield* all(
    `SELECT lead_id, text FROM lead_events WHERE kind = 'note' AND lead_id IN (${leadIds.map(() => '?').join(', ')}) ORDER BY at, id`,
    ...leadIds,
  );
  for (const row of rows) notes.set(String(row.lead_id), [...(notes.get(String(row.lead_id)) ?? []), String(row.text)]);
  return notes;
}

/**
 * Every message sent about a lead: its own notifications and notices, and the e-mails about its
 * offers (to the partners, and the customer's "who will call"), each of those naming its partner.
 * Dispatch is work the worker does, not a message anyone receives: not listed.
 */
export function* leadJobs(leadId: string): Work<(OutboxJob & { delivered_at: number | null; partner_name: string | null })[]> {
  const rows = yield* all(
    `SELECT j.*, NULL AS partner_name FROM outbox j WHERE j.lead_id = ? AND j.purpose NOT IN (${WORK_PURPOSES.map((c) => `'${c}'`).join(', ')})
     UNION ALL
     SELECT j.*, p.name AS partner_name FROM outbox j JOIN partner_offers o ON o.id = j.offer_id JOIN partners p ON p.id = o.partner_id
     WHERE j.lead_id IS NULL AND o.lead_id = ? AND j.purpose NOT IN (${WORK_PURPOSES.map((c) => `'${c}'`).join(', ')})
     ORDER BY purpose, partner_name`,
    leadId,
    leadId,
  );
  return rows.map((r) => ({
    ...toJob(r),
    delivered_at: r.delivered_at === null || r.delivered_at === undefined ? null : Number(r.delivered_at),
    partner_name: r.partner_name === null || r.partner_name === undefined ? null : String(r.partner_name),
  }));
}

export interface StatusChange {
  status: LeadStatus;
  jobValueCents: number | null;
  lostReason: LostReason | null;
}

/**
 * Sets a lead's place in the list from the row a change just returned. The change's UPDATE holds the
 * row until the transaction ends, so nothing else moves it in between.
 */
function* placeInList(id: string, row: Row): Work<void> {
  const status = z.enum(leadStatuses).parse(row.status);
  yield* run('UPDATE leads SET priority = ? WHERE id = ?', priorityOf({ status, spam: Boolean(Number(row.spam)), urgent: Boolean(Number(row.urgent)) }), id);
}

/** Sets the status (with its job value or lost reason) and records it; undefined when there is no such lead. */
export function* changeStatus(id: string, change: StatusChange, actorEmail: string, eventText: string): Work<InboxLead | undefined> {
  const changed = yield* one(
    `UPDATE leads SET status = ?, job_value_cents = ?, lost_reason = ?,
       furthest_stage = CASE WHEN ? > furthest_stage THEN ? ELSE furthest_stage END,
       status_changed_at = ${NOW_MS}, first_action_at = COALESCE(first_action_at, ${NOW_MS})
     WHERE id = ? RETURNING status, spam, urgent`,
    change.status,
    change.status === 'won' ? change.jobValueCents : null,
    change.status === 'lost' ? change.lostReason : null,
    stageRank(change.status),
    stageRank(change.status),
    id,
  );
  if (!changed) return undefined;
  yield* placeInList(id, changed);
  yield* addEvent(id, 'status', actorEmail, eventText);
  return yield* inboxLead(id);
}

/** Adds a note (the search finds it from then on); undefined when there is no such lead. */
export function* addNote(id: string, text: string, actorEmail: string): Work<LeadEvent | undefined> {
  const changed = yield* run(
    `UPDATE leads SET search_text = search_text || ? , first_action_at = COALESCE(first_action_at, ${NOW_MS}) WHERE id = ?`,
    ` ${text.toLowerCase()}`,
    id,
  );
  if (changed === 0) return undefined;
  return yield* addEvent(id, 'note', actorEmail, text);
}

export function* setFollowUp(id: string, date: string | null, actorEmail: string, eventText: string): Work<InboxLead | undefined> {
  const changed = yield* run('UPDATE leads SET follow_up_on = ? WHERE id = ?', date, id);
  if (changed === 0) return undefined;
  yield* addEvent(id, 'follow_up', actorEmail, eventText);
  return yield* inboxLead(id);
}

/**
 * Clears a lead's spam flag and queues its notifications (one of each purpose, never a second
 * of one already queued), and records who released it; false when there is no such lead or it
 * was not held as spam, so nothing is ever sent twice.
 */
export function* releaseFromSpam(id: string, purposes: readonly LeadPurpose[], actorEmail: string | null, eventText: string): Work<boolean> {
  const cleared = yield* one("UPDATE leads SET spam = FALSE, spam_reason = '' WHERE id = ? AND spam RETURNING status, spam, urgent", id);
  if (!cleared) return false;
  yield* placeInList(id, cleared);
  for (const purpose of purposes) yield* enqueue({ purpose, of: { lead: id } });
  yield* addEvent(id, 'not_spam', actorEmail, eventText);
  return true;
}

/**
 * Puts a failed notification (waiting for its next try) or a dead one back in the queue now, a dead
 * one with its attempts reset; the lead's id, or undefined when the job is neither.
 */
export function* sendAgain(jobId: string, actorEmail: string, eventText: (purpose: Purpose) => string): Work<string | undefined> {
  // Only a lead's own notifications: the weekly digest is sent again by the command line.
  const row = yield* one(
    `UPDATE outbox SET attempts = CASE WHEN status = 'dead' THEN 0 ELSE attempts END, status = 'pending', next_attempt_at = ${NOW_MS}
     WHERE id = ? AND lead_id IS NOT NULL AND (status = 'dead' OR (status = 'pending' AND last_error IS NOT NULL)) RETURNING *`,
    jobId,
  );
  if (!row) return undefined;
  const job = toJob(row);
  if (!job.lead_id) return undefined;
  yield* announce('jobs');
  yield* addEvent(job.lead_id, 'send_again', actorEmail, eventText(job.purpose));
  return job.lead_id;
}

export function* jobById(jobId: string): Work<OutboxJob | undefined> {
  const row = yield* one('SELECT * FROM outbox WHERE id = ?', jobId);
  return row ? toJob(row) : undefined;
}

/** Deletes a lead with its notifications, timeline and calls (their recordings deleted at Twilio too); false when there was none. */
export function* deleteLead(id: string): Work<boolean> {
  yield* recordingsGoWithLeads('?', id);
  return (yield* run('DELETE FROM leads WHERE id = ?', id)) > 0;
}

/** Leads with a Google click (spam left out) that arrived, or were marked won, since `since`: the Google Ads file's rows. */
export function* leadsWithClick(since: Date = new Date(0)): Work<InboxLead[]> {
  const rows = yield* all(
    "SELECT * FROM leads WHERE spam = FALSE AND gclid <> '' AND (created_at >= ? OR (status = 'won' AND status_changed_at >= ?)) ORDER BY created_at, id",
    since.toISOString(),
    since.getTime(),
  );
  return rows.map(toInboxLead);
}

/** Every lead from one e-mail address (any case), oldest first. */
export function* leadsFromAddress(email: string): Work<InboxLead[]> {
  return (yield* all('SELECT * FROM leads WHERE lower(work_email) = ? ORDER BY created_at, id', email.toLowerCase())).map(toInboxLead);
}
