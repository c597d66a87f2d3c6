/**
 * Offers of a lead to partners, written once for both stores (steps.ts): who matches a lead, making
 * an offer (with its e-mail queued in the outbox), the link's token set when that e-mail is sent,
 * the partner's answers, and the ways an offer ends. Every change to a lead's offers first takes the
 * lead's row (a no-op UPDATE), so two instances deciding at once for the same lead take turns: the
 * first accept wins and the later one reads that the job is taken; the unique index on the holder
 * backs it.
 *
 * What a link may show is decided in one place, `standingOf`, from the offer, its lead and its
 * partner as they are now: an offer whose lead was closed or whose partner was removed shows nothing
 * of the customer even if a write that should have ended it never happened.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Partner } from '../../core/inbox-api/partners.ts';
import { closedJobStatuses, openJobStatuses, type LeadStatus } from '../../core/lead/status.ts';
import { business } from '../../core/business.ts';
import { attendBy } from '../../core/lead/response-targets.ts';
import { acceptWindows, DEFAULT_ACCEPT_WINDOW, offerEndNames } from '../../core/inbox-api/offers.ts';
import { regionOfCity } from '../../core/partner/kinds.ts';
import { isNzMobile } from '../../core/partner/nz-mobile.ts';
import { all, one, run, NOW_MS, type Row, type Work } from './steps.ts';
import { addEvent, changeStatus, inboxLead, type InboxLead } from './lead-work.ts';
import { listPartners, PARTNER_ROWS, toPartner } from './partner-records.ts';
import { keepJobSecret } from './outbox-jobs.ts';
import { enqueue, redispatch } from './job-queue.ts';
import type { ClaimedJob } from './types.ts';
import { DAY_MS } from '../../core/nz-time.ts';

export const offerStates = ['open', 'accepted', 'declined', 'withdrawn'] as const;
/**
 * Why an offer stopped waiting without an answer: not accepted in time (automatic dispatch), taken
 * by another partner, its lead quoted or closed, its partner removed or paused, or withdrawn by
 * someone in the inbox.
 */
export type OfferEndReason = Exclude<(typeof offerEndNames)[number], ''>;
/** How long an accepted job's link shows the customer at most, when the lead is not won or lost sooner. */
export const HELD_JOB_MS = business.heldJobDays * DAY_MS;
/** At most this many offers of one lead wait for an answer at once. */
export const MAX_OPEN_OFFERS = 3;

const nullableNumber = z.preprocess((v) => (v === null || v === undefined ? null : Number(v)), z.number().nullable());
/** Offers as every read takes them: with the database's clock, so an offer's expiry is decided once, by one clock (`expired`). */
const OFFERS = `SELECT *, ${NOW_MS} AS db_now FROM partner_offers`;

const offerRow = z
  .object({
    id: z.string(),
    lead_id: z.string().nullable(),
    partner_id: z.string(),
    state: z.enum(offerStates),
    /** Who offered it by hand; null when dispatch did. */
    offered_by: z.string().nullable(),
    /** Whether dispatch made the offer (rather than someone in the inbox). */
    automatic: z.preprocess((v) => Boolean(Number(v)), z.boolean()),
    created_at: z.coerce.number(),
    expires_at: z.coerce.number(),
    answered_at: nullableNumber,
    decline_reason: z.string(),
    end_reason: z.enum(offerEndNames),
    on_site_at: nullableNumber,
    quote_sent_at: nullableNumber,
    accepted_at: nullableNumber,
    /** Where it was accepted: its page ('email') or a text reply ('sms'); empty while it is not. */
    accepted_via: z.enum(['', 'email', 'sms']).catch(''),
    db_now: z.coerce.number(),
  })
  .transform(({ db_now, ...offer }) => ({ ...offer, now: db_now, expired: offer.expires_at <= db_now }));
/** An offer as read, with the database's time of the reading (`now`) and whether its accept-by has passed unanswered. */
export type Offer = z.output<typeof offerRow>;

const toOffer = (row: Row): Offer => offerRow.parse(row);

/** Takes the lead's row until the transaction ends; false when there is no such lead. */
export function* holdLead(leadId: string): Work<boolean> {
  return (yield* run('UPDATE leads SET priority = priority WHERE id = ?', leadId)) === 1;
}

export interface Suggestion {
  partner: Partner;
  /** When they were last offered any job (epoch ms), or null: the fairest first. */
  last_offered_at: number | null;
  region: string;
  service: string;
}

/**
 * The partners who cover a lead's region and service, paused ones, those whose address bounced and
 * those already offered this lead left out, least recently offered first (never offered before anyone).
 */
export function* suggestPartners(lead: Pick<InboxLead, 'id' | 'city' | 'service_type'>): Work<Suggestion[]> {
  const region = regionOfCity(lead.city);
  const partners = (yield* listPartners()).filter((p) => !p.paused && p.regions.includes(region) && p.services.some((s) => s === lead.service_type));
  if (partners.length === 0) return [];
  const offered = new Set((yield* all('SELECT partner_id FROM partner_offers WHERE lead_id = ?', lead.id)).map((r) => String(r.partner_id)));
  // A partner whose address refused an offer is left out until someone clears it.
  for (const r of yield* all('SELECT id FROM partners WHERE bounced_at IS NOT NULL')) offered.add(String(r.id));
  const last = new Map(
    (yield* all('SELECT partner_id, MAX(created_at) AS at FROM partner_offers GROUP BY partner_id')).map((r) => [String(r.partner_id), Number(r.at)]),
  );
  return partners
    .filter((p) => !offered.has(p.id))
    .map((partner) => ({ partner, last_offered_at: last.get(partner.id) ?? null, region, service: lead.service_type }))
    .sort((a, b) => (a.last_offered_at ?? 0) - (b.last_offered_at ?? 0) || a.partner.name.localeCompare(b.partner.name));
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
 * Offers a lead to a partner, to be accepted within `acceptWithinMs` (its accept-by: after it the
 * link takes nothing), and queues the offer's e-mail and, with `texts`, its text (each once: a job keyed by the offer), with a
 * line in the lead's timeline. Refused when the lead is quoted or closed, the job is held,
 * three offers already wait, or this partner was offered it before.
 */
export function* makeOffer(
  leadId: string,
  partnerId: string,
  offeredBy: string | null,
  eventText: (partner: Partner) => string,
  acceptWithinMs: number = acceptWindows[DEFAULT_ACCEPT_WINDOW].ms,
  { texts = false }: { texts?: boolean } = {},
): Work<OfferMade> {
  if (!(yield* holdLead(leadId))) return { ok: false, reason: 'no_lead' };
  const status = (yield* one('SELECT status FROM leads WHERE id = ?', leadId))!.status;
  if (!openJobStatuses.some((s) => s === status)) return { ok: false, reason: 'closed' };
  const lead = yield* inboxLead(leadId);
  const partnerRow = yield* one(`${PARTNER_ROWS} WHERE id = ? AND removed_at IS NULL AND paused = FALSE`, partnerId);
  if (!partnerRow) return { ok: false, reason: 'no_partner' };
  const partner = toPartner(partnerRow);
  const offers = (yield* all(`${OFFERS} WHERE lead_id = ?`, leadId)).map(toOffer);
  if (offers.some((o) => o.state === 'accepted')) return { ok: false, reason: 'taken' };
  if (offers.some((o) => o.partner_id === partnerId)) return { ok: false, reason: 'already' };
  if (offers.filter((o) => o.state === 'open' && !o.expired).length >= MAX_OPEN_OFFERS) return { ok: false, reason: 'too_many' };
  const row = yield* one(
    `INSERT INTO partner_offers (id, lead_id, partner_id, offered_by, automatic, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ${NOW_MS}, ${NOW_MS} + ?) RETURNING *, created_at AS db_now`,
    randomUUID(),
    leadId,
    partnerId,
    offeredBy,
    offeredBy === null,
    acceptWindowFor(lead!, acceptWithinMs),
  );
  const offer = toOffer(row!);
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

function* viewOf(row: Row | undefined): Work<OfferView | undefined> {
  if (!row) return undefined;
  const offer = toOffer(row);
  const partnerRow = (yield* one(`${PARTNER_ROWS} WHERE id = ?`, offer.partner_id))!;
  const lead = offer.lead_id ? yield* inboxLead(offer.lead_id) : undefined;
  const holder = offer.lead_id ? yield* one("SELECT id FROM partner_offers WHERE lead_id = ? AND state = 'accepted'", offer.lead_id) : undefined;
  const standing = standingOf({
    offer,
    lead,
    partnerRemoved: partnerRow.removed_at !== null && partnerRow.removed_at !== undefined,
    partnerLastRemovedAt: partnerRow.last_removed_at === null || partnerRow.last_removed_at === undefined ? null : Number(partnerRow.last_removed_at),
    partnerPaused: Boolean(Number(partnerRow.paused)),
    holderId: holder ? String(holder.id) : undefined,
  });
  const alsoOffered =
    standing === 'held' && offer.lead_id
      ? (yield* all(
          'SELECT p.name FROM partner_offers o JOIN partners p ON p.id = o.partner_id WHERE o.lead_id = ? AND o.id <> ? AND o.created_at <= ? ORDER BY o.created_at, o.id',
          offer.lead_id,
          offer.id,
          offer.answered_at ?? offer.created_at,
        )).map((r) => String(r.name))
      : [];
  return { offer, partner: toPartner(partnerRow), lead, standing, alsoOffered };
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
  const view = yield* viewOf(yield* one(`${OFFERS} WHERE id = ?`, job.offer_id));
  if (!view || view.standing !== wanted) return undefined;
  const token = job.secret ?? mint();
  if (!(yield* keepJobSecret(job, token))) return undefined;
  yield* run(
    `INSERT INTO offer_links (offer_id, channel, token_hash, created_at) VALUES (?, ?, ?, ${NOW_MS})
     ON CONFLICT (offer_id, channel) DO UPDATE SET token_hash = excluded.token_hash`,
    job.offer_id,
    channel,
    hash(token),
  );
  return { view, token };
}

/**
 * Tells a partner that an offer they were sent has ended without them (another partner took it,
 * its time ran out, it was withdrawn or the job closed): one short e-mail, only if the offer's own
 * e-mail reached them.
 */
export function* tellEnded(offerId: string): Work<void> {
  if (yield* one("SELECT 1 AS yes FROM outbox WHERE purpose = 'offer' AND offer_id = ? AND status = 'done'", offerId))
    yield* enqueue({ purpose: 'ended', of: { offer: offerId } });
}

/**
 * An offer whose e-mail the partner's mail server refused for good: the offer ends as not
 * delivered, the partner is skipped by dispatch until someone in the inbox clears it, and urgent
 * work goes on to the next on-call partner at once.
 */
export function* offerUndelivered(offerId: string, eventText: (partner: Partner) => string): Work<void> {
  const row = yield* one(`${OFFERS} WHERE id = ?`, offerId);
  if (!row) return;
  yield* run(`UPDATE partners SET bounced_at = ${NOW_MS} WHERE id = ? AND bounced_at IS NULL`, toOffer(row).partner_id);
  yield* offerEnded(offerId, 'undelivered', eventText);
}

/**
 * Ends one offer still waiting for an answer, for `reason`, with a line in its lead's timeline, and
 * sends urgent work on to the next on-call partner at once. Nothing when it no longer waits.
 */
export function* offerEnded(offerId: string, reason: 'undelivered', eventText: (partner: Partner) => string): Work<void> {
  const row = yield* one(`${OFFERS} WHERE id = ?`, offerId);
  if (!row) return;
  const offer = toOffer(row);
  if (!offer.lead_id || !(yield* holdLead(offer.lead_id))) return;
  const ended = yield* run(
    `UPDATE partner_offers SET state = 'withdrawn', answered_at = ${NOW_MS}, end_reason = ? WHERE id = ? AND state = 'open'`,
    reason,
    offerId,
  );
  if (!ended) return;
  yield* addEvent(offer.lead_id, 'partner', null, eventText(toPartner((yield* one(`${PARTNER_ROWS} WHERE id = ?`, offer.partner_id))!)));
  yield* redispatch(offer.lead_id);
}

export function* offerById(id: string): Work<OfferView | undefined> {
  return yield* viewOf(yield* one(`${OFFERS} WHERE id = ?`, id));
}

/** The offer a link's token opens, whatever its standing; undefined for a token nobody was sent. */
export function* offerByToken(tokenHash: string): Work<OfferView | undefined> {
  return yield* viewOf(yield* one(`${OFFERS} WHERE id = (SELECT offer_id FROM offer_links WHERE token_hash = ?)`, tokenHash));
}

export type PartnerAnswer =
  | { action: 'accept' }
  | { action: 'decline'; reason: string }
  | { action: 'on_site' }
  | { action: 'quote_sent' }
  | { action: 'undo_on_site' }
  | { action: 'undo_quote_sent' };

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
  const view = (yield* offerByToken(tokenHash))!;
  const { offer, standing, partner } = view;
  const leadId = offer.lead_id!;
  let changed = 0;
  if (answer.action === 'accept' && standing === 'open') {
    changed = yield* run(
      `UPDATE partner_offers SET state = 'accepted', answered_at = ${NOW_MS}, accepted_at = ${NOW_MS}, accepted_via = ? WHERE id = ? AND state = 'open'`,
      via,
      offer.id,
    );
    if (changed) {
      const others = yield* all("SELECT id FROM partner_offers WHERE lead_id = ? AND state = 'open'", leadId);
      yield* run(`UPDATE partner_offers SET state = 'withdrawn', answered_at = ${NOW_MS}, end_reason = 'taken' WHERE lead_id = ? AND state = 'open'`, leadId);
      for (const other of others) yield* tellEnded(String(other.id));
      yield* enqueue({ purpose: 'accepted', of: { offer: offer.id } });
      if (via === 'sms') yield* enqueue({ purpose: 'accepted', transport: 'sms', of: { offer: offer.id } });
      if (introduce) yield* enqueue({ purpose: 'introduced', of: { offer: offer.id } });
    }
  } else if (answer.action === 'decline' && standing === 'open') {
    changed = yield* run(
      `UPDATE partner_offers SET state = 'declined', answered_at = ${NOW_MS}, decline_reason = ? WHERE id = ? AND state = 'open'`,
      answer.reason,
      offer.id,
    );
  } else if (answer.action === 'on_site' && standing === 'held') {
    changed = yield* run(`UPDATE partner_offers SET on_site_at = ${NOW_MS} WHERE id = ? AND on_site_at IS NULL`, offer.id);
  } else if (answer.action === 'quote_sent' && standing === 'held') {
    changed = yield* run(`UPDATE partner_offers SET quote_sent_at = ${NOW_MS} WHERE id = ? AND quote_sent_at IS NULL`, offer.id);
  } else if (answer.action === 'undo_on_site' && standing === 'held') {
    changed = yield* run(`UPDATE partner_offers SET on_site_at = NULL WHERE id = ? AND on_site_at > ${NOW_MS} - ?`, offer.id, UNDO_WITHIN_MS);
  } else if (answer.action === 'undo_quote_sent' && standing === 'held') {
    changed = yield* run(`UPDATE partner_offers SET quote_sent_at = NULL WHERE id = ? AND quote_sent_at > ${NOW_MS} - ?`, offer.id, UNDO_WITHIN_MS);
  }
  if (changed) {
    yield* addEvent(leadId, 'partner', null, words.answered(partner, answer));
    if (answer.action === 'accept') yield* moveLead(leadId, partner, 'contacted', ['new'], words);
    if (answer.action === 'quote_sent') yield* moveLead(leadId, partner, 'quoted', openJobStatuses, words);
    if (answer.action === 'undo_quote_sent') yield* moveLead(leadId, partner, 'contacted', ['quoted'], words);
    // A decline sends urgent work on to the next on-call partner now, not at the next check.
    if (answer.action === 'decline') yield* redispatch(leadId);
  }
  return { view: yield* offerByToken(tokenHash), changed: changed > 0 };
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
  const rows =
    'leadId' in of
      ? yield* all(`${OFFERS} WHERE lead_id = ? AND state = 'open' ORDER BY created_at, id`, of.leadId)
      : yield* all(`${OFFERS} WHERE partner_id = ? AND state = 'open' AND lead_id IS NOT NULL ORDER BY created_at, id`, of.partnerId);
  const leads = new Set<string>();
  for (const offer of rows.map(toOffer)) {
    if (!offer.lead_id || !(yield* holdLead(offer.lead_id))) continue;
    const changed = yield* run(
      `UPDATE partner_offers SET state = 'withdrawn', answered_at = ${NOW_MS}, end_reason = ? WHERE id = ? AND state = 'open'`,
      reason,
      offer.id,
    );
    if (!changed) continue;
    const partner = toPartner((yield* one(`${PARTNER_ROWS} WHERE id = ?`, offer.partner_id))!);
    yield* addEvent(offer.lead_id, 'partner', null, eventText(partner));
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
  const row = yield* one('SELECT * FROM partner_offers WHERE id = ? AND lead_id = ?', offerId, leadId);
  if (!row) return { ok: false, reason: 'missing' };
  const held = row.state === 'accepted';
  const changed = yield* run(
    `UPDATE partner_offers SET state = 'withdrawn', answered_at = ${NOW_MS}, end_reason = 'withdrawn' WHERE id = ? AND state IN ('open', 'accepted')`,
    offerId,
  );
  if (!changed) return { ok: false, reason: 'answered' };
  const partner = toPartner((yield* one(`${PARTNER_ROWS} WHERE id = ?`, String(row.partner_id)))!);
  yield* addEvent(leadId, 'partner', by, eventText(partner));
  yield* tellEnded(offerId);
  yield* redispatch(leadId);
  return { ok: true, partner, held };
}

export interface Holder {
  name: string;
  phone: string;
  accepted_at: number;
  on_site_at: number | null;
  quote_sent_at: number | null;
}

/** The partner who holds each of these leads' jobs, by lead: one query for a page of the list. */
export function* holdersOf(leadIds: readonly string[]): Work<Map<string, Holder>> {
  if (leadIds.length === 0) return new Map();
  const rows = yield* all(
    `SELECT o.lead_id, p.name, p.phone, COALESCE(o.accepted_at, o.answered_at) AS accepted_at, o.on_site_at, o.quote_sent_at
     FROM partner_offers o JOIN partners p ON p.id = o.partner_id WHERE o.state = 'accepted' AND o.lead_id IN (${leadIds.map(() => '?').join(', ')})`,
    ...leadIds,
  );
  const time = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return new Map(
    rows.map((r) => [
      String(r.lead_id),
      {
        name: String(r.name),
        phone: String(r.phone ?? ''),
        accepted_at: Number(r.accepted_at),
        on_site_at: time(r.on_site_at),
        quote_sent_at: time(r.quote_sent_at),
      },
    ]),
  );
}

/** A lead's offers with their partners, oldest first: the lead's page and a person's export. */
export function* offersOfLead(leadId: string): Work<{ offer: Offer; partner: Partner }[]> {
  const rows = yield* all(`${OFFERS} WHERE lead_id = ? ORDER BY created_at, id`, leadId);
  const partners = new Map((yield* all(`${PARTNER_ROWS}`)).map((r) => [String(r.id), toPartner(r)]));
  return rows.map(toOffer).map((offer) => ({ offer, partner: partners.get(offer.partner_id)! }));
}

/**
 * Who received the customer's details of these leads: every partner who accepted, and when. The
 * acceptance's time stays when a job is taken back, and a removed partner keeps its row, so none
 * drops out.
 */
export function* disclosuresOf(leadIds: readonly string[]): Work<{ lead_id: string; name: string; email: string; at: number }[]> {
  const found = [];
  for (const leadId of leadIds)
    for (const { offer, partner } of yield* offersOfLead(leadId))
      if (offer.accepted_at !== null) found.push({ lead_id: leadId, name: partner.name, email: partner.email, at: offer.accepted_at });
  return found;
}
