/**
 * The offer state machine: who may be offered a lead, making an offer (with its e-mail, and its text
 * to a partner who takes them, queued in the outbox), where an offer stands for the partner who holds
 * its link, and the ways an offer ends (the partner's answers are offer-answers.ts's). Over the storage's steps, so written
 * once for both stores; every change to a lead's offers first takes the lead's row (`holdLead`), so
 * two instances deciding at once for the same lead take turns: the first accept wins and the later
 * one reads that the job is taken.
 *
 * What a link may show is decided in one place, `standingOf`, from the offer, its lead and its
 * partner as they are now: an offer whose lead was closed or whose partner was removed shows nothing
 * of the customer even if a write that should have ended it never happened.
 */
import type { Partner } from '../../core/inbox-api/partners.ts';
import { closedJobStatuses, openJobStatuses } from '../../core/lead/status.ts';
import { business } from '../../core/business.ts';
import { attendBy } from '../../core/lead/response-targets.ts';
import { acceptWindows, defaultAcceptWindow } from '../../core/partner/accept-windows.ts';
import { regionOfCity } from '../../core/partner/kinds.ts';
import { isNzMobile } from '../../core/partner/nz-mobile.ts';
import { DAY_MS } from '../../core/nz-time.ts';
import type { Work } from '../storage/steps.ts';
import { addEvent, inboxLead, type InboxLead } from '../storage/lead-work.ts';
import { lastOfferedAt, listPartners, partnerById } from '../storage/partner-records.ts';
import { keepJobSecret } from '../storage/outbox-jobs.ts';
import { enqueue, redispatch } from '../storage/job-queue.ts';
import type { ClaimedJob } from '../storage/types.ts';
import {
  anyPartnerById,
  holdLead,
  insertOffer,
  keepOfferLink,
  markBounced,
  offerFacts,
  offeredBefore,
  offerRowById,
  offerRowByToken,
  offerRowsOfLead,
  openOfferRows,
  tellEnded,
  withdrawOfferRow,
  type Offer,
  type OfferEndReason,
} from '../storage/offer-records.ts';
import { covers, fairestFirst, reachable } from './urgent-rule.ts';

/** How long an accepted job's link shows the customer at most, when the lead is not won or lost sooner. */
export const HELD_JOB_MS = business.heldJobDays * DAY_MS;
/** At most this many offers of one lead wait for an answer at once. */
export const MAX_OPEN_OFFERS = 3;

/**
 * What became of a partner's latest offer of a lead, for the owner deciding whom to offer it to
 * again: still waiting, declined, no answer in time, did not arrive (their e-mail refused it or the
 * text bounced), withdrawn by the business, taken back after they accepted (or handed back), or
 * ended another way (the lead was closed for a while, they were paused).
 */
export type TriedOutcome = 'waiting' | 'held' | 'declined' | 'no_answer' | 'undelivered' | 'withdrawn' | 'taken_back' | 'ended';

export interface Tried {
  outcome: TriedOutcome;
  /** The latest offer of this lead to them. */
  offer_id: string;
  /** When that offer was made (epoch ms). */
  offered_at: number;
}

export interface Suggestion {
  partner: Partner;
  /** When they were last offered any job (epoch ms), or null: the fairest first. */
  last_offered_at: number | null;
  region: string;
  service: string;
  /** Their latest offer of this lead and what became of it; null when they have not been tried. */
  tried: Tried | null;
}

/** What became of an offer, as a partner tried before is marked. */
export function triedOutcome(offer: Offer): TriedOutcome {
  switch (offer.state) {
    case 'open':
      return offer.expired ? 'no_answer' : 'waiting';
    case 'accepted':
      return 'held';
    case 'declined':
      return 'declined';
    case 'withdrawn':
      if (offer.accepted_at !== null) return 'taken_back';
      if (offer.end_reason === 'timed_out') return 'no_answer';
      if (offer.end_reason === 'undelivered') return 'undelivered';
      if (offer.end_reason === 'withdrawn') return 'withdrawn';
      return 'ended';
  }
}

/**
 * The partners the business can reach who cover a lead's region and service (urgent-rule.ts), least
 * recently offered first (never offered before anyone). Those already offered this lead are left
 * out unless `withTried`: then they follow the untried ones, each marked with what became of its
 * latest offer, so the owner can offer a lapsed or escalated lead again to any of them. Automatic
 * dispatch never goes back to a partner it has tried.
 */
export function* suggestPartners(
  lead: Pick<InboxLead, 'id' | 'city' | 'service_type'>,
  { withTried = false }: { withTried?: boolean } = {},
): Work<Suggestion[]> {
  const partners = (yield* listPartners()).filter((p) => reachable(p) && covers(p, lead));
  if (partners.length === 0) return [];
  const latest = new Map<string, Offer>();
  // Oldest first, so each partner's latest offer is the one kept.
  for (const offer of yield* offerRowsOfLead(lead.id)) latest.set(offer.partner_id, offer);
  const last = yield* lastOfferedAt();
  const region = regionOfCity(lead.city);
  const suggestions = partners.map((partner) => {
    const offer = latest.get(partner.id);
    const tried: Tried | null = offer ? { outcome: triedOutcome(offer), offer_id: offer.id, offered_at: offer.created_at } : null;
    return { partner, name: partner.name, last_offered_at: last.get(partner.id) ?? null, region, service: lead.service_type, tried };
  });
  return [...fairestFirst(suggestions.filter((s) => !s.tried)), ...(withTried ? fairestFirst(suggestions.filter((s) => s.tried)) : [])].map(
    ({ name: _name, ...suggestion }) => suggestion,
  );
}

/** An offer must be answered in time to be on site by the promise: an urgent job's accept-by never falls after its attend-by. */
const LEAST_ACCEPT_WINDOW_MS = 5 * 60_000;
function acceptWindowFor(lead: InboxLead, windowMs: number): number {
  const onSiteBy = attendBy(lead);
  if (!onSiteBy) return windowMs;
  // Never longer than the time left before the promise (but a few minutes at least, even when it has passed).
  return Math.min(windowMs, Math.max(LEAST_ACCEPT_WINDOW_MS, Date.parse(onSiteBy) - Date.now()));
}

export type OfferMade =
  { ok: true; offer: Offer; partner: Partner } | { ok: false; reason: 'no_lead' | 'closed' | 'no_partner' | 'taken' | 'too_many' | 'already' };

/**
 * Offers a lead to a partner, to be accepted within `acceptWithinMs` (the lead's default window when
 * not given; its accept-by: after it the
 * link takes nothing), and queues the offer's e-mail and, with `texts`, its text (each once: a job keyed by the offer), with a
 * line in the lead's timeline. Refused when the lead is quoted or closed, the job is held,
 * three offers already wait, or an offer to this partner still waits (for automatic dispatch: this
 * partner was offered it before).
 */
export function* makeOffer(
  leadId: string,
  partnerId: string,
  offeredBy: string | null,
  eventText: (partner: Partner) => string,
  acceptWithinMs?: number,
  { texts = false }: { texts?: boolean } = {},
): Work<OfferMade> {
  if (!(yield* holdLead(leadId))) return { ok: false, reason: 'no_lead' };
  const lead = yield* inboxLead(leadId);
  if (!lead) return { ok: false, reason: 'no_lead' };
  if (!openJobStatuses.includes(lead.status)) return { ok: false, reason: 'closed' };
  const partner = yield* partnerById(partnerId);
  if (!partner || partner.paused) return { ok: false, reason: 'no_partner' };
  const offers = yield* offerRowsOfLead(leadId);
  if (offers.some((o) => o.state === 'accepted')) return { ok: false, reason: 'taken' };
  // Automatic dispatch goes to each partner once; a person may offer the job again to a partner
  // tried before (a lapsed or escalated lead), but never while an offer to them still waits.
  const toPartner = offers.filter((o) => o.partner_id === partnerId);
  if (offeredBy === null ? toPartner.length > 0 : toPartner.some((o) => o.state === 'open' && !o.expired)) return { ok: false, reason: 'already' };
  if (offers.filter((o) => o.state === 'open' && !o.expired).length >= MAX_OPEN_OFFERS) return { ok: false, reason: 'too_many' };
  const offer = yield* insertOffer(leadId, partnerId, offeredBy, acceptWindowFor(lead, acceptWithinMs ?? acceptWindows[defaultAcceptWindow(lead.urgent)].ms));
  yield* enqueue({ purpose: 'offer', of: { offer: offer.id } });
  // A text as well, to a partner who takes them on a mobile: the e-mail alone does not wake anyone at night.
  if (texts && partner.sms && isNzMobile(partner.phone)) yield* enqueue({ purpose: 'offer', transport: 'sms', of: { offer: offer.id } });
  yield* addEvent(leadId, 'partner', offeredBy, eventText(partner));
  return { ok: true, offer, partner };
}

/**
 * Where an offer stands for the partner who holds its link:
 * - open: waiting for their answer (accept or decline), the customer not shown;
 * - held: they accepted and the job is not closed: the customer is shown;
 * - closed: they accepted, and the job was won or lost, 30 days passed, or they were removed;
 * - declined, withdrawn (ended by the business, the lead's status, or the partner's own), taken
 *   (another partner accepted), expired (the link's life ran out unanswered), gone (the lead was
 *   deleted).
 */
export type OfferStanding = 'open' | 'held' | 'closed' | 'declined' | 'withdrawn' | 'taken' | 'expired' | 'gone';

export interface OfferView {
  offer: Offer;
  partner: Partner;
  /** Undefined once the lead was deleted. */
  lead: InboxLead | undefined;
  standing: OfferStanding;
  /** Other partners this lead was offered to before this one accepted (they saw the job, not the customer). */
  alsoOffered: string[];
}

interface StandingFacts {
  offer: Offer;
  lead: Pick<InboxLead, 'status'> | undefined;
  partnerRemoved: boolean;
  /** When the partner was last taken off the list (epoch ms), even if added back since; null if never. */
  partnerLastRemovedAt: number | null;
  partnerPaused: boolean;
  /** The offer of this lead that is accepted, if any. */
  holderId: string | undefined;
}

/** The one rule for what an offer's link may do and show now. */
export function standingOf({ offer, lead, partnerRemoved: removedNow, partnerLastRemovedAt, partnerPaused, holderId }: StandingFacts): OfferStanding {
  if (!lead) return 'gone';
  // A partner added back starts with nothing: an offer made to them before their removal stays as if they were still removed.
  const partnerRemoved = removedNow || (partnerLastRemovedAt !== null && offer.created_at <= partnerLastRemovedAt);
  const takenByAnother = holderId !== undefined && holderId !== offer.id;
  switch (offer.state) {
    case 'accepted':
      return !partnerRemoved && !closedJobStatuses.includes(lead.status) && offer.now < (offer.answered_at ?? offer.created_at) + HELD_JOB_MS
        ? 'held'
        : 'closed';
    case 'declined':
      return 'declined';
    case 'withdrawn':
      return offer.end_reason === 'taken' || takenByAnother ? 'taken' : 'withdrawn';
    case 'open':
      if (takenByAnother) return 'taken';
      if (partnerRemoved || partnerPaused || !openJobStatuses.includes(lead.status)) return 'withdrawn';
      return offer.expired ? 'expired' : 'open';
  }
}

function* viewOf(offer: Offer | undefined): Work<OfferView | undefined> {
  if (!offer) return undefined;
  const facts = yield* offerFacts(offer);
  const standing = standingOf({ offer, ...facts, partnerPaused: facts.partner.paused });
  const alsoOffered = standing === 'held' ? yield* offeredBefore(offer) : [];
  return { offer, partner: facts.partner, lead: facts.lead, standing, alsoOffered };
}

export function* offerById(id: string): Work<OfferView | undefined> {
  return yield* viewOf(yield* offerRowById(id));
}

/** The offer a link's token opens, whatever its standing; undefined for a token nobody was sent. */
export function* offerByToken(tokenHash: string): Work<OfferView | undefined> {
  return yield* viewOf(yield* offerRowByToken(tokenHash));
}

/**
 * The offer as an e-mail about it describes it, with the link that e-mail carries, while the offer
 * stands as the e-mail needs (`wanted`: open for the offer itself, held for "You have the job") and
 * this worker holds the e-mail's claim (the outbox's fence); undefined when the claim was lost or
 * the offer no longer stands so (nothing is then sent). Each e-mail has its own link (`channel`),
 * so one never overwrites another's. The token is the one kept with the job when a send before
 * this one (cut off by a crash, perhaps after the e-mail left) made it, so every copy carries the
 * same working link; otherwise `mint` makes one, and its hash and the token are stored together.
 */
export function* armOffer(
  job: ClaimedJob,
  mint: () => string,
  hash: (token: string) => string,
  { channel = 'email', wanted = 'open' }: { channel?: string; wanted?: OfferStanding } = {},
): Work<{ view: OfferView; token: string } | undefined> {
  if (!job.offer_id) return undefined;
  const view = yield* offerById(job.offer_id);
  if (!view || view.standing !== wanted) return undefined;
  const token = job.secret ?? mint();
  if (!(yield* keepJobSecret(job, token))) return undefined;
  yield* keepOfferLink(job.offer_id, channel, hash(token));
  return { view, token };
}

/**
 * An offer whose e-mail the partner's mail server refused for good: the offer ends as not
 * delivered, the partner is skipped by dispatch until someone in the inbox clears it, and urgent
 * work goes on to the next on-call partner at once.
 */
export function* offerUndelivered(offerId: string, eventText: (partner: Partner) => string): Work<void> {
  const offer = yield* offerRowById(offerId);
  if (!offer) return;
  yield* markBounced(offer.partner_id);
  yield* offerEnded(offerId, 'undelivered', eventText);
}

/**
 * Ends one offer still waiting for an answer, for `reason`, with a line in its lead's timeline, and
 * sends urgent work on to the next on-call partner at once. Nothing when it no longer waits.
 */
export function* offerEnded(offerId: string, reason: 'undelivered', eventText: (partner: Partner) => string): Work<void> {
  const offer = yield* offerRowById(offerId);
  if (!offer?.lead_id || !(yield* holdLead(offer.lead_id))) return;
  if (!(yield* withdrawOfferRow(offerId, reason))) return;
  yield* addEvent(offer.lead_id, 'partner', null, eventText(yield* anyPartnerById(offer.partner_id)));
  yield* redispatch(offer.lead_id);
}

/**
 * Ends the offers still waiting for an answer, of one lead or of one partner, for `reason`, each
 * with a line in its lead's timeline; returns the leads whose offers ended. Urgent work goes on to
 * the next on-call partner at once (a dispatch job). Taking each lead's row first keeps it in turn
 * with an accept.
 */
export function* endOpenOffers(
  of: { leadId: string } | { partnerId: string },
  reason: Exclude<OfferEndReason, 'timed_out' | 'taken'>,
  eventText: (partner: Partner) => string,
): Work<string[]> {
  const leads = new Set<string>();
  for (const offer of yield* openOfferRows(of)) {
    if (!offer.lead_id || !(yield* holdLead(offer.lead_id))) continue;
    if (!(yield* withdrawOfferRow(offer.id, reason))) continue;
    yield* addEvent(offer.lead_id, 'partner', null, eventText(yield* anyPartnerById(offer.partner_id)));
    // A partner taken off the list is not written to again.
    if (reason !== 'partner_removed') yield* tellEnded(offer.id);
    leads.add(offer.lead_id);
  }
  for (const leadId of leads) yield* redispatch(leadId);
  return [...leads];
}

export type OfferWithdrawn = { ok: true; partner: Partner; held: boolean } | { ok: false; reason: 'missing' | 'answered' };

/**
 * Withdraws one offer of a lead, by someone in the inbox: one still waiting for an answer, or the job
 * a partner holds (who never turned up, say): their link then shows nothing of the customer, and the
 * job may be offered again. The record that they received the details stays (accepted_at).
 */
export function* withdrawOffer(leadId: string, offerId: string, by: string, eventText: (partner: Partner) => string): Work<OfferWithdrawn> {
  if (!(yield* holdLead(leadId))) return { ok: false, reason: 'missing' };
  const offer = yield* offerRowById(offerId);
  if (!offer || offer.lead_id !== leadId) return { ok: false, reason: 'missing' };
  const held = offer.state === 'accepted';
  if (!(yield* withdrawOfferRow(offerId, 'withdrawn', ['open', 'accepted']))) return { ok: false, reason: 'answered' };
  const partner = yield* anyPartnerById(offer.partner_id);
  yield* addEvent(leadId, 'partner', by, eventText(partner));
  yield* tellEnded(offerId);
  yield* redispatch(leadId);
  return { ok: true, partner, held };
}
