/**
 * Review requests, written once for both stores (steps.ts): the owners' switch, one request a lead
 * and where it stands, the links its messages carried (by hash only), the customers asked (by the
 * hash of their phone or e-mail) and the e-mail addresses that unsubscribed. When to ask, and whom,
 * is server/reviews/review-rules.ts's.
 */
import { z } from 'zod';
import { all, NOW_MS, one, run, type Work } from './steps.ts';

export const REVIEW_STATES = ['skipped', 'held', 'sending', 'sent'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
/** Why a lead's customer was not asked. */
export const HOLD_REASONS = ['off', 'no_place', 'not_won', 'no_contact', 'stopped', 'unsubscribed', 'asked_recently', 'undelivered'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];
export const REVIEW_CHANNELS = ['sms', 'email'] as const;
export type ReviewChannel = (typeof REVIEW_CHANNELS)[number];
export type ReviewLinkKind = 'review' | 'stop';

const at = z.preprocess((v) => (v === null || v === undefined ? null : Number(v)), z.number().nullable());
const requestRow = z.object({
  lead_id: z.string(),
  state: z.enum(REVIEW_STATES),
  reason: z.enum(HOLD_REASONS).nullable(),
  channel: z.enum(REVIEW_CHANNELS).nullable(),
  changed_at: at,
  changed_by: z.string().nullable(),
  sent_at: at,
  reminded_at: at,
  pressed_at: at,
  presses: z.coerce.number().int(),
});
export type ReviewRequest = z.output<typeof requestRow>;

/** Whether customers are asked at all: on until an owner turns it off. */
export function* reviewsOn(): Work<boolean> {
  const row = yield* one('SELECT requests_on FROM review_settings WHERE id = 1');
  return row ? Boolean(row.requests_on) : true;
}

export function* setReviewsOn(on: boolean, by: string): Work<void> {
  yield* run(
    `INSERT INTO review_settings (id, requests_on, updated_at, updated_by) VALUES (1, ?, ${NOW_MS}, ?)
     ON CONFLICT (id) DO UPDATE SET requests_on = excluded.requests_on, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    on,
    by,
  );
}

export function* reviewRequestOf(leadId: string): Work<ReviewRequest | undefined> {
  const row = yield* one('SELECT * FROM review_requests WHERE lead_id = ?', leadId);
  return row ? requestRow.parse(row) : undefined;
}

/**
 * Sets the lead's request to `state` unless one is already on its way or sent (a request is never
 * taken back): true when it changed.
 */
export function* settleRequest(
  leadId: string,
  state: 'skipped' | 'held' | 'sending',
  detail: { reason?: HoldReason; channel?: ReviewChannel; by?: string },
): Work<boolean> {
  return (
    (yield* run(
      `INSERT INTO review_requests (lead_id, state, reason, channel, changed_at, changed_by) VALUES (?, ?, ?, ?, ${NOW_MS}, ?)
       ON CONFLICT (lead_id) DO UPDATE SET state = excluded.state, reason = excluded.reason, channel = excluded.channel,
         changed_at = excluded.changed_at, changed_by = excluded.changed_by
       WHERE review_requests.state NOT IN ('sending', 'sent')`,
      leadId,
      state,
      detail.reason ?? null,
      detail.channel ?? null,
      detail.by ?? null,
    )) > 0
  );
}

/** An owner's "ask after all" on a lead they skipped: the skip is forgotten (nothing else is). */
export function* unskipRequest(leadId: string): Work<boolean> {
  return (yield* run("DELETE FROM review_requests WHERE lead_id = ? AND state = 'skipped'", leadId)) > 0;
}

/**
 * A request the text provider or mail server refused for good: nothing reached the customer, so
 * the lead says so and the customer's contacts are free again (they were not asked).
 */
export function* markUndelivered(leadId: string): Work<void> {
  yield* run(`UPDATE review_requests SET state = 'held', reason = 'undelivered', changed_at = ${NOW_MS} WHERE lead_id = ? AND state = 'sending'`, leadId);
  yield* run('DELETE FROM review_contacts WHERE lead_id = ?', leadId);
}

export function* markRequestSent(leadId: string): Work<void> {
  yield* run(`UPDATE review_requests SET state = 'sent', sent_at = COALESCE(sent_at, ${NOW_MS}), changed_at = ${NOW_MS} WHERE lead_id = ?`, leadId);
}

export function* markReminded(leadId: string): Work<void> {
  yield* run(`UPDATE review_requests SET reminded_at = COALESCE(reminded_at, ${NOW_MS}) WHERE lead_id = ?`, leadId);
}

/** Keeps a link's hash (a send repeated after a crash keeps the same one once). `endsInMs` null: as long as its lead. */
export function* keepReviewLink(hash: string, leadId: string, kind: ReviewLinkKind, endsInMs: number | null): Work<void> {
  yield* run(
    `INSERT INTO review_links (hash, lead_id, kind, ends_at) VALUES (?, ?, ?, ${endsInMs === null ? 'NULL' : `${NOW_MS} + ?`}) ON CONFLICT (hash) DO NOTHING`,
    ...[hash, leadId, kind, ...(endsInMs === null ? [] : [endsInMs])],
  );
}

/** The lead of a link of this kind, by the hash of its token, and whether the link has ended. */
export function* reviewLinkOf(hash: string, kind: ReviewLinkKind): Work<{ leadId: string; ended: boolean } | undefined> {
  const row = yield* one(
    `SELECT lead_id, CASE WHEN ends_at IS NULL OR ends_at > ${NOW_MS} THEN 0 ELSE 1 END AS ended FROM review_links WHERE hash = ? AND kind = ?`,
    hash,
    kind,
  );
  return row ? { leadId: String(row.lead_id), ended: Number(row.ended) === 1 } : undefined;
}

/** Counts a press of the lead's review link (the first one's time is kept); true for the first. */
export function* countPress(leadId: string): Work<boolean> {
  const row = yield* one(
    `UPDATE review_requests SET presses = presses + 1, pressed_at = COALESCE(pressed_at, ${NOW_MS}) WHERE lead_id = ? RETURNING presses`,
    leadId,
  );
  return Number(row?.presses ?? 0) === 1;
}

/** Whether any of these customers (hashed contacts) was asked through another lead within `withinMs`. */
export function* askedRecently(hashes: readonly string[], leadId: string, withinMs: number): Work<boolean> {
  if (hashes.length === 0) return false;
  const row = yield* one(
    `SELECT 1 AS yes FROM review_contacts WHERE contact_hash IN (${hashes.map(() => '?').join(', ')}) AND lead_id <> ? AND asked_at > ${NOW_MS} - ?`,
    ...hashes,
    leadId,
    withinMs,
  );
  return Boolean(row);
}

/**
 * Claims each contact for this lead: taken when it is new, was asked longer than `withinMs` ago,
 * or is this lead's already. False when another lead took one first (two instances at once): the
 * caller's transaction must then be undone.
 */
export function* claimContacts(hashes: readonly string[], leadId: string, withinMs: number): Work<boolean> {
  for (const hash of hashes) {
    const claimed = yield* run(
      `INSERT INTO review_contacts (contact_hash, lead_id, asked_at) VALUES (?, ?, ${NOW_MS})
       ON CONFLICT (contact_hash) DO UPDATE SET lead_id = excluded.lead_id, asked_at = excluded.asked_at
       WHERE review_contacts.lead_id = excluded.lead_id OR review_contacts.asked_at <= ${NOW_MS} - ?`,
      hash,
      leadId,
      withinMs,
    );
    if (claimed === 0) return false;
  }
  return true;
}

export function* emailOptedOut(hash: string): Work<boolean> {
  return Boolean(yield* one('SELECT 1 AS yes FROM review_opt_outs WHERE email_hash = ?', hash));
}

/** Records an unsubscribe; true when it is new. */
export function* optOutEmail(hash: string): Work<boolean> {
  return (yield* run(`INSERT INTO review_opt_outs (email_hash, opted_out_at) VALUES (?, ${NOW_MS}) ON CONFLICT (email_hash) DO NOTHING`, hash)) > 0;
}

export interface ReviewFigures {
  sent: number;
  sentByText: number;
  pressed: number;
  reminded: number;
}

/** Requests sent, first presses and reminders between two instants (ms), spam left out. */
export function* reviewFigures(fromMs: number, toMs: number): Work<ReviewFigures> {
  const [row] = yield* all(
    `SELECT
       SUM(CASE WHEN sent_at >= ? AND sent_at < ? THEN 1 ELSE 0 END) AS sent,
       SUM(CASE WHEN sent_at >= ? AND sent_at < ? AND channel = 'sms' THEN 1 ELSE 0 END) AS by_text,
       SUM(CASE WHEN pressed_at >= ? AND pressed_at < ? THEN 1 ELSE 0 END) AS pressed,
       SUM(CASE WHEN reminded_at >= ? AND reminded_at < ? THEN 1 ELSE 0 END) AS reminded
     FROM review_requests WHERE state = 'sent'`,
    fromMs,
    toMs,
    fromMs,
    toMs,
    fromMs,
    toMs,
    fromMs,
    toMs,
  );
  return { sent: Number(row?.sent ?? 0), sentByText: Number(row?.by_text ?? 0), pressed: Number(row?.pressed ?? 0), reminded: Number(row?.reminded ?? 0) };
}
