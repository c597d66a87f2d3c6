/**
 * The job app's rows (migration 35): the one connection, and each lead's send with the ids the app
 * returned, each stored the moment it comes back so the next step (or a retry after a crash)
 * starts from it. A send is queued through the one job queue, keyed by its lead, so two presses,
 * on one instance or two, queue one job; a failed send is queued again only by a new press.
 */
import type { JobAppReport, JobSend, JobSendState } from '../../core/inbox-api/job-app.ts';
import { jobAppVendors, type JobAppVendor } from '../../core/inbox-api/job-app-vendors.ts';
import { enqueue } from './job-queue.ts';
import { addEvent } from './lead-work.ts';
import { all, NOW_MS, one, run, type Row, type Work } from './steps.ts';

export interface JobAppConnection {
  vendor: JobAppVendor;
  secret: string;
  /** The key's last four characters: all the inbox ever shows of it. */
  secret_hint: string;
  connected_at: number;
  connected_by: string | null;
  send_won: boolean;
  refused_at: number | null;
  refusal: string | null;
}

const CURRENT = 'current';
const nullableNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const flag = (v: unknown) => v === true || Number(v) === 1;
const vendorOf = (v: unknown): JobAppVendor => jobAppVendors.find((x) => x === v) ?? 'servicem8';

export function* jobAppConnection(): Work<JobAppConnection | undefined> {
  const row = yield* one('SELECT * FROM job_app WHERE id = ?', CURRENT);
  if (!row) return undefined;
  return {
    vendor: vendorOf(row.vendor),
    secret: String(row.secret),
    secret_hint: String(row.secret_hint),
    connected_at: Number(row.connected_at),
    connected_by: row.connected_by === null ? null : String(row.connected_by),
    send_won: flag(row.send_won),
    refused_at: nullableNumber(row.refused_at),
    refusal: row.refusal === null ? null : String(row.refusal),
  };
}

/** Connects an app, or replaces the key (any refusal of the old one is forgotten; "send every won lead" is kept). */
export function* saveConnection(vendor: JobAppVendor, secret: string, byEmail: string): Work<void> {
  yield* run(
    `INSERT INTO job_app (id, vendor, secret, secret_hint, connected_at, connected_by) VALUES (?, ?, ?, ?, ${NOW_MS}, ?)
     ON CONFLICT (id) DO UPDATE SET vendor = excluded.vendor, secret = excluded.secret, secret_hint = excluded.secret_hint,
       connected_at = excluded.connected_at, connected_by = excluded.connected_by, refused_at = NULL, refusal = NULL`,
    CURRENT,
    vendor,
    secret,
    secret.slice(-4),
    byEmail,
  );
}

export function* dropConnection(): Work<JobAppConnection | undefined> {
  const was = yield* jobAppConnection();
  if (was) yield* run('DELETE FROM job_app WHERE id = ?', CURRENT);
  return was;
}

export function* setSendWon(on: boolean): Work<boolean> {
  return (yield* run(`UPDATE job_app SET send_won = ${on ? 'TRUE' : 'FALSE'} WHERE id = ?`, CURRENT)) > 0;
}

/** The app refused this key: kept for the owners' screen and the digest, unless the key was replaced meanwhile. */
export function* markKeyRefused(secret: string, words: string): Work<void> {
  yield* run(`UPDATE job_app SET refused_at = ${NOW_MS}, refusal = ? WHERE id = ? AND secret = ?`, words, CURRENT, secret);
}

export interface SendRow extends JobSend {
  lead_id: string;
  client_id: string | null;
  site_id: string | null;
  contact_done: boolean;
}

/** A queued send whose job ran out of tries has failed as surely as one the app refused. */
const SEND_SELECT = `SELECT s.*, o.status AS job_status FROM job_app_sends s LEFT JOIN outbox o ON o.lead_id = s.lead_id AND o.purpose = 'job-app'`;
const DEAD = `s.state = 'queued' AND o.status = 'dead'`;

function toSend(row: Row): SendRow {
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const state: JobSendState =
    row.state === 'queued' && row.job_status === 'dead' ? 'failed' : row.state === 'sent' ? 'sent' : row.state === 'failed' ? 'failed' : 'queued';
  return {
    lead_id: String(row.lead_id),
    vendor: vendorOf(row.vendor),
    state,
    client_id: text(row.client_id),
    site_id: text(row.site_id),
    job_id: text(row.job_id),
    contact_done: flag(row.contact_done),
    job_url: text(row.job_url),
    job_number: text(row.job_number),
    error: text(row.error),
    requested_at: Number(row.requested_at),
    requested_by: text(row.requested_by),
    sent_at: nullableNumber(row.sent_at),
  };
}

export function* sendOfLead(leadId: string): Work<SendRow | undefined> {
  const row = yield* one(`${SEND_SELECT} WHERE s.lead_id = ?`, leadId);
  return row ? toSend(row) : undefined;
}

/**
 * Asks for a lead's job to be made: a first press queues it, a press after a failure queues it
 * again (from the ids already stored, unless the app was changed meanwhile), and any other press
 * changes nothing. True when this call queued the work.
 */
export function* requestSend(leadId: string, vendor: JobAppVendor, byEmail: string | null): Work<boolean> {
  const made = yield* run(
    `INSERT INTO job_app_sends (lead_id, vendor, state, requested_at, requested_by) VALUES (?, ?, 'queued', ${NOW_MS}, ?) ON CONFLICT (lead_id) DO NOTHING`,
    leadId,
    vendor,
    byEmail,
  );
  const again =
    made > 0 ||
    (yield* run(
      `UPDATE job_app_sends SET state = 'queued', error = NULL, failed_at = NULL, requested_at = ${NOW_MS}, requested_by = ?,
         client_id = CASE WHEN vendor = ? THEN client_id END, site_id = CASE WHEN vendor = ? THEN site_id END,
         job_id = CASE WHEN vendor = ? THEN job_id END, contact_done = CASE WHEN vendor = ? THEN contact_done ELSE FALSE END, vendor = ?
       WHERE lead_id = ? AND (state = 'failed' OR (state = 'queued' AND EXISTS
         (SELECT 1 FROM outbox o WHERE o.lead_id = job_app_sends.lead_id AND o.purpose = 'job-app' AND o.status = 'dead')))`,
      byEmail,
      vendor,
      vendor,
      vendor,
      vendor,
      vendor,
      leadId,
    )) > 0;
  if (!again) return false;
  yield* enqueue({ purpose: 'job-app', of: { lead: leadId }, repeat: 'again' });
  return true;
}

/** Stores an id the app returned, unless one is stored already (the first answer stands). */
export function* saveStep(leadId: string, step: 'client_id' | 'site_id' | 'job_id', id: string): Work<void> {
  yield* run(`UPDATE job_app_sends SET ${step} = ? WHERE lead_id = ? AND ${step} IS NULL`, id, leadId);
}

export function* markContactDone(leadId: string): Work<void> {
  yield* run('UPDATE job_app_sends SET contact_done = TRUE WHERE lead_id = ?', leadId);
}

/** The send is done; its timeline line is written once, by whichever run got there first. */
export function* markSent(leadId: string, job: { url: string | null; number: string | null }, eventText: string): Work<void> {
  const done = yield* run(
    `UPDATE job_app_sends SET state = 'sent', sent_at = ${NOW_MS}, error = NULL, job_url = ?, job_number = ? WHERE lead_id = ? AND state <> 'sent'`,
    job.url,
    job.number,
    leadId,
  );
  if (done) yield* addEvent(leadId, 'job_app', null, eventText);
}

/** The app refused the send for good: its words stay on the lead until a new press. */
export function* markFailed(leadId: string, words: string, eventText: string): Work<void> {
  const done = yield* run(`UPDATE job_app_sends SET state = 'failed', failed_at = ${NOW_MS}, error = ? WHERE lead_id = ? AND state = 'queued'`, words, leadId);
  if (done) yield* addEvent(leadId, 'job_app', null, eventText);
}

/** A passing trouble (busy, failing, out of reach), shown on the lead while the job is retried. */
export function* noteTrouble(leadId: string, words: string): Work<void> {
  yield* run(`UPDATE job_app_sends SET error = ? WHERE lead_id = ? AND state = 'queued'`, words, leadId);
}

/** Sends asked for within [start, end) by how they stand now. */
export function* jobAppCounts(start: Date, end: Date): Work<JobAppReport> {
  const rows = yield* all(
    `SELECT CASE WHEN ${DEAD} THEN 'failed' ELSE s.state END AS state, COUNT(*) AS n
     FROM job_app_sends s LEFT JOIN outbox o ON o.lead_id = s.lead_id AND o.purpose = 'job-app'
     WHERE s.requested_at >= ? AND s.requested_at < ? GROUP BY 1`,
    start.getTime(),
    end.getTime(),
  );
  const count = (state: JobSendState) => rows.filter((r) => r.state === state).reduce((sum, r) => sum + Number(r.n), 0);
  return { sent: count('sent'), failed: count('failed'), waiting: count('queued') };
}
