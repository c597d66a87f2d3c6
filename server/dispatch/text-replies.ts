/**
 * What a text from Twilio does: a delivery receipt that says an offer's text never arrived ends that
 * offer and moves urgent work on at once, and a partner's reply (YES, NO, STOP, START) does what the
 * job page's buttons or the inbox's switch would. Replies are matched to partners by their own
 * mobile number only. The texts' rows are storage's (text-work.ts).
 */
import { nzMobileE164 } from '../../core/partner/nz-mobile.ts';
import type { Partner } from '../../core/inbox-api/partners.ts';
import type { Work } from '../storage/steps.ts';
import { listPartners } from '../storage/partner-records.ts';
import { enqueue } from '../storage/job-queue.ts';
import {
  DECLINED_BY_TEXT,
  keepReceipt,
  latestTextedOffer,
  recentTextedOffer,
  setTextsStopped,
  UNDELIVERED,
  type ReplyIntent,
  type TextStatus,
} from '../storage/text-work.ts';
import { addEvent } from '../storage/lead-work.ts';
import { withoutLiveLinks } from '../partners/customer-text.ts';
import { textWords } from '../sms/text-words.ts';
import { answerOffer, offerEnded, type AnswerWords, type OfferView } from './partner-offers.ts';

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
  const first = partners[0]!;
  if (intent === 'stop' || intent === 'start') {
    yield* setTextsStopped(ids, intent === 'stop');
    return { kind: intent === 'stop' ? 'stopped' : 'started', partner: first };
  }
  if (intent !== 'accept' && intent !== 'decline') return { kind: 'help', partner: first };
  const latest = yield* latestTextedOffer(ids);
  if (!latest) {
    // Their latest texted offer ended in the last day (another partner was quicker, or time ran out): say so, not "nothing waiting".
    const ended = yield* recentTextedOffer(ids);
    const endedFor = ended && partners.find((p) => p.id === ended.partnerId);
    if (intent !== 'accept' || !endedFor) return { kind: 'no_offer', partner: first };
    // A second YES to a job they already took is told so, not that someone else has it.
    return ended.state === 'accepted' ? { kind: 'held', partner: endedFor } : { kind: 'taken', partner: endedFor };
  }
  const partner = partners.find((p) => p.id === latest.partnerId) ?? first;
  const answer = intent === 'accept' ? ({ action: 'accept' } as const) : ({ action: 'decline', reason: DECLINED_BY_TEXT } as const);
  const { view, changed } = yield* answerOffer(latest.tokenHash, answer, words, introduce, 'sms');
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
