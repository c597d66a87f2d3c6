/**
 * A partner's answers to an offer through its link or a text reply: accepting (the first wins),
 * declining, and the marks of a job they hold ("On my way", "On site", "Quote sent", done, handed
 * back), each written once under the lead's hold, with what follows each for the lead, the
 * customer and the business.
 */
import type { Partner } from '../../core/inbox-api/partners.ts';
import { openJobStatuses, type LeadStatus } from '../../core/lead/status.ts';
import type { Work } from '../storage/steps.ts';
import { addEvent, changeStatus, inboxLead } from '../storage/lead-work.ts';
import { enqueue, redispatch } from '../storage/job-queue.ts';
import {
  acceptOfferRow,
  clearJobMark,
  declineOfferRow,
  handBackRow,
  holdLead,
  openOfferRows,
  setDone,
  setJobMark,
  setOnWay,
  tellEnded,
  withdrawOfferRow,
  type Offer,
} from '../storage/offer-records.ts';
import { offerByToken, type OfferStanding, type OfferView } from './partner-offers.ts';
import { tellCustomer } from './customer-updates.ts';
import { startLadder } from './ladder.ts';

export type PartnerAnswer =
  | { action: 'accept' }
  | { action: 'decline'; reason: string }
  | { action: 'on_site' }
  | { action: 'quote_sent' }
  | { action: 'undo_on_site' }
  | { action: 'undo_quote_sent' }
  | { action: 'on_my_way'; minutes: OnWayMinutes }
  | { action: 'done' }
  | { action: 'hand_back'; reason: string };

/** A hand-back's reason is a few words for the business: at most this many characters. */
export const HAND_BACK_REASON_MAX = 300;

/** How soon a partner pressing "On my way" may say they will arrive: the choices the job page gives. */
export const ON_WAY_MINUTES = [15, 30, 60] as const;
export type OnWayMinutes = (typeof ON_WAY_MINUTES)[number];

/** How long a partner may take back "On site" or "Quote sent" (a thumb slips at night). */
export const UNDO_WITHIN_MS = 10 * 60_000;

/** What an answer writes in the lead's timeline: the answer itself, and the lead's status when it moves with it. */
export interface AnswerWords {
  answered: (partner: Partner, answer: PartnerAnswer) => string;
  status: (partner: Partner, status: LeadStatus) => string;
}

/**
 * A partner's answer moves the lead as the owner's own work would: accepting is the first contact
 * (a New lead becomes Contacted, so nobody is nudged to call), "Quote sent" makes it Quoted.
 */
function* moveLead(leadId: string, partner: Partner, to: LeadStatus, from: readonly LeadStatus[], words: AnswerWords): Work<void> {
  const lead = yield* inboxLead(leadId);
  if (!lead || !from.includes(lead.status)) return;
  yield* changeStatus(leadId, { status: to, jobValueCents: null, lostReason: null }, partner.email, words.status(partner, to));
}

/** The write an answer makes, and the standing it needs; undefined for an answer that does not fit the standing. */
function* applyAnswer(offer: Offer, standing: OfferStanding, answer: PartnerAnswer, via: 'email' | 'sms', introduce: boolean): Work<boolean> {
  switch (answer.action) {
    case 'accept': {
      if (standing !== 'open' || !(yield* acceptOfferRow(offer.id, via))) return false;
      const leadId = offer.lead_id!;
      // The others still waiting end as taken, and are told so.
      for (const other of yield* openOfferRows({ leadId })) if (yield* withdrawOfferRow(other.id, 'taken')) yield* tellEnded(other.id);
      yield* enqueue({ purpose: 'accepted', of: { offer: offer.id } });
      if (via === 'sms') yield* enqueue({ purpose: 'accepted', transport: 'sms', of: { offer: offer.id } });
      if (introduce) yield* enqueue({ purpose: 'introduced', of: { offer: offer.id } });
      return true;
    }
    case 'decline':
      return standing === 'open' && (yield* declineOfferRow(offer.id, answer.reason));
    case 'on_site':
      return standing === 'held' && (yield* setJobMark(offer.id, 'on_site_at'));
    case 'quote_sent':
      return standing === 'held' && (yield* setJobMark(offer.id, 'quote_sent_at'));
    case 'undo_on_site':
      return standing === 'held' && (yield* clearJobMark(offer.id, 'on_site_at', UNDO_WITHIN_MS));
    case 'undo_quote_sent':
      return standing === 'held' && (yield* clearJobMark(offer.id, 'quote_sent_at', UNDO_WITHIN_MS));
    case 'on_my_way':
      return standing === 'held' && (yield* setOnWay(offer.id, answer.minutes * 60_000));
    case 'done':
      return standing === 'held' && (yield* setDone(offer.id));
    case 'hand_back':
      return standing === 'held' && (yield* handBackRow(offer.id, answer.reason));
  }
}

/**
 * What follows a partner's change to a job they hold, beyond its timeline line: the customer told
 * they are on the way; the business asked to close a job done; and a job handed back offered again
 * at once, the business woken for an urgent one, and told in any case.
 */
function* afterJobChange(offer: Offer, answer: PartnerAnswer): Work<void> {
  const leadId = offer.lead_id!;
  if (answer.action === 'on_my_way') yield* tellCustomer(leadId, 'on_my_way');
  if (answer.action === 'done') yield* enqueue({ purpose: 'job-done', of: { lead: leadId, period: offer.id }, repeat: 'renew' });
  if (answer.action === 'hand_back') {
    yield* enqueue({ purpose: 'handed-back', of: { lead: leadId, period: offer.id }, repeat: 'renew' });
    yield* redispatch(leadId);
    const lead = yield* inboxLead(leadId);
    if (lead?.urgent && !lead.spam && openJobStatuses.includes(lead.status)) {
      // Whoever was told this partner is coming now hears the truth, and the business is woken.
      yield* tellCustomer(leadId, 'handed_back');
      yield* startLadder(leadId, 'handed_back');
    }
  }
}

/**
 * A partner's answer through their link: accepting (first wins) or declining with a reason while the
 * offer is open, or, while they hold the job, "On site" and "Quote sent" (each recorded once). The
 * offer as it now stands, and whether this answer changed anything; the caller shows the page
 * either way. An acceptance queues the customer's details to the partner (by text as well when
 * they accepted by a text reply, `via`) and, when `introduce`, the customer's e-mail naming the
 * partner: each keyed by the offer, so each goes once.
 */
export function* answerOffer(
  tokenHash: string,
  answer: PartnerAnswer,
  words: AnswerWords,
  introduce = false,
  via: 'email' | 'sms' = 'email',
): Work<{ view: OfferView | undefined; changed: boolean }> {
  const found = yield* offerByToken(tokenHash);
  if (!found?.lead || !(yield* holdLead(found.lead.id))) return { view: found, changed: false };
  // Read again now the lead is held: another instance may have answered in between.
  const { offer, standing, partner } = (yield* offerByToken(tokenHash))!;
  const leadId = offer.lead_id!;
  const changed = yield* applyAnswer(offer, standing, answer, via, introduce);
  if (changed) {
    yield* addEvent(leadId, 'partner', null, words.answered(partner, answer));
    if (answer.action === 'accept') yield* moveLead(leadId, partner, 'contacted', ['new'], words);
    if (answer.action === 'quote_sent') yield* moveLead(leadId, partner, 'quoted', openJobStatuses, words);
    if (answer.action === 'undo_quote_sent') yield* moveLead(leadId, partner, 'contacted', ['quoted'], words);
    // A decline sends urgent work on to the next on-call partner now, not at the next check.
    if (answer.action === 'decline') yield* redispatch(leadId);
    if (answer.action === 'accept') yield* tellCustomer(leadId, 'committed');
    yield* afterJobChange(offer, answer);
  }
  return { view: yield* offerByToken(tokenHash), changed };
}
