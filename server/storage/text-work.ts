/**
 * Text messages to partners, written once for both stores (steps.ts): each text the provider took is
 * kept by its id with its latest delivery status, the reads a partner's reply needs and the switch
 * a STOP or START turns. What a receipt or a reply does is the dispatch rules' (text-replies.ts).
 */
import { one, run, NOW_MS, type Work } from './steps.ts';
import { DAY_MS } from '../../core/nz-time.ts';

/** What a partner's reply means, as the text routes read it: the words are theirs (sms/reply-words.ts), the outcome this file's. */
export type ReplyIntent = 'accept' | 'decline' | 'stop' | 'start' | 'help' | 'other';
/** The statuses a text passes through, in order: a receipt never moves a text backwards (they can arrive out of order). */
const STATUS_ORDER = ['accepted', 'queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed'] as const;
export type TextStatus = (typeof STATUS_ORDER)[number];
const rank = (status: string) => STATUS_ORDER.indexOf(status as TextStatus);
/** Final statuses: the text will never arrive. */
export const UNDELIVERED: readonly string[] = ['undelivered', 'failed'];

export function isTextStatus(status: string): status is TextStatus {
  return rank(status) >= 0;
}

/** Keeps a text the provider took (once, however often it is recorded). */
export function* recordText(text: { sid: string; offerId: string; partnerId: string; purpose: string; status: string }): Work<void> {
  yield* run(
    `INSERT INTO text_messages (sid, offer_id, partner_id, purpose, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ${NOW_MS}, ${NOW_MS})
     ON CONFLICT (sid) DO NOTHING`,
    text.sid,
    text.offerId,
    text.partnerId,
    text.purpose,
    isTextStatus(text.status) ? text.status : 'queued',
  );
}

/**
 * A delivery receipt's status, kept when it moves the text forward (a repeated or late receipt
 * changes nothing): 'unknown' for a text that is not ours, else whether it changed and the text's
 * purpose and offer.
 */
export function* keepReceipt(sid: string, status: TextStatus, errorCode: string): Work<'unknown' | 'unchanged' | { purpose: string; offerId: string | null }> {
  const row = yield* one('SELECT * FROM text_messages WHERE sid = ?', sid);
  if (!row) return 'unknown';
  if (rank(status) <= rank(String(row.status))) return 'unchanged';
  const changed = yield* run(
    `UPDATE text_messages SET status = ?, error_code = ?, updated_at = ${NOW_MS} WHERE sid = ? AND status = ?`,
    status,
    errorCode.slice(0, 16),
    sid,
    String(row.status),
  );
  if (!changed) return 'unchanged';
  return { purpose: String(row.purpose), offerId: row.offer_id ? String(row.offer_id) : null };
}

/** The reason a decline by text is recorded with (the page asks for one; a text reply gives none). */
export const DECLINED_BY_TEXT = 'Declined by text';

/** Turns texts off for these partners (they replied STOP), or on again (START). */
export function* setTextsStopped(partnerIds: readonly string[], stopped: boolean): Work<void> {
  const inList = partnerIds.map(() => '?').join(', ');
  if (stopped) yield* run(`UPDATE partners SET sms = FALSE, sms_stopped_at = ${NOW_MS}, updated_at = ${NOW_MS} WHERE id IN (${inList})`, ...partnerIds);
  else yield* run(`UPDATE partners SET sms = TRUE, sms_stopped_at = NULL, updated_at = ${NOW_MS} WHERE id IN (${inList})`, ...partnerIds);
}

/** The newest offer texted to one of these partners that still waits for an answer: its partner and its text link's hash. */
export function* latestTextedOffer(partnerIds: readonly string[]): Work<{ partnerId: string; tokenHash: string } | undefined> {
  const inList = partnerIds.map(() => '?').join(', ');
  const row = yield* one(
    `SELECT o.partner_id, l.token_hash FROM partner_offers o JOIN offer_links l ON l.offer_id = o.id AND l.channel = 'sms'
     WHERE o.partner_id IN (${inList}) AND o.state = 'open' AND o.expires_at > ${NOW_MS} ORDER BY o.created_at DESC, o.id LIMIT 1`,
    ...partnerIds,
  );
  return row && { partnerId: String(row.partner_id), tokenHash: String(row.token_hash) };
}

/** The newest offer texted to one of these partners in the last day, whatever became of it: its partner and state. */
export function* recentTextedOffer(partnerIds: readonly string[]): Work<{ partnerId: string; state: string } | undefined> {
  const inList = partnerIds.map(() => '?').join(', ');
  const row = yield* one(
    `SELECT o.partner_id, o.state FROM partner_offers o JOIN offer_links l ON l.offer_id = o.id AND l.channel = 'sms'
     WHERE o.partner_id IN (${inList}) AND o.created_at > ${NOW_MS} - ? ORDER BY o.created_at DESC, o.id LIMIT 1`,
    ...partnerIds,
    DAY_MS,
  );
  return row && { partnerId: String(row.partner_id), state: String(row.state) };
}

/** Takes a provider callback's signature once: false when it was taken before (a replay). */
export function* firstCallback(signature: string): Work<boolean> {
  // Kept for good: a reply replayed a week later must not accept whatever job is waiting then.
  return (yield* run(`INSERT INTO sms_callbacks (signature, seen_at) VALUES (?, ${NOW_MS}) ON CONFLICT (signature) DO NOTHING`, signature)) === 1;
}
