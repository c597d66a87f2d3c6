/**
 * How each offer of a lead went to its partner, for the lead's page: its e-mail and its text (each a
 * job of the outbox), what became of each, and whether the partner answered by text. Two queries for
 * the whole lead, however many offers it has.
 */
import type { OfferChannel } from '../../core/inbox-api/offers.ts';
import { all, type Row, type Work } from './steps.ts';
import { DECLINED_BY_TEXT } from './text-work.ts';

/** A text's statuses, best news last: one offer's text may have been sent more than once (a retry after a lost answer). */
const TEXT_RANK: ReadonlyMap<string, number> = new Map([
  ['undelivered', 0],
  ['failed', 0],
  ['delivered', 2],
]);
/** Any other status is on its way. */
const rankOf = (status: string) => TEXT_RANK.get(status) ?? 1;

interface OfferRow {
  state: string;
  acceptedVia: string;
  declineReason: string;
  /** The offer's jobs by transport ('email', 'sms'): their status, and for the e-mail whether its link was made (it was armed to go). */
  jobs: Map<string, { status: string; linked: boolean }>;
  /** The best status of its texts, when the provider took one. */
  text: string | undefined;
}

/** Whether the partner answered this offer by a text reply (YES, or NO, which is kept with its own reason). */
const repliedByText = (o: OfferRow) => o.acceptedVia === 'sms' || (o.state === 'declined' && o.declineReason === DECLINED_BY_TEXT);

/** A job's outbox status as far as the job itself says: on its way, or failed for good; `done` is for the caller to read. */
const jobState = (status: string): OfferChannel['state'] | undefined => (status === 'pending' ? 'sending' : status === 'dead' ? 'failed' : undefined);

function channelsOf(o: OfferRow): OfferChannel[] {
  const channels: OfferChannel[] = [];
  const email = o.jobs.get('email');
  // A done job whose link was never made sent nothing: the offer had been answered or ended before it could go.
  if (email) channels.push({ channel: 'email', state: jobState(email.status) ?? (email.linked ? 'sent' : 'not_sent') });
  const sms = o.jobs.get('sms');
  if (repliedByText(o)) channels.push({ channel: 'text', state: 'replied' });
  else if (sms) {
    // The phone company's word on a text the provider took comes first; otherwise its job's.
    const receipt = o.text === undefined ? undefined : rankOf(o.text);
    const state = receipt === 0 ? 'failed' : receipt === 2 ? 'delivered' : (jobState(sms.status) ?? (receipt === undefined ? 'not_sent' : 'sent'));
    channels.push({ channel: 'text', state });
  }
  return channels;
}

const bool = (v: unknown) => v === true || Number(v) === 1;

/** Each offer of the lead, by id, with its channels: the e-mail first, then the text. */
export function* offerChannels(leadId: string): Work<Map<string, OfferChannel[]>> {
  const offers = new Map<string, OfferRow>();
  const rows = yield* all(
    `SELECT o.id, o.state, o.accepted_via, o.decline_reason, j.transport, j.status,
       EXISTS (SELECT 1 FROM offer_links l WHERE l.offer_id = o.id AND l.channel = j.transport) AS linked
     FROM partner_offers o LEFT JOIN outbox j ON j.purpose = 'offer' AND j.offer_id = o.id
     WHERE o.lead_id = ?`,
    leadId,
  );
  for (const r of rows) {
    const id = String(r.id);
    const offer = offers.get(id) ?? {
      state: String(r.state),
      acceptedVia: String(r.accepted_via ?? ''),
      declineReason: String(r.decline_reason ?? ''),
      jobs: new Map(),
      text: undefined,
    };
    if (r.transport !== null && r.transport !== undefined) offer.jobs.set(String(r.transport), { status: String(r.status), linked: bool(r.linked) });
    offers.set(id, offer);
  }
  const texts: Row[] = yield* all(
    "SELECT t.offer_id, t.status FROM partner_offers o JOIN text_messages t ON t.offer_id = o.id AND t.purpose = 'offer' WHERE o.lead_id = ?",
    leadId,
  );
  for (const t of texts) {
    const offer = offers.get(String(t.offer_id));
    const status = String(t.status);
    if (offer && (offer.text === undefined || rankOf(status) > rankOf(offer.text))) offer.text = status;
  }
  return new Map([...offers].map(([id, o]) => [id, channelsOf(o)]));
}

/**
 * The texts about a lead's offers that the phone company says arrived (a delivery receipt), by the
 * text's offer and purpose (`offerId|purpose`), with when the receipt came. Until one does, a text
 * was only sent.
 */
export function* textsDelivered(leadId: string): Work<Map<string, number>> {
  const rows = yield* all(
    `SELECT t.offer_id, t.purpose, MIN(t.updated_at) AS at FROM partner_offers o JOIN text_messages t ON t.offer_id = o.id
     WHERE o.lead_id = ? AND t.status = 'delivered' GROUP BY t.offer_id, t.purpose`,
    leadId,
  );
  return new Map(rows.map((r) => [`${String(r.offer_id)}|${String(r.purpose)}`, Number(r.at)]));
}
