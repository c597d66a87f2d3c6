/**
 * What a text from Twilio does: a delivery receipt that says an offer's text never arrived ends that
 * offer and moves urgent work on at once, and a partner's reply (YES, NO, STOP, START) does what the
 * job page's buttons or the inbox's switch would. Replies are matched to partners by their own
 * mobile number only, and to a job by the code its text carries. The texts' rows are storage's (text-work.ts).
 */
import { nzMobileE164 } from '../../core/partner/nz-mobile.ts';
import type { Partner } from '../../core/inbox-api/partners.ts';
import type { Work } from '../storage/steps.ts';
import { listPartners } from '../storage/partner-records.ts';
import { enqueue } from '../storage/job-queue.ts';
import {
  DECLINED_BY_TEXT,
  keepReceipt,
  extendOfferOnce,
  openTextedOffers,
  recentTextedOffer,
  setTextsStopped,
  UNDELIVERED,
  type ReplyIntent,
  type TextedOffer,
  type TextStatus,
} from '../storage/text-work.ts';
import { addEvent } from '../storage/lead-work.ts';
import { withoutLiveLinks } from '../partners/customer-text.ts';
import { textWords } from '../sms/text-words.ts';
import { offerById, offerEnded, type OfferView } from './partner-offers.ts';
import { answerOffer, type AnswerWords } from './offer-answers.ts';
import { customerReply, type CustomerReply } from './customer-updates.ts';

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
  const kept = yield* keepReceipt(sid, status, errorCode);
  if (kept === 'unknown' || kept === 'unchanged') return kept;
  if (UNDELIVERED.includes(status) && kept.purpose === 'offer' && kept.offerId) yield* offerEnded(kept.offerId, 'undelivered', eventText);
  return 'updated';
}

/** What ended an offer, as its partner is told: its time ran out, another partner took it, they declined it, or the business withdrew or closed it. */
export type EndedHow = 'lapsed' | 'taken' | 'declined' | 'closed';

/** An open offer as a reply that must say which job lists it. */
export interface WaitingJob {
  code: string | null;
  service: string;
  city: string;
}

export type ReplyOutcome =
  | { kind: 'unknown_number' }
  /** A reply from a customer we texted: STOP, START, or words for their lead's timeline. */
  | { kind: 'customer'; reply: CustomerReply }
  | { kind: 'no_offer'; partner: Partner }
  | { kind: 'accepted'; partner: Partner; view: OfferView }
  | { kind: 'ended'; partner: Partner; how: EndedHow }
  | { kind: 'held'; partner: Partner }
  | { kind: 'declined'; partner: Partner }
  | { kind: 'stopped'; partner: Partner }
  | { kind: 'started'; partner: Partner }
  | { kind: 'help'; partner: Partner; waiting: WaitingJob[] }
  /** Several jobs wait and the reply named none: nothing was answered. */
  | { kind: 'which'; partner: Partner; waiting: WaitingJob[] }
  /** Neither yes nor no: kept in the job's timeline for the owner, the offer held a little longer (`until`, once). */
  | { kind: 'noted'; partner: Partner; waiting: WaitingJob[]; until: number | undefined };

/** What a reply that is neither yes nor no adds to the wait, once per offer: a question deserves an answer before the job moves on. */
export const EXTEND_ONCE_MS = 5 * 60_000;
/** At most this much of such a reply goes into the timeline. */
const NOTED_CHARS = 300;

/** A partner's own words for the timeline: one line, no control characters, links not live, bounded. */
export function notedWords(text: string): string {
  const line = withoutLiveLinks(
    text
      .slice(0, NOTED_CHARS * 4)
      .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu, ' ')
      .trim(),
  );
  const chars = [...line];
  return chars.length > NOTED_CHARS ? `${chars.slice(0, NOTED_CHARS - 1).join('')}…` : line;
}

const waitingJob = (o: TextedOffer): WaitingJob => ({ code: o.code, service: o.service, city: o.city });

/** How an offer that no longer waits ended, for its partner. */
function endedHow(o: { state: string; endReason: string; expired: boolean }): EndedHow {
  if (o.state === 'withdrawn' && o.endReason === 'taken') return 'taken';
  if (o.state === 'declined') return 'declined';
  if ((o.state === 'open' && o.expired) || o.endReason === 'timed_out') return 'lapsed';
  return 'closed';
}

export interface TextReply {
  intent: ReplyIntent;
  /** The job code the reply names, if any. */
  code: string | undefined;
  /** The reply's text as sent (bounded), for the timeline when it is neither yes nor no. */
  text: string;
}

/**
 * A partner's reply from `from` (any writing of their mobile number). YES accepts, exactly as the job
 * page's "Accept job" does, the offer texted to them that the reply names by its code, or their only
 * one still waiting; with several waiting and no code, nothing is taken and the reply asks which.
 * NO declines the same way. STOP turns their texts off (shown in the inbox) and START on again.
 * Anything else goes into the job's timeline for the owner, and the offer waits 5 minutes longer
 * (once). A number that is no partner's changes nothing.
 */
export function* replyFrom(from: string, said: TextReply | ReplyIntent, words: AnswerWords, introduce: boolean): Work<ReplyOutcome> {
  // An intent alone is a reply of that one word (the inbox's own tools and tests use it so).
  const reply = typeof said === 'string' ? { intent: said, code: undefined, text: said } : said;
  const { intent, code } = reply;
  const number = nzMobileE164(from) ?? from;
  const partners = (yield* listPartners()).filter((p) => nzMobileE164(p.phone) === number);
  if (partners.length === 0) {
    const customer = yield* customerReply(from, intent, reply.text, (words) => textWords.events.customerReplied(notedWords(words)));
    return customer ? { kind: 'customer', reply: customer } : { kind: 'unknown_number' };
  }
  const ids = partners.map((p) => p.id);
  const first = partners[0]!;
  const partnerOf = (id: string) => partners.find((p) => p.id === id) ?? first;
  if (intent === 'stop' || intent === 'start') {
    yield* setTextsStopped(ids, intent === 'stop');
    return { kind: intent === 'stop' ? 'stopped' : 'started', partner: first };
  }
  const open = yield* openTextedOffers(ids);
  if (intent === 'help') return { kind: 'help', partner: first, waiting: open.map(waitingJob) };
  // The job the reply is about: the one its code names, else the only one waiting.
  const named = code ? open.filter((o) => o.code === code) : open;
  if (intent === 'other') {
    // A code naming no waiting job: the reply is about none of them, and the owner reads it on each.
    const about = named.length > 0 ? named : open;
    if (about.length === 0) return { kind: 'help', partner: first, waiting: [] };
    let until: number | undefined;
    for (const offer of about) {
      const partner = partnerOf(offer.partnerId);
      yield* addEvent(offer.leadId, 'partner', null, textWords.events.replied(partner.name, notedWords(reply.text)));
      if (yield* extendOfferOnce(offer.id, EXTEND_ONCE_MS)) until = Math.max(until ?? 0, offer.expiresAt + EXTEND_ONCE_MS);
    }
    return { kind: 'noted', partner: partnerOf(about[0]!.partnerId), waiting: about.map(waitingJob), until };
  }
  if (named.length > 1 || (code && named.length === 0 && open.length > 0 && !(yield* recentTextedOffer(ids, code))))
    return { kind: 'which', partner: first, waiting: open.map(waitingJob) };
  const target = named[0];
  if (!target) {
    // Nothing waits under that code (or at all): say how it ended, if it was theirs in the last day, not "nothing waiting".
    const ended = yield* recentTextedOffer(ids, code);
    const endedFor = ended && partners.find((p) => p.id === ended.partnerId);
    if (!ended || !endedFor) return { kind: 'no_offer', partner: first };
    if (intent !== 'accept') return ended.state === 'declined' ? { kind: 'declined', partner: endedFor } : { kind: 'no_offer', partner: endedFor };
    // A second YES to a job they already took is told so, not that someone else has it.
    if (ended.state === 'accepted') return yield* stillTheirs(yield* offerById(ended.id), endedFor);
    return { kind: 'ended', partner: endedFor, how: endedHow(ended) };
  }
  const partner = partnerOf(target.partnerId);
  const answer = intent === 'accept' ? ({ action: 'accept' } as const) : ({ action: 'decline', reason: DECLINED_BY_TEXT } as const);
  const { view, changed } = yield* answerOffer(target.tokenHash, answer, words, introduce, 'sms');
  if (intent === 'decline') return changed ? { kind: 'declined', partner } : { kind: 'no_offer', partner };
  if (changed && view) return { kind: 'accepted', partner, view };
  if (view?.standing === 'held') return yield* stillTheirs(view, partner);
  const how: EndedHow = view?.standing === 'taken' ? 'taken' : view?.standing === 'expired' ? 'lapsed' : 'closed';
  return { kind: 'ended', partner, how };
}

/**
 * A YES to a job the partner already accepted (on its page, or by another YES, a moment or an hour
 * earlier): while they hold it, they are told so and the customer's details go by text, once per
 * offer however many YES came; once it has closed, they are told that.
 */
function* stillTheirs(view: OfferView | undefined, partner: Partner): Work<ReplyOutcome> {
  if (view?.standing !== 'held') return { kind: 'ended', partner, how: 'closed' };
  yield* enqueue({ purpose: 'accepted', transport: 'sms', of: { offer: view.offer.id } });
  return { kind: 'held', partner };
}
