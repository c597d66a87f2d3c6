/**
 * Text messages to partners, written once for both stores (steps.ts): each text the provider took is
 * kept by its id with its latest delivery status, a receipt that says it never arrived moves urgent
 * work on at once, and a partner's reply (YES, NO, STOP, START) does what the job page's buttons or
 * the inbox's switch would. Replies are matched to partners by their own mobile number only.
 */
import { nzMobileE164 } from '../../core/partner/nz-mobile.ts';
import type { Partner } from '../../core/inbox-api/partners.ts';
import { all, one, run, NOW_MS, type Work } from './steps.ts';
import { listPartners } from './partner-records.ts';
import { answerOffer, offerEnded, type AnswerWords, type OfferView } from './partner-offers.ts';
import { enqueue } from './job-queue.ts';

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
 * A delivery receipt: the text's status moves forward (a repeated or late receipt changes nothing).
 * An offer's text that can never arrive ends that offer if it still waits, and urgent work goes on
 * to the next on-call partner now instead of at the end of the wait. 'unknown' for a text that is
 * not ours.
 */
export function* textReceipt(
  sid: string,
  status: TextStatus,
  errorCode: string,
  eventText: (partner: Partner) => string,
): Work<'unknown' | 'unchanged' | 'updated'> {
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
  if (UNDELIVERED.includes(status) && row.purpose === 'offer' && row.offer_id) yield* offerEnded(String(row.offer_id), 'undelivered', eventText);
  return 'updated';
}

export type ReplyOutcome =
  | { kind: 'unknown_number' }
  | { kind: 'no_offer'; partner: Partner }
  | { kind: 'accepted'; partner: Partner; view: OfferView }
  | { kind: 'taken'; partner: Partner }
  | { kind: 'held'; partner: Partner }
  | { kind: 'declined'; partner: Partner }
  | { kind: 'stopped'; partner: Partner }
  | { kind: 'started'; partner: Partner }
  | { kind: 'help'; partner: Partner };

/** The reason a decline by text is recorded with (the page asks for one; a text reply gives none). */
export const DECLINED_BY_TEXT = 'Declined by text';

/**
 * A partner's reply from `from` (any writing of their mobile number). YES accepts, exactly as the job
 * page's "Accept job" does, the most recent offer still waiting that was texted to them; NO declines
 * it; STOP turns their texts off (shown in the inbox) and START on again. A number that is no
 * partner's changes nothing.
 */
export function* replyFrom(from: string, intent: ReplyIntent, words: AnswerWords, introduce: boolean): Work<ReplyOutcome> {
  const number = nzMobileE164(from) ?? from;
  const partners = (yield* listPartners()).filter((p) => nzMobileE164(p.phone) === number);
  if (partners.length === 0) return { kind: 'unknown_number' };
  const ids = partners.map((p) => p.id);
  const inList = ids.map(() => '?').join(', ');
  const first = partners[0]!;
  if (intent === 'stop') {
    yield* run(`UPDATE partners SET sms = FALSE, sms_stopped_at = ${NOW_MS}, updated_at = ${NOW_MS} WHERE id IN (${inList})`, ...ids);
    return { kind: 'stopped', partner: first };
  }
  if (intent === 'start') {
    yield* run(`UPDATE partners SET sms = TRUE, sms_stopped_at = NULL, updated_at = ${NOW_MS} WHERE id IN (${inList})`, ...ids);
    return { kind: 'started', partner: first };
  }
  if (intent !== 'accept' && intent !== 'decline') return { kind: 'help', partner: first };
  const waiting = yield* all(
    `SELECT o.partner_id, l.token_hash FROM partner_offers o JOIN offer_links l ON l.offer_id = o.id AND l.channel = 'sms'
     WHERE o.partner_id IN (${inList}) AND o.state = 'open' AND o.expires_at > ${NOW_MS} ORDER BY o.created_at DESC, o.id LIMIT 1`,
    ...ids,
  );
  const latest = waiting[0];
  if (!latest) {
    // Their latest texted offer ended in the last day (another partner was quicker, or time ran out): say so, not "nothing waiting".
    const ended = yield* one(
      `SELECT o.partner_id, o.state FROM partner_offers o JOIN offer_links l ON l.offer_id = o.id AND l.channel = 'sms'
       WHERE o.partner_id IN (${inList}) AND o.created_at > ${NOW_MS} - 86400000 ORDER BY o.created_at DESC, o.id LIMIT 1`,
      ...ids,
    );
    const endedFor = ended && partners.find((p) => p.id === String(ended.partner_id));
    if (intent !== 'accept' || !endedFor) return { kind: 'no_offer', partner: first };
    // A second YES to a job they already took is told so, not that someone else has it.
    return ended.state === 'accepted' ? { kind: 'held', partner: endedFor } : { kind: 'taken', partner: endedFor };
  }
  const partner = partners.find((p) => p.id === String(latest.partner_id)) ?? first;
  const answer = intent === 'accept' ? ({ action: 'accept' } as const) : ({ action: 'decline', reason: DECLINED_BY_TEXT } as const);
  const { view, changed } = yield* answerOffer(String(latest.token_hash), answer, words, introduce, 'sms');
  if (intent === 'decline') return changed ? { kind: 'declined', partner } : { kind: 'no_offer', partner };
  if (changed && view) return { kind: 'accepted', partner, view };
  // Beaten by their own accept (the job page, or another YES a moment earlier): the job is theirs. The
  // customer's details go by text once, as after a YES (queued once per offer, however many YES came).
  if (view?.standing === 'held') {
    yield* enqueue({ purpose: 'accepted', transport: 'sms', of: { offer: view.offer.id } });
    return { kind: 'held', partner };
  }
  return { kind: 'taken', partner };
}

/** Takes a provider callback's signature once: false when it was taken before (a replay). */
export function* firstCallback(signature: string): Work<boolean> {
  // Kept for good: a reply replayed a week later must not accept whatever job is waiting then.
  return (yield* run(`INSERT INTO sms_callbacks (signature, seen_at) VALUES (?, ${NOW_MS}) ON CONFLICT (signature) DO NOTHING`, signature)) === 1;
}
