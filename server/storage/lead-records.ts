/**
 * The stored leads as records, written once for both stores: one by id, the list in arrival order
 * with keyset paging, the retention purge, and the health check's write.
 */
import { recordingsGoWithLeads } from './call-recordings.ts';
import { toLead } from './rows.ts';
import { all, NOW_MS, one, run, type Work } from './steps.ts';
import type { ListOptions, StoredLead } from './types.ts';

/** A lead with a notification still pending or dead: never delivered, so the purge keeps it unless forced. */
const UNDELIVERED = "EXISTS (SELECT 1 FROM outbox o WHERE o.lead_id = leads.id AND o.status IN ('pending', 'dead'))";

export function* storedLead(id: string): Work<StoredLead | undefined> {
  const row = yield* one('SELECT * FROM leads WHERE id = ?', id);
  return row ? toLead(row) : undefined;
}

export function* storedLeads({ since, includeSpam = false, after, limit }: ListOptions = {}): Work<StoredLead[]> {
  // One lower bound on created_at (the paging cursor's when later), so the index seeks straight to the page.
  const from = (since ?? new Date(0)).toISOString();
  const params: unknown[] = [after && after.created_at > from ? after.created_at : from];
  let sql = `SELECT * FROM leads WHERE created_at >= ?${includeSpam ? '' : ' AND spam = FALSE'}`;
  if (after) {
    sql += ' AND (created_at, id) > (?, ?)';
    params.push(after.created_at, after.id);
  }
  sql += ' ORDER BY created_at, id';
  if (limit) {
    sql += ' LIMIT ?';
    params.push(limit);
  }
  return (yield* all(sql, ...params)).map(toLead);
}

/** Deletes the leads (with their jobs, timelines and calls) stored before `before`, keeping undelivered ones unless `force`. */
export function* purgeLeads(before: Date, force: boolean): Work<{ deleted: number; kept: number }> {
  const cutoff = before.toISOString();
  const kept = force ? 0 : Number((yield* one(`SELECT COUNT(*) AS n FROM leads WHERE created_at < ? AND ${UNDELIVERED}`, cutoff))!.n);
  const doomed = `created_at < ?${force ? '' : ` AND NOT ${UNDELIVERED}`}`;
  // Their calls' voicemails follow the same rule, at Twilio as here.
  yield* recordingsGoWithLeads(`SELECT id FROM leads WHERE ${doomed}`, cutoff);
  const deleted = yield* run(`DELETE FROM leads WHERE ${doomed}`, cutoff);
  return { deleted, kept };
}

/** One row written: proof that the database takes writes. */
export function* markWritable(): Work<void> {
  yield* run(`INSERT INTO health_check (id, checked_at) VALUES (1, ${NOW_MS}) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`);
}
