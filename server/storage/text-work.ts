/**
 * Text messages to partners, written once for both stores (steps.ts): each text the provider took is
 * kept by its id with its latest delivery status, the reads a partner's reply needs and the switch
 * a STOP or START turns. What a receipt or a reply does is the dispatch rules' (text-replies.ts).
 */
import { all, one, run, NOW_MS, type Row, type Work } from './steps.ts';
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

/** An offer texted to a partner, as a reply needs it: whose, its link's hash, its code, where it stands and what the job is. */
export interface TextedOffer {
  id: string;
  partnerId: string;
  leadId: string;
  tokenHash: string;
  code: string | null;
  state: string;
  endReason: string;
  /** Its accept-by passed while it was still open. */
  expired: boolean;
  extended: boolean;
  expiresAt: number;
  city: string;
  service: string;
}

const TEXTED = `SELECT o.id, o.partner_id, o.lead_id, o.state, o.end_reason, o.text_code, o.extended_at, o.expires_at,
  CASE WHEN o.expires_at <= ${NOW_MS} THEN 1 ELSE 0 END AS expired, l.token_hash, ld.city, ld.service_type
  FROM partner_offers o JOIN offer_links l ON l.offer_id = o.id AND l.channel = 'sms' JOIN leads ld ON ld.id = o.lead_id`;

const texted = (row: Row): TextedOffer => ({
  id: String(row.id),
  partnerId: String(row.partner_id),
  leadId: String(row.lead_id),
  tokenHash: String(row.token_hash),
  code: row.text_code ? String(row.text_code) : null,
  state: String(row.state),
  endReason: String(row.end_reason ?? ''),
  expired: Number(row.expired) === 1,
  extended: row.extended_at !== null && row.extended_at !== undefined,
  expiresAt: Number(row.expires_at),
  city: String(row.city ?? ''),
  service: String(row.service_type ?? ''),
});

/** The offers texted to these partners that still wait for an answer, newest first. */
export function* openTextedOffers(partnerIds: readonly string[]): Work<TextedOffer[]> {
  const inList = partnerIds.map(() => '?').join(', ');
  const rows = yield* all(
    `${TEXTED} WHERE o.partner_id IN (${inList}) AND o.state = 'open' AND o.expires_at > ${NOW_MS} ORDER BY o.created_at DESC, o.id`,
    ...partnerIds,
  );
  return rows.map(texted);
}

/** The newest offer texted to one of these partners in the last day (with `code`, the one carrying it), whatever became of it. */
export function* recentTextedOffer(partnerIds: readonly string[], code?: string): Work<TextedOffer | undefined> {
  const inList = partnerIds.map(() => '?').join(', ');
  const row = yield* one(
    `${TEXTED} WHERE o.partner_id IN (${inList}) AND o.created_at > ${NOW_MS} - ? ${code ? 'AND o.text_code = ?' : ''} ORDER BY o.created_at DESC, o.id LIMIT 1`,
    ...partnerIds,
    DAY_MS,
    ...(code ? [code] : []),
  );
  return row && texted(row);
}

/**
 * The code an offer's text carries: the one it was given, or the first of `candidates` that none of
 * its partner's other open offers holds. The unique index refuses a code another instance gave the
 * same partner a moment earlier (the send is then retried, and picks again).
 */
export function* offerTextCode(offerId: string, candidates: readonly string[]): Work<string | undefined> {
  const row = yield* one('SELECT partner_id, text_code FROM partner_offers WHERE id = ?', offerId);
  if (!row) return undefined;
  if (row.text_code) return String(row.text_code);
  const taken = new Set(
    (yield* all("SELECT text_code FROM partner_offers WHERE partner_id = ? AND state = 'open' AND text_code IS NOT NULL", row.partner_id)).map((r) =>
      String(r.text_code),
    ),
  );
  const code = candidates.find((c) => !taken.has(c));
  if (!code) return undefined;
  yield* run('UPDATE partner_offers SET text_code = ? WHERE id = ? AND text_code IS NULL', code, offerId);
  const kept = yield* one('SELECT text_code FROM partner_offers WHERE id = ?', offerId);
  return kept?.text_code ? String(kept.text_code) : undefined;
}

/** Gives an open offer `ms` more to be answered, once in its life: whether it did (it had not been extended, and still waited). */
export function* extendOfferOnce(offerId: string, ms: number): Work<boolean> {
  return (
    (yield* run(
      `UPDATE partner_offers SET expires_at = expires_at + ?, extended_at = ${NOW_MS}
       WHERE id = ? AND state = 'open' AND extended_at IS NULL AND expires_at > ${NOW_MS}`,
      ms,
      offerId,
    )) === 1
  );
}

/** Takes a provider callback's signature once: false when it was taken before (a replay). */
export function* firstCallback(signature: string): Work<boolean> {
  // Kept for good: a reply replayed a week later must not accept whatever job is waiting then.
  return (yield* run(`INSERT INTO sms_callbacks (signature, seen_at) VALUES (?, ${NOW_MS}) ON CONFLICT (signature) DO NOTHING`, signature)) === 1;
}
