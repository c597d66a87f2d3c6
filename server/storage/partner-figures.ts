/**
 * The reports' figures by partner, counted by the database and written once for both stores: the
 * offers of the range's leads (spam left out) grouped by partner, and the urgent leads of the range
 * grouped by city with whether a partner was on site by the promised time. Every offer is counted
 * once under what became of it (accepted, declined, no answer, withdrawn, still waiting), so the
 * counts add up to the offers; an urgent lead counts for the promise only once it can be judged:
 * its attend-by time has passed, or a partner was on site. An offer belongs to the
 * range its lead arrived in, as every other figure of the reports does; a deleted lead's offers
 * have no lead and drop out.
 */
import { leadCities } from '../../core/lead/fields.ts';
import { attendWithinHours } from '../../core/lead/response-targets.ts';
import { REGIONAL } from '../../core/partner/kinds.ts';
import { acceptChannels, type AcceptChannel } from '../../core/lead/insight.ts';
import { all, ARRIVED_MS, NOW_MS, type Row, type Work } from './steps.ts';

/** One partner's counts; the accepted offers' milliseconds to accept at the median's two ranks. */
export interface PartnerCounts {
  id: string;
  name: string;
  offers: number;
  accepted: number;
  declined: number;
  noAnswer: number;
  withdrawn: number;
  waiting: number;
  wonCount: number;
  wonCents: number;
  /** Accepted offers with a time to accept, and those times at the median's ranks (0-based). */
  acceptCount: number;
  acceptMsAtRank: Map<number, number>;
  /** The same, by where each offer was accepted (its page, or a text reply). */
  acceptVia: Record<AcceptChannel, { count: number; msAtRank: Map<number, number> }>;
}

export interface PartnerRawFigures {
  partners: PartnerCounts[];
  declines: { partnerId: string; reason: string; count: number }[];
  onSite: { partnerId: string; city: string; count: number; inTime: number }[];
  promise: { city: string; urgent: number; kept: number }[];
}

/** An offer nobody answered: automatic dispatch's wait ran out, or its link's life did while it still waited. */
const NO_ANSWER = `(o.state = 'withdrawn' AND o.end_reason = 'timed_out') OR (o.state = 'open' AND o.expires_at <= ${NOW_MS})`;

const list = (values: readonly string[]) => values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');

/** The lead's place as the promise reads it: one of the form's cities, else Regional. */
const PLACE = `CASE WHEN city IN (${list(leadCities)}) THEN city ELSE '${REGIONAL}' END`;

/** When the lead must be attended by, epoch ms, from the published response targets (whole hours, checked at publish). */
const attendByMs = () =>
  `${ARRIVED_MS} + 3600000 * CASE ${leadCities.map((c) => `WHEN city = '${c}' THEN ${Number(attendWithinHours(c))}`).join(' ')} ELSE ${Number(attendWithinHours(''))} END`;

/** The range's leads with what the partners' figures need (a derived table, so joins name no column twice). */
const rangeLeads = () => `(SELECT id, status, urgent, COALESCE(job_value_cents, 0) AS cents, ${PLACE} AS place, ${attendByMs()} AS attend_by_ms
  FROM leads WHERE spam = FALSE AND created_at >= ? AND created_at < ?)`;

/** Every partner figure for the leads that arrived in [start, end). */
export function* partnerFigures(start: Date, end: Date): Work<PartnerRawFigures> {
  const range = [start.toISOString(), end.toISOString()];
  const partners = yield* all(
    `SELECT o.partner_id, p.name, COUNT(*) AS n,
       SUM(CASE WHEN o.state = 'accepted' THEN 1 ELSE 0 END) AS accepted,
       SUM(CASE WHEN o.state = 'declined' THEN 1 ELSE 0 END) AS declined,
       SUM(CASE WHEN ${NO_ANSWER} THEN 1 ELSE 0 END) AS no_answer,
       SUM(CASE WHEN o.state = 'withdrawn' AND o.end_reason <> 'timed_out' THEN 1 ELSE 0 END) AS withdrawn,
       SUM(CASE WHEN o.state = 'open' AND o.expires_at > ${NOW_MS} THEN 1 ELSE 0 END) AS waiting,
       SUM(CASE WHEN o.state = 'accepted' AND l.status = 'won' THEN 1 ELSE 0 END) AS won,
       SUM(CASE WHEN o.state = 'accepted' AND l.status = 'won' THEN l.cents ELSE 0 END) AS cents
     FROM partner_offers o JOIN ${rangeLeads()} AS l ON l.id = o.lead_id JOIN partners p ON p.id = o.partner_id
     GROUP BY o.partner_id, p.name`,
    ...range,
  );
  // The median of each partner's times to accept, read at the two ranks around it, as the
  // response times are: the database ranks and hands back only those values.
  const ranks = yield* all(
    `SELECT partner_id, n, rn, ms FROM (
       SELECT o.partner_id, o.answered_at - o.created_at AS ms,
         ROW_NUMBER() OVER (PARTITION BY o.partner_id ORDER BY o.answered_at - o.created_at) AS rn,
         COUNT(*) OVER (PARTITION BY o.partner_id) AS n
       FROM partner_offers o JOIN ${rangeLeads()} AS l ON l.id = o.lead_id
       WHERE o.state = 'accepted' AND o.answered_at IS NOT NULL
     ) AS ranked WHERE rn - 1 IN (50 * (n - 1) / 100, 50 * (n - 1) / 100 + 1)`,
    ...range,
  );
  // The same by channel, from the acceptance's own time: an acceptance later taken back still says
  // how fast they answered. Offers accepted before the channel was recorded have none and are left out.
  const channelRanks = yield* all(
    `SELECT partner_id, via, n, rn, ms FROM (
       SELECT o.partner_id, o.accepted_via AS via, o.accepted_at - o.created_at AS ms,
         ROW_NUMBER() OVER (PARTITION BY o.partner_id, o.accepted_via ORDER BY o.accepted_at - o.created_at) AS rn,
         COUNT(*) OVER (PARTITION BY o.partner_id, o.accepted_via) AS n
       FROM partner_offers o JOIN ${rangeLeads()} AS l ON l.id = o.lead_id
       WHERE o.accepted_at IS NOT NULL AND o.accepted_via IN (${list(acceptChannels)})
     ) AS ranked WHERE rn - 1 IN (50 * (n - 1) / 100, 50 * (n - 1) / 100 + 1)`,
    ...range,
  );
  const declines = yield* all(
    `SELECT o.partner_id, o.decline_reason, COUNT(*) AS n FROM partner_offers o JOIN ${rangeLeads()} AS l ON l.id = o.lead_id
     WHERE o.state = 'declined' GROUP BY o.partner_id, o.decline_reason`,
    ...range,
  );
  const onSite = yield* all(
    `SELECT o.partner_id, l.place, COUNT(*) AS n, SUM(CASE WHEN o.on_site_at <= l.attend_by_ms THEN 1 ELSE 0 END) AS in_time
     FROM partner_offers o JOIN ${rangeLeads()} AS l ON l.id = o.lead_id
     WHERE o.on_site_at IS NOT NULL AND l.urgent = TRUE GROUP BY o.partner_id, l.place`,
    ...range,
  );
  // A lead whose attend-by time is still to come and whom nobody has reached yet has neither kept
  // nor broken the promise: it is left out until one or the other.
  const promise = yield* all(
    `SELECT l.place, COUNT(*) AS n, SUM(CASE WHEN EXISTS (
         SELECT 1 FROM partner_offers o WHERE o.lead_id = l.id AND o.state = 'accepted' AND o.on_site_at <= l.attend_by_ms
       ) THEN 1 ELSE 0 END) AS kept
     FROM ${rangeLeads()} AS l WHERE l.urgent = TRUE AND (l.attend_by_ms <= ${NOW_MS}
       OR EXISTS (SELECT 1 FROM partner_offers o WHERE o.lead_id = l.id AND o.state = 'accepted' AND o.on_site_at IS NOT NULL))
     GROUP BY l.place`,
    ...range,
  );
  const byPartner = new Map(
    partners.map((r: Row): [string, PartnerCounts] => [
      String(r.partner_id),
      {
        id: String(r.partner_id),
        name: String(r.name),
        offers: Number(r.n),
        accepted: Number(r.accepted),
        declined: Number(r.declined),
        noAnswer: Number(r.no_answer),
        withdrawn: Number(r.withdrawn),
        waiting: Number(r.waiting),
        wonCount: Number(r.won),
        wonCents: Number(r.cents),
        acceptCount: 0,
        acceptMsAtRank: new Map(),
        acceptVia: Object.fromEntries(acceptChannels.map((c) => [c, { count: 0, msAtRank: new Map() }])) as PartnerCounts['acceptVia'],
      },
    ]),
  );
  for (const r of ranks) {
    const counts = byPartner.get(String(r.partner_id));
    if (!counts) continue;
    counts.acceptCount = Number(r.n);
    // An answer stamped before the offer (clocks differ) counts as at once.
    counts.acceptMsAtRank.set(Number(r.rn) - 1, Math.max(0, Number(r.ms)));
  }
  for (const r of channelRanks) {
    const via = byPartner.get(String(r.partner_id))?.acceptVia[String(r.via) as AcceptChannel];
    if (!via) continue;
    via.count = Number(r.n);
    via.msAtRank.set(Number(r.rn) - 1, Math.max(0, Number(r.ms)));
  }
  return {
    partners: [...byPartner.values()],
    declines: declines.map((r) => ({ partnerId: String(r.partner_id), reason: String(r.decline_reason), count: Number(r.n) })),
    onSite: onSite.map((r) => ({ partnerId: String(r.partner_id), city: String(r.place), count: Number(r.n), inTime: Number(r.in_time) })),
    promise: promise.map((r) => ({ city: String(r.place), urgent: Number(r.n), kept: Number(r.kept) })),
  };
}
