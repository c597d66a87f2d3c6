/**
 * The inbox's data, written once for both stores as units of work (steps.ts): the business's work
 * on each lead (status, job value, notes, follow-up, timeline), the people who may sign in with
 * their passkeys, sessions and one-time secrets, and the audit log. Times are epoch milliseconds
 * by the database's clock; secrets arrive here already hashed.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Lead } from '../../core/lead/schema.ts';
import { isUrgent } from '../../core/lead/urgency.ts';
import { stageRank } from '../../core/lead/insight.ts';
import { arrivalColumns } from '../../core/lead/arrival.ts';
import { leadStatuses, lostReasons, userRoles, type InboxView, type LeadStatus, type LostReason, type UserRole } from '../../core/lead/status.ts';
import { epochMs, instantText } from '../../core/date-schema.ts';
import { all, one, run, NOW_MS, type Row, type Work } from './steps.ts';
import { toJob, toLead } from './rows.ts';
import type { Channel, JobChannel, OutboxJob, StoredLead } from './types.ts';

/**
 * What a new lead's derived columns hold: New, its urgency, the text the search reads, and what its
 * arrival at `arrivedAt` says to the reports (source group, New Zealand week, weekday and minute).
 */
export function inboxColumns(lead: Lead, spam: boolean, arrivedAt: Date) {
  const urgent = isUrgent(lead) ? 1 : 0;
  const status: LeadStatus = 'new';
  return { status, urgent, priority: spam ? 0 : urgent, search_text: searchText(lead), furthest_stage: 0, ...arrivalColumns(lead, arrivedAt) };
}

function searchText(lead: Pick<Lead, 'contact_name' | 'company_name' | 'work_email' | 'phone' | 'notes'>): string {
  return [lead.contact_name, lead.company_name, lead.work_email, lead.phone, lead.notes].join(' ').toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Leads

export interface InboxLead extends StoredLead {
  status: LeadStatus;
  urgent: boolean;
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
  urgent: z.preprocess((v) => Boolean(Number(v)), z.boolean()),
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

/** An opaque paging cursor: the last row's sort key as base64url JSON, checked when it comes back. */
function jsonCursor<T extends z.ZodType>(schema: T) {
  return {
    encode: (value: z.output<T>): string => Buffer.from(JSON.stringify(value)).toString('base64url'),
    /** The cursor in a `next` string, or undefined when it is not one this server made. */
    decode(value: string): z.output<T> | undefined {
      try {
        return schema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
      } catch {
        return undefined;
      }
    },
  };
}

export type ListCursor = { priority: number; created_at: string; id: string };
// Bounded, so a forged cursor cannot carry a number or date the database would overflow on.
export const listCursor = jsonCursor(z.object({ priority: z.number().int().min(0).max(1), created_at: instantText, id: z.string().min(1).max(100) }));
export const auditCursor = jsonCursor(z.object({ at: epochMs, id: z.string().min(1).max(100) }));

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

export const eventKinds = ['status', 'note', 'follow_up', 'not_spam', 'send_again'] as const;
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

function* addEvent(leadId: string, kind: EventKind, actorEmail: string | null, text: string): Work<LeadEvent> {
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

export function* leadJobs(leadId: string): Work<(OutboxJob & { delivered_at: number | null })[]> {
  const rows = yield* all('SELECT * FROM outbox WHERE lead_id = ? ORDER BY channel', leadId);
  return rows.map((r) => ({ ...toJob(r), delivered_at: r.delivered_at === null || r.delivered_at === undefined ? null : Number(r.delivered_at) }));
}

export interface StatusChange {
  status: LeadStatus;
  jobValueCents: number | null;
  lostReason: LostReason | null;
}

/** Sets the status (with its job value or lost reason) and records it; undefined when there is no such lead. */
export function* changeStatus(id: string, change: StatusChange, actorEmail: string, eventText: string): Work<InboxLead | undefined> {
  const changed = yield* run(
    `UPDATE leads SET status = ?, job_value_cents = ?, lost_reason = ?,
       priority = CASE WHEN ? = 'new' AND NOT spam THEN urgent ELSE 0 END,
       furthest_stage = CASE WHEN ? > furthest_stage THEN ? ELSE furthest_stage END,
       status_changed_at = ${NOW_MS}, first_action_at = COALESCE(first_action_at, ${NOW_MS})
     WHERE id = ?`,
    change.status,
    change.status === 'won' ? change.jobValueCents : null,
    change.status === 'lost' ? change.lostReason : null,
    change.status,
    stageRank(change.status),
    stageRank(change.status),
    id,
  );
  if (changed === 0) return undefined;
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
 * Clears a lead's spam flag and queues its notifications (one per channel, never a second for a
 * channel already queued), and records who released it; false when there is no such lead or it
 * was not held as spam, so nothing is ever sent twice.
 */
export function* releaseFromSpam(id: string, channels: readonly Channel[], actorEmail: string | null, eventText: string): Work<boolean> {
  const cleared = yield* run(
    "UPDATE leads SET spam = FALSE, spam_reason = '', priority = CASE WHEN status = 'new' THEN urgent ELSE 0 END WHERE id = ? AND spam",
    id,
  );
  if (cleared === 0) return false;
  for (const channel of channels) {
    yield* run(
      `INSERT INTO outbox (id, lead_id, channel, next_attempt_at) VALUES (?, ?, ?, ${NOW_MS}) ON CONFLICT (lead_id, channel) DO NOTHING`,
      randomUUID(),
      id,
      channel,
    );
  }
  yield* addEvent(id, 'not_spam', actorEmail, eventText);
  return true;
}

/**
 * Puts a failed notification (waiting for its next try) or a dead one back in the queue now, a dead
 * one with its attempts reset; the lead's id, or undefined when the job is neither.
 */
export function* sendAgain(jobId: string, actorEmail: string, eventText: (channel: JobChannel) => string): Work<string | undefined> {
  // Only a lead's own notifications: the weekly digest is sent again by the command line.
  const row = yield* one(
    `UPDATE outbox SET attempts = CASE WHEN status = 'dead' THEN 0 ELSE attempts END, status = 'pending', next_attempt_at = ${NOW_MS}
     WHERE id = ? AND lead_id IS NOT NULL AND (status = 'dead' OR (status = 'pending' AND last_error IS NOT NULL)) RETURNING *`,
    jobId,
  );
  if (!row) return undefined;
  const job = toJob(row);
  if (!job.lead_id) return undefined;
  yield* addEvent(job.lead_id, 'send_again', actorEmail, eventText(job.channel));
  return job.lead_id;
}

export function* jobById(jobId: string): Work<OutboxJob | undefined> {
  const row = yield* one('SELECT * FROM outbox WHERE id = ?', jobId);
  return row ? toJob(row) : undefined;
}

/** Deletes a lead with its notifications and timeline; false when there was none. */
export function* deleteLead(id: string): Work<boolean> {
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

// ---------------------------------------------------------------------------------------------
// People, passkeys, sessions and one-time secrets

export interface InboxUser {
  id: string;
  email: string;
  role: UserRole;
  created_at: number;
}

const userRow = z.object({ id: z.string(), email: z.string(), role: z.enum(userRoles), created_at: z.coerce.number() });
const toUser = (row: Row): InboxUser => userRow.parse(row);

/** A new user; undefined when the address already has one. */
export function* createUser(email: string, role: UserRole): Work<InboxUser | undefined> {
  const row = yield* one(
    `INSERT INTO users (id, email, role, created_at) VALUES (?, ?, ?, ${NOW_MS}) ON CONFLICT (email) DO NOTHING RETURNING *`,
    randomUUID(),
    email.toLowerCase(),
    role,
  );
  return row ? toUser(row) : undefined;
}

export function* userByEmail(email: string): Work<InboxUser | undefined> {
  const row = yield* one('SELECT * FROM users WHERE email = ?', email.toLowerCase());
  return row ? toUser(row) : undefined;
}

export function* userById(id: string): Work<InboxUser | undefined> {
  const row = yield* one('SELECT * FROM users WHERE id = ?', id);
  return row ? toUser(row) : undefined;
}

export function* listUsers(): Work<(InboxUser & { passkeys: number })[]> {
  const rows = yield* all('SELECT u.*, (SELECT COUNT(*) FROM passkeys p WHERE p.user_id = u.id) AS passkeys FROM users u ORDER BY u.email');
  return rows.map((r) => ({ ...toUser(r), passkeys: Number(r.passkeys) }));
}

/**
 * Counts the owners and locks their rows until the transaction ends, so two owners demoting or
 * removing each other at once on two instances are taken one after the other: the second sees the
 * first's change. A no-op UPDATE locks on both stores (PostgreSQL's row locks; SQLite's
 * transactions already hold its write lock) and its change count is the count.
 */
function* lockedOwnerCount(): Work<number> {
  return yield* run("UPDATE users SET role = role WHERE role = 'owner'");
}

export type UserChange = { ok: true; user: InboxUser } | { ok: false; reason: 'missing' | 'last-owner' };

/** Changes a role; the last owner cannot stop being one (nobody could manage the inbox then). */
export function* setRole(id: string, role: UserRole): Work<UserChange> {
  const owners = yield* lockedOwnerCount();
  const user = yield* userById(id);
  if (!user) return { ok: false, reason: 'missing' };
  if (user.role === 'owner' && role !== 'owner' && owners <= 1) return { ok: false, reason: 'last-owner' };
  yield* run('UPDATE users SET role = ? WHERE id = ?', role, id);
  return { ok: true, user: { ...user, role } };
}

/** Removes a user with their passkeys, sessions and secrets (their sessions end at once); never the last owner. */
export function* removeUser(id: string): Work<UserChange> {
  const owners = yield* lockedOwnerCount();
  const user = yield* userById(id);
  if (!user) return { ok: false, reason: 'missing' };
  if (user.role === 'owner' && owners <= 1) return { ok: false, reason: 'last-owner' };
  yield* run('DELETE FROM users WHERE id = ?', id);
  return { ok: true, user };
}

export function* createSession(idHash: string, userId: string, idleMs: number): Work<void> {
  // Sessions that ran out go now and then, so the table holds the live ones.
  yield* run(`DELETE FROM sessions WHERE expires_at < ${NOW_MS} - 86400000`);
  yield* run(`INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ${NOW_MS}, ${NOW_MS} + ?)`, idHash, userId, idleMs);
}

/**
 * The user of a live session, its idle expiry pushed back (written at most once a minute, so
 * reading the inbox does not write on every request); undefined when it ended or never was.
 */
export function* sessionUser(idHash: string, idleMs: number): Work<InboxUser | undefined> {
  const row = yield* one(`SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = ? AND s.expires_at > ${NOW_MS}`, idHash);
  if (!row) return undefined;
  yield* run(`UPDATE sessions SET expires_at = ${NOW_MS} + ? WHERE id_hash = ? AND expires_at < ${NOW_MS} + ? - 60000`, idleMs, idHash, idleMs);
  return toUser(row);
}

export function* deleteSession(idHash: string): Work<void> {
  yield* run('DELETE FROM sessions WHERE id_hash = ?', idHash);
}

export type SecretKind = 'link' | 'code';

/** Stores a hashed one-time secret; a new code replaces the user's earlier unused ones. */
export function* createSecret(userId: string, kind: SecretKind, secretHash: string, ttlMs: number): Work<void> {
  yield* run(`DELETE FROM sign_in_secrets WHERE expires_at < ${NOW_MS} - 86400000`);
  if (kind === 'code') yield* run("DELETE FROM sign_in_secrets WHERE user_id = ? AND kind = 'code' AND used_at IS NULL", userId);
  yield* run(
    `INSERT INTO sign_in_secrets (id, user_id, kind, secret_hash, expires_at) VALUES (?, ?, ?, ?, ${NOW_MS} + ?)`,
    randomUUID(),
    userId,
    kind,
    secretHash,
    ttlMs,
  );
}

/** Uses a one-time link: its user, once; undefined when it is used, expired or unknown. */
export function* useLink(secretHash: string): Work<InboxUser | undefined> {
  const row = yield* one(
    `UPDATE sign_in_secrets SET used_at = ${NOW_MS} WHERE secret_hash = ? AND kind = 'link' AND used_at IS NULL AND expires_at > ${NOW_MS} RETURNING user_id`,
    secretHash,
  );
  return row ? yield* userById(String(row.user_id)) : undefined;
}

/**
 * Tries a sign-in code. Every try counts, the right one included, so after `maxTries` tries the
 * code is dead even when the next guess is right. True once, when the code is right, live and unused.
 */
export function* tryCode(userId: string, codeHash: string, maxTries: number): Work<boolean> {
  const row = yield* one(
    `UPDATE sign_in_secrets SET tries = tries + 1
     WHERE user_id = ? AND kind = 'code' AND used_at IS NULL AND expires_at > ${NOW_MS} AND tries < ? RETURNING id, secret_hash`,
    userId,
    maxTries,
  );
  if (!row) return false;
  const stored = Buffer.from(String(row.secret_hash), 'hex');
  const given = Buffer.from(codeHash, 'hex');
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return false;
  return (yield* run(`UPDATE sign_in_secrets SET used_at = ${NOW_MS} WHERE id = ? AND used_at IS NULL`, row.id)) === 1;
}

export interface StoredPasskey {
  id: string;
  user_id: string;
  public_key: string;
  counter: number;
  transports: string[];
  name: string;
  created_at: number;
  last_used_at: number | null;
}

const passkeyRow = z.object({
  id: z.string(),
  user_id: z.string(),
  public_key: z.string(),
  counter: z.coerce.number(),
  transports: z.string().transform((v) => (v ? v.split(',') : [])),
  name: z.string(),
  created_at: z.coerce.number(),
  last_used_at: nullableNumber,
});

export function* addPasskey(passkey: Omit<StoredPasskey, 'created_at' | 'last_used_at'>): Work<StoredPasskey> {
  const row = yield* one(
    `INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, created_at) VALUES (?, ?, ?, ?, ?, ?, ${NOW_MS}) RETURNING *`,
    passkey.id,
    passkey.user_id,
    passkey.public_key,
    passkey.counter,
    passkey.transports.join(','),
    passkey.name,
  );
  return passkeyRow.parse(row);
}

export function* userPasskeys(userId: string): Work<StoredPasskey[]> {
  return (yield* all('SELECT * FROM passkeys WHERE user_id = ? ORDER BY created_at', userId)).map((r) => passkeyRow.parse(r));
}

export function* passkeyById(id: string): Work<StoredPasskey | undefined> {
  const row = yield* one('SELECT * FROM passkeys WHERE id = ?', id);
  return row ? passkeyRow.parse(row) : undefined;
}

export function* passkeyUsed(id: string, counter: number): Work<void> {
  yield* run(`UPDATE passkeys SET counter = ?, last_used_at = ${NOW_MS} WHERE id = ?`, counter, id);
}

export function* removePasskey(id: string, userId: string): Work<boolean> {
  return (yield* run('DELETE FROM passkeys WHERE id = ? AND user_id = ?', id, userId)) > 0;
}

export function* saveChallenge(id: string, challenge: string, userId: string | null, ttlMs: number): Work<void> {
  yield* run(`DELETE FROM passkey_challenges WHERE expires_at < ${NOW_MS}`);
  yield* run(`INSERT INTO passkey_challenges (id, challenge, user_id, expires_at) VALUES (?, ?, ?, ${NOW_MS} + ?)`, id, challenge, userId, ttlMs);
}

/** A challenge, once: it is deleted as it is read. */
export function* takeChallenge(id: string): Work<{ challenge: string; userId: string | null } | undefined> {
  const row = yield* one(`DELETE FROM passkey_challenges WHERE id = ? AND expires_at > ${NOW_MS} RETURNING challenge, user_id`, id);
  return row ? { challenge: String(row.challenge), userId: row.user_id === null ? null : String(row.user_id) } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Audit log

export interface AuditEntry {
  id: string;
  at: number;
  actor_email: string | null;
  action: string;
  detail: string;
  ip: string;
}

const auditRow = z.object({
  id: z.string(),
  at: z.coerce.number(),
  actor_email: z.string().nullable(),
  action: z.string(),
  detail: z.string(),
  ip: z.string(),
});

export function* audit(entry: Omit<AuditEntry, 'id' | 'at'>): Work<void> {
  yield* run(
    `INSERT INTO audit_log (id, at, actor_email, action, detail, ip) VALUES (?, ${NOW_MS}, ?, ?, ?, ?)`,
    randomUUID(),
    entry.actor_email,
    entry.action,
    entry.detail.slice(0, 500),
    entry.ip,
  );
}

/** Newest first; `before` is the last entry of the previous page. */
export function* auditEntries({
  before,
  since,
  limit,
}: {
  before?: { at: number; id: string } | undefined;
  since?: number | undefined;
  limit: number;
}): Work<AuditEntry[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (before) {
    where.push('(at, id) < (?, ?)');
    params.push(before.at, before.id);
  }
  if (since !== undefined) {
    where.push('at >= ?');
    params.push(since);
  }
  const rows = yield* all(`SELECT * FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY at DESC, id DESC LIMIT ?`, ...params, limit);
  return rows.map((r) => auditRow.parse(r));
}
