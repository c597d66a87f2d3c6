/**
 * Offers of a lead to partners, written once for both stores (steps.ts): who matches a lead, making
 * an offer (with its e-mail queued in the outbox), the link's token set when that e-mail is sent,
 * and the partner's answers. Every change to a lead's offers first takes the lead's row (a no-op
 * UPDATE), so two instances deciding at once for the same lead take turns: the first accept wins
 * and the later one reads that the job is taken; the unique index on the holder backs it.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Partner } from '../../core/inbox-api/partners.ts';
import { regionOfCity } from '../../core/partner/kinds.ts';
import { all, one, run, NOW_MS, type Row, type Work } from './steps.ts';
import { addEvent, inboxLead, type InboxLead } from './lead-work.ts';
import { listPartners, toPartner } from './partner-records.ts';
import type { ClaimedJob } from './types.ts';

export const offerStates = ['open', 'accepted', 'declined', 'withdrawn'] as const;
/** How long an offer's link works. */
export const OFFER_VALID_MS = 14 * 86_400_000;
/** At most this many offers of one lead wait for an answer at once. */
export const MAX_OPEN_OFFERS = 3;

const nullableNumber = z.preprocess((v) => (v === null || v === undefined ? null : Number(v)), z.number().nullable());
const offerRow = z.object({
  id: z.string(),
  lead_id: z.string().nullable(),
  partner_id: z.string(),
  state: z.enum(offerStates),
  offered_by: z.string().nullable(),
  created_at: z.coerce.number(),
  expires_at: z.coerce.number(),
  answered_at: nullableNumber,
  decline_reason: z.string(),
  on_site_at: nullableNumber,
  quote_sent_at: nullableNumber,
});
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
 * The partners who cover a lead's region and service, paused ones and those already offered this
 * lead left out, least recently offered first (never offered before anyone).
 */
export function* suggestPartners(lead: Pick<InboxLead, 'id' | 'city' | 'service_type'>): Work<Suggestion[]> {
  const region = regionOfCity(lead.city);
  const partners = (yield* listPartners()).filter((p) => !p.paused && p.regions.includes(region) && p.services.some((s) => s === lead.service_type));
  if (partners.length === 0) return [];
  const offered = new Set((yield* all('SELECT partner_id FROM partner_offers WHERE lead_id = ?', lead.id)).map((r) => String(r.partner_id)));
  const last = new Map(
    (yield* all('SELECT partner_id, MAX(created_at) AS at FROM partner_offers GROUP BY partner_id')).map((r) => [String(r.partner_id), Number(r.at)]),
  );
  return partners
    .filter((p) => !offered.has(p.id))
    .map((partner) => ({ partner, last_offered_at: last.get(partner.id) ?? null, region, service: lead.service_type }))
    .sort((a, b) => (a.last_offered_at ?? 0) - (b.last_offered_at ?? 0) || a.partner.name.localeCompare(b.partner.name));
}

export type OfferMade = { ok: true; offer: Offer; partner: Partner } | { ok: false; reason: 'no_lead' | 'no_partner' | 'taken' | 'too_many' | 'already' };

/**
 * Offers a lead to a partner and queues the offer's e-mail (once: its job is keyed by the offer),
 * with a line in the lead's timeline. Refused when the job is held, three offers already wait, or
 * this partner was offered it before.
 */
export function* makeOffer(leadId: string, partnerId: string, offeredBy: string | null, eventText: (partner: Partner) => string): Work<OfferMade> {
  if (!(yield* holdLead(leadId))) return { ok: false, reason: 'no_lead' };
  const partnerRow = yield* one('SELECT * FROM partners WHERE id = ? AND removed_at IS NULL AND paused = FALSE', partnerId);
  if (!partnerRow) return { ok: false, reason: 'no_partner' };
  const partner = toPartner(partnerRow);
  const offers = (yield* all(`SELECT *, CASE WHEN expires_at > ${NOW_MS} THEN 1 ELSE 0 END AS live FROM partner_offers WHERE lead_id = ?`, leadId)).map(
    (r) => ({
      ...toOffer(r),
      live: Number(r.live) === 1,
    }),
  );
  if (offers.some((o) => o.state === 'accepted')) return { ok: false, reason: 'taken' };
  if (offers.some((o) => o.partner_id === partnerId)) return { ok: false, reason: 'already' };
  if (offers.filter((o) => o.state === 'open' && o.live).length >= MAX_OPEN_OFFERS) return { ok: false, reason: 'too_many' };
  const row = yield* one(
    `INSERT INTO partner_offers (id, lead_id, partner_id, offered_by, created_at, expires_at) VALUES (?, ?, ?, ?, ${NOW_MS}, ${NOW_MS} + ?) RETURNING *`,
    randomUUID(),
    leadId,
    partnerId,
    offeredBy,
    OFFER_VALID_MS,
  );
  const offer = toOffer(row!);
  yield* run(`INSERT INTO outbox (id, lead_id, channel, next_attempt_at, about) VALUES (?, NULL, 'offer', ${NOW_MS}, ?)`, randomUUID(), offer.id);
  yield* addEvent(leadId, 'partner', offeredBy, eventText(partner));
  return { ok: true, offer, partner };
}

export interface OfferView {
  offer: Offer;
  partner: Partner;
  /** Undefined once the lead was deleted. */
  lead: InboxLead | undefined;
  /** Whether another partner holds the job. */
  taken: boolean;
  expired: boolean;
}

function* viewOf(row: Row | undefined): Work<OfferView | undefined> {
  if (!row) return undefined;
  const offer = toOffer(row);
  const partnerRow = yield* one('SELECT * FROM partners WHERE id = ?', offer.partner_id);
  const lead = offer.lead_id ? yield* inboxLead(offer.lead_id) : undefined;
  const holder = offer.lead_id ? yield* one("SELECT id FROM partner_offers WHERE lead_id = ? AND state = 'accepted'", offer.lead_id) : undefined;
  return { offer, partner: toPartner(partnerRow!), lead, taken: holder !== undefined && holder.id !== offer.id, expired: Number(row.expired) === 1 };
}

const OFFER_WITH_CLOCK = `SELECT *, CASE WHEN expires_at <= ${NOW_MS} THEN 1 ELSE 0 END AS expired FROM partner_offers`;

/**
 * Sets the hash of the offer's link as its e-mail is sent, only while this worker holds the
 * e-mail's claim (the outbox's fence); the offer as the e-mail describes it, or undefined when the
 * claim was lost or the offer no longer waits (nothing is then sent).
 */
export function* armOffer(job: ClaimedJob, tokenHash: string): Work<OfferView | undefined> {
  const changed = yield* run(
    `UPDATE partner_offers SET token_hash = ? WHERE id = ? AND state = 'open' AND lead_id IS NOT NULL
     AND EXISTS (SELECT 1 FROM outbox WHERE id = ? AND claim_token = ? AND status = 'pending')`,
    tokenHash,
    job.about,
    job.id,
    job.claim,
  );
  if (changed !== 1) return undefined;
  return yield* viewOf(yield* one(`${OFFER_WITH_CLOCK} WHERE id = ?`, job.about));
}

export function* offerById(id: string): Work<OfferView | undefined> {
  return yield* viewOf(yield* one(`${OFFER_WITH_CLOCK} WHERE id = ?`, id));
}

/** The offer a link's token opens, whatever its state; undefined for a token nobody was sent. */
export function* offerByToken(tokenHash: string): Work<OfferView | undefined> {
  return yield* viewOf(yield* one(`${OFFER_WITH_CLOCK} WHERE token_hash = ?`, tokenHash));
}

export type PartnerAnswer = { action: 'accept' } | { action: 'decline'; reason: string } | { action: 'on_site' } | { action: 'quote_sent' };

/**
 * A partner's answer through their link: accepting (first wins), declining with a reason, or, once
 * theirs, "On site" and "Quote sent" (each recorded once). The offer as it now stands, and whether
 * this answer changed anything; the caller shows the page either way. An acceptance queues the
 * customer's details to the partner and, when `introduce`, the customer's e-mail naming the
 * partner: both keyed by the offer, so each goes once.
 */
export function* answerOffer(
  tokenHash: string,
  answer: PartnerAnswer,
  eventText: (partner: Partner, answer: PartnerAnswer) => string,
  introduce = false,
): Work<{ view: OfferView | undefined; changed: boolean }> {
  const found = yield* offerByToken(tokenHash);
  if (!found?.lead || !(yield* holdLead(found.lead.id))) return { view: found, changed: false };
  // Read again now the lead is held: another instance may have answered in between.
  const view = (yield* offerByToken(tokenHash))!;
  const { offer } = view;
  let changed = 0;
  if (answer.action === 'accept' && offer.state === 'open' && !view.taken && !view.expired) {
    changed = yield* run(`UPDATE partner_offers SET state = 'accepted', answered_at = ${NOW_MS} WHERE id = ? AND state = 'open'`, offer.id);
    if (changed) {
      yield* run(`UPDATE partner_offers SET state = 'withdrawn', answered_at = ${NOW_MS} WHERE lead_id = ? AND state = 'open'`, offer.lead_id);
      yield* run(`INSERT INTO outbox (id, lead_id, channel, next_attempt_at, about) VALUES (?, NULL, 'accepted', ${NOW_MS}, ?)`, randomUUID(), offer.id);
      if (introduce)
        yield* run(`INSERT INTO outbox (id, lead_id, channel, next_attempt_at, about) VALUES (?, NULL, 'introduced', ${NOW_MS}, ?)`, randomUUID(), offer.id);
    }
  } else if (answer.action === 'decline' && offer.state === 'open' && !view.expired) {
    changed = yield* run(
      `UPDATE partner_offers SET state = 'declined', answered_at = ${NOW_MS}, decline_reason = ? WHERE id = ? AND state = 'open'`,
      answer.reason,
      offer.id,
    );
  } else if (answer.action === 'on_site' && offer.state === 'accepted') {
    changed = yield* run(`UPDATE partner_offers SET on_site_at = ${NOW_MS} WHERE id = ? AND on_site_at IS NULL`, offer.id);
  } else if (answer.action === 'quote_sent' && offer.state === 'accepted') {
    changed = yield* run(`UPDATE partner_offers SET quote_sent_at = ${NOW_MS} WHERE id = ? AND quote_sent_at IS NULL`, offer.id);
  }
  if (changed) yield* addEvent(offer.lead_id!, 'partner', null, eventText(view.partner, answer));
  return { view: yield* offerByToken(tokenHash), changed: changed > 0 };
}

/** A lead's offers with their partners, oldest first: the lead's page and a person's export. */
export function* offersOfLead(leadId: string): Work<{ offer: Offer; partner: Partner }[]> {
  const rows = yield* all('SELECT * FROM partner_offers WHERE lead_id = ? ORDER BY created_at, id', leadId);
  const partners = new Map((yield* all('SELECT * FROM partners')).map((r) => [String(r.id), toPartner(r)]));
  return rows.map(toOffer).map((offer) => ({ offer, partner: partners.get(offer.partner_id)! }));
}

/**
 * Who received the customer's details of these leads: the partner who accepted each, and when.
 * An accepted offer stays accepted, and a removed partner keeps its row, so none drops out.
 */
export function* disclosuresOf(leadIds: readonly string[]): Work<{ lead_id: string; name: string; email: string; at: number }[]> {
  const found = [];
  for (const leadId of leadIds)
    for (const { offer, partner } of yield* offersOfLead(leadId))
      if (offer.state === 'accepted') found.push({ lead_id: leadId, name: partner.name, email: partner.email, at: offer.answered_at ?? offer.created_at });
  return found;
}
