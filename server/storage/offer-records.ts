/**
 * Offers of leads to partners as rows, written once for both stores (steps.ts): reading them (with
 * the database's clock, so an offer's expiry is decided once), the facts their standing is judged
 * from, and each write an offer goes through. What those writes mean, and when each may happen, is
 * the dispatch rules' (server/dispatch/partner-offers.ts): this file only reads and writes. Every write to a
 * lead's offers is made after `holdLead`, so two instances deciding at once for one lead take turns;
 * the unique index on the holder backs it.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Partner } from '../../core/inbox-api/partners.ts';
import { offerEndNames } from '../../core/inbox-api/offers.ts';
import { all, one, run, NOW_MS, type Row, type Work } from './steps.ts';
import { inboxLead, type InboxLead } from './lead-work.ts';
import { PARTNER_ROWS, toPartner } from './partner-records.ts';
import { enqueue } from './job-queue.ts';

export const offerStates = ['open', 'accepted', 'declined', 'withdrawn'] as const;
/**
 * Why an offer stopped waiting without an answer: not accepted in time (automatic dispatch), taken
 * by another partner, its lead quoted or closed, its partner removed or paused, or withdrawn by
 * someone in the inbox.
 */
export type OfferEndReason = Exclude<(typeof offerEndNames)[number], ''>;

const nullableNumber = z.preprocess((v) => (v === null || v === undefined ? null : Number(v)), z.number().nullable());
/** Offers as every read takes them: with the database's clock, so an offer's expiry is decided once, by one clock (`expired`). */
export const OFFERS = `SELECT *, ${NOW_MS} AS db_now FROM partner_offers`;

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
    /** When the partner pressed "On my way", and by when they said they would be there. */
    on_way_at: nullableNumber,
    arrive_by: nullableNumber,
    /** When the partner pressed "Job done". */
    done_at: nullableNumber,
    /** Why the partner handed the job back ('' unless they did). */
    handed_back_reason: z.string().catch(''),
    accepted_at: nullableNumber,
    /** Where it was accepted: its page ('email') or a text reply ('sms'); empty while it is not. */
    accepted_via: z.enum(['', 'email', 'sms']).catch(''),
    db_now: z.coerce.number(),
  })
  .transform(({ db_now, ...offer }) => ({ ...offer, now: db_now, expired: offer.expires_at <= db_now }));
/** An offer as read, with the database's time of the reading (`now`) and whether its accept-by has passed unanswered. */
export type Offer = z.output<typeof offerRow>;

export const toOffer = (row: Row): Offer => offerRow.parse(row);

/** Takes the lead's row until the transaction ends; false when there is no such lead. */
export function* holdLead(leadId: string): Work<boolean> {
  return (yield* run('UPDATE leads SET priority = priority WHERE id = ?', leadId)) === 1;
}

export function* offerRowById(id: string): Work<Offer | undefined> {
  const row = yield* one(`${OFFERS} WHERE id = ?`, id);
  return row && toOffer(row);
}

/** The offer a link's token opens, whatever has happened to it since; undefined for a token nobody was sent. */
export function* offerRowByToken(tokenHash: string): Work<Offer | undefined> {
  const row = yield* one(`${OFFERS} WHERE id = (SELECT offer_id FROM offer_links WHERE token_hash = ?)`, tokenHash);
  return row && toOffer(row);
}

/** A partner as they are now, removed or not. */
export function* anyPartnerById(id: string): Work<Partner> {
  return toPartner((yield* one(`${PARTNER_ROWS} WHERE id = ?`, id))!);
}

/** What an offer's standing is judged from: its lead, its partner as they are now, and who holds the lead's job. */
export interface OfferFacts {
  partner: Partner;
  /** Undefined once the lead was deleted. */
  lead: InboxLead | undefined;
  partnerRemoved: boolean;
  /** When the partner was last taken off the list (epoch ms), even if added back since; null if never. */
  partnerLastRemovedAt: number | null;
  /** The offer of this lead that is accepted, if any. */
  holderId: string | undefined;
}

export function* offerFacts(offer: Offer): Work<OfferFacts> {
  const partnerRow = (yield* one(`${PARTNER_ROWS} WHERE id = ?`, offer.partner_id))!;
  const lead = offer.lead_id ? yield* inboxLead(offer.lead_id) : undefined;
  const holder = offer.lead_id ? yield* one("SELECT id FROM partner_offers WHERE lead_id = ? AND state = 'accepted'", offer.lead_id) : undefined;
  return {
    partner: toPartner(partnerRow),
    lead,
    partnerRemoved: partnerRow.removed_at !== null && partnerRow.removed_at !== undefined,
    partnerLastRemovedAt: partnerRow.last_removed_at === null || partnerRow.last_removed_at === undefined ? null : Number(partnerRow.last_removed_at),
    holderId: holder ? String(holder.id) : undefined,
  };
}

/** The partners a lead was offered to before `offer` was answered (or made), other than its own, oldest first. */
export function* offeredBefore(offer: Offer): Work<string[]> {
  if (!offer.lead_id) return [];
  return (yield* all(
    'SELECT p.name FROM partner_offers o JOIN partners p ON p.id = o.partner_id WHERE o.lead_id = ? AND o.id <> ? AND o.created_at <= ? ORDER BY o.created_at, o.id',
    offer.lead_id,
    offer.id,
    offer.answered_at ?? offer.created_at,
  )).map((r) => String(r.name));
}

/** Keeps a link of an offer by its token's hash, one per way it was sent (`channel`): a later one of the same way replaces it. */
export function* keepOfferLink(offerId: string, channel: string, tokenHash: string): Work<void> {
  yield* run(
    `INSERT INTO offer_links (offer_id, channel, token_hash, created_at) VALUES (?, ?, ?, ${NOW_MS})
     ON CONFLICT (offer_id, channel) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at`,
    offerId,
    channel,
    tokenHash,
  );
}

/** The ids of the partners this lead was offered to. */
export function* partnersOfferedLead(leadId: string): Work<Set<string>> {
  return new Set((yield* all('SELECT partner_id FROM partner_offers WHERE lead_id = ?', leadId)).map((r) => String(r.partner_id)));
}

/** A lead's offers, oldest first. */
export function* offerRowsOfLead(leadId: string): Work<Offer[]> {
  return (yield* all(`${OFFERS} WHERE lead_id = ? ORDER BY created_at, id`, leadId)).map(toOffer);
}

/** The offers still waiting for an answer, of one lead or of one partner (of leads not deleted), oldest first. */
export function* openOfferRows(of: { leadId: string } | { partnerId: string }): Work<Offer[]> {
  const rows =
    'leadId' in of
      ? yield* all(`${OFFERS} WHERE lead_id = ? AND state = 'open' ORDER BY created_at, id`, of.leadId)
      : yield* all(`${OFFERS} WHERE partner_id = ? AND state = 'open' AND lead_id IS NOT NULL ORDER BY created_at, id`, of.partnerId);
  return rows.map(toOffer);
}

/** A new offer, waiting for an answer for `windowMs` on the database's clock. */
export function* insertOffer(leadId: string, partnerId: string, offeredBy: string | null, windowMs: number): Work<Offer> {
  const row = yield* one(
    `INSERT INTO partner_offers (id, lead_id, partner_id, offered_by, automatic, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ${NOW_MS}, ${NOW_MS} + ?) RETURNING *, created_at AS db_now`,
    randomUUID(),
    leadId,
    partnerId,
    offeredBy,
    offeredBy === null,
    windowMs,
  );
  return toOffer(row!);
}

/** Ends an offer in one of `from` as withdrawn for `reason`; whether it did (it was still in one of them). */
export function* withdrawOfferRow(offerId: string, reason: OfferEndReason, from: readonly ('open' | 'accepted')[] = ['open']): Work<boolean> {
  const states = from.map((s) => `'${s}'`).join(', ');
  return (
    (yield* run(
      `UPDATE partner_offers SET state = 'withdrawn', answered_at = ${NOW_MS}, end_reason = ? WHERE id = ? AND state IN (${states})`,
      reason,
      offerId,
    )) > 0
  );
}

/** Accepts an offer still open, the way it came (`via`); whether it did. */
export function* acceptOfferRow(offerId: string, via: 'email' | 'sms'): Work<boolean> {
  return (
    (yield* run(
      `UPDATE partner_offers SET state = 'accepted', answered_at = ${NOW_MS}, accepted_at = ${NOW_MS}, accepted_via = ? WHERE id = ? AND state = 'open'`,
      via,
      offerId,
    )) > 0
  );
}

/** Declines an offer still open, with the partner's reason; whether it did. */
export function* declineOfferRow(offerId: string, reason: string): Work<boolean> {
  return (
    (yield* run(`UPDATE partner_offers SET state = 'declined', answered_at = ${NOW_MS}, decline_reason = ? WHERE id = ? AND state = 'open'`, reason, offerId)) >
    0
  );
}

/** The marks a partner sets on a job they hold. */
export type JobMark = 'on_site_at' | 'quote_sent_at';

/** "On my way": recorded once, with the time they said they would arrive by (`withinMs` from now); whether it did. */
export function* setOnWay(offerId: string, withinMs: number): Work<boolean> {
  return (
    (yield* run(
      `UPDATE partner_offers SET on_way_at = ${NOW_MS}, arrive_by = ${NOW_MS} + ? WHERE id = ? AND state = 'accepted' AND on_way_at IS NULL AND on_site_at IS NULL AND done_at IS NULL`,
      withinMs,
      offerId,
    )) > 0
  );
}

/** "Job done": recorded once; a job done was attended, so "On site" is set with it when it was not pressed. Whether it did. */
export function* setDone(offerId: string): Work<boolean> {
  return (
    (yield* run(
      `UPDATE partner_offers SET done_at = ${NOW_MS}, on_site_at = COALESCE(on_site_at, ${NOW_MS}) WHERE id = ? AND state = 'accepted' AND done_at IS NULL`,
      offerId,
    )) > 0
  );
}

/**
 * A held job handed back by its partner, with their reason: it ends as withdrawn ('handed_back'), so
 * its links show nothing of the customer from now on; accepted_at stays (they did commit, and saw the
 * details). Whether it did (it was still held and not done).
 */
export function* handBackRow(offerId: string, reason: string): Work<boolean> {
  return (
    (yield* run(
      `UPDATE partner_offers SET state = 'withdrawn', answered_at = ${NOW_MS}, end_reason = 'handed_back', handed_back_reason = ?
       WHERE id = ? AND state = 'accepted' AND done_at IS NULL`,
      reason,
      offerId,
    )) > 0
  );
}

/** Sets a mark once (the first time counts); whether it did. */
export function* setJobMark(offerId: string, mark: JobMark): Work<boolean> {
  return (yield* run(`UPDATE partner_offers SET ${mark} = ${NOW_MS} WHERE id = ? AND ${mark} IS NULL`, offerId)) > 0;
}

/** Clears a mark set within the last `withinMs`; whether it did. */
export function* clearJobMark(offerId: string, mark: JobMark, withinMs: number): Work<boolean> {
  return (yield* run(`UPDATE partner_offers SET ${mark} = NULL WHERE id = ? AND ${mark} > ${NOW_MS} - ?`, offerId, withinMs)) > 0;
}

/** Marks the partner's address as refusing mail (kept from the first refusal). */
export function* markBounced(partnerId: string): Work<void> {
  yield* run(`UPDATE partners SET bounced_at = ${NOW_MS} WHERE id = ? AND bounced_at IS NULL`, partnerId);
}

/** Whether an offer's own e-mail reached its partner. */
export function* offerMailDelivered(offerId: string): Work<boolean> {
  return Boolean(yield* one("SELECT 1 AS yes FROM outbox WHERE purpose = 'offer' AND offer_id = ? AND status = 'done'", offerId));
}

/**
 * Tells a partner that an offer they were sent has ended without them (another partner took it,
 * its time ran out, it was withdrawn or the job closed): one short e-mail, only if the offer's own
 * e-mail reached them.
 */
export function* tellEnded(offerId: string): Work<void> {
  if (yield* offerMailDelivered(offerId)) yield* enqueue({ purpose: 'ended', of: { offer: offerId } });
}

export interface Holder {
  name: string;
  phone: string;
  accepted_at: number;
  on_site_at: number | null;
  quote_sent_at: number | null;
  on_way_at: number | null;
  arrive_by: number | null;
  done_at: number | null;
}

/** The partner who holds each of these leads' jobs, by lead: one query for a page of the list. */
export function* holdersOf(leadIds: readonly string[]): Work<Map<string, Holder>> {
  if (leadIds.length === 0) return new Map();
  const rows = yield* all(
    `SELECT o.lead_id, p.name, p.phone, COALESCE(o.accepted_at, o.answered_at) AS accepted_at, o.on_site_at, o.quote_sent_at, o.on_way_at, o.arrive_by, o.done_at
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
        on_way_at: time(r.on_way_at),
        arrive_by: time(r.arrive_by),
        done_at: time(r.done_at),
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
