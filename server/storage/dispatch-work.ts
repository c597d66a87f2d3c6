/**
 * Urgent work dispatching itself, written once for both stores (steps.ts): an urgent lead nobody
 * holds goes to one on-call partner at a time (fairest first, as the suggestions order them); an
 * offer not accepted within the wait is withdrawn and the next on-call partner is offered the job;
 * when none is left, one "nobody has accepted" e-mail is queued. Each step first takes the lead's
 * row, so instances checking at once take turns and the second sees what the first did; the
 * outbox's unique keys (one job per offer, one escalation per lead) make every e-mail once.
 */
import { randomUUID } from 'node:crypto';
import type { Partner } from '../../core/inbox-api/partners.ts';
import { openJobStatuses } from '../../core/lead/status.ts';
import { all, one, run, NOW_MS, type Work } from './steps.ts';
import { addEvent, inboxLead } from './lead-work.ts';
import { holdLead, makeOffer, offersOfLead, suggestPartners } from './partner-offers.ts';

/** The same statuses as SQL: a fixed list of known words, so written into the statement. */
const OPEN_JOB_SQL = openJobStatuses.map((s) => `'${s}'`).join(', ');

/**
 * Urgent leads (spam left out) since `since` that nobody holds and that have not been escalated.
 * None while the business has no on-call partner at all: a business that does not dispatch gets no
 * "nobody has accepted" e-mail beside every urgent lead's own.
 */
export function* leadsToDispatch(since: Date): Work<string[]> {
  const rows = yield* all(
    `SELECT id FROM leads l WHERE urgent = 1 AND spam = FALSE AND status IN (${OPEN_JOB_SQL}) AND created_at >= ?
     AND NOT EXISTS (SELECT 1 FROM partner_offers o WHERE o.lead_id = l.id AND o.state = 'accepted')
     AND NOT EXISTS (SELECT 1 FROM outbox j WHERE j.lead_id = l.id AND j.channel = 'unaccepted')
     AND EXISTS (SELECT 1 FROM partners p WHERE p.on_call = TRUE AND p.paused = FALSE AND p.removed_at IS NULL) ORDER BY created_at, id`,
    since.toISOString(),
  );
  return rows.map((r) => String(r.id));
}

export type DispatchStep = { step: 'offered'; partner: Partner } | { step: 'waiting' } | { step: 'escalated' } | { step: 'nothing' };

export interface DispatchWords {
  offered: (partner: Partner) => string;
  timedOut: (partner: Partner) => string;
}

/**
 * The next step for one urgent lead, given how long a partner has to accept. The wait is read on
 * the database's clock, the one that stamped the offers, so instances whose clocks differ agree.
 */
export function* dispatchLead(leadId: string, acceptWithinMs: number, words: DispatchWords): Work<DispatchStep> {
  if (!(yield* holdLead(leadId))) return { step: 'nothing' };
  const nowMs = Number((yield* one(`SELECT ${NOW_MS} AS now`))!.now);
  const lead = yield* inboxLead(leadId);
  if (!lead || !lead.urgent || lead.spam || !openJobStatuses.includes(lead.status)) return { step: 'nothing' };
  const offers = yield* offersOfLead(leadId);
  if (offers.some((o) => o.offer.state === 'accepted')) return { step: 'nothing' };
  const open = offers.filter((o) => o.offer.state === 'open' && o.offer.expires_at > nowMs);
  if (open.some((o) => o.offer.created_at + acceptWithinMs > nowMs)) return { step: 'waiting' };
  // The wait is over: the on-call partner who let it pass is no longer holding the next one up.
  for (const { offer, partner } of open.filter((o) => o.offer.offered_by === null))
    if (
      yield* run(`UPDATE partner_offers SET state = 'withdrawn', answered_at = ${NOW_MS}, end_reason = 'timed_out' WHERE id = ? AND state = 'open'`, offer.id)
    )
      yield* addEvent(leadId, 'partner', null, words.timedOut(partner));
  for (const next of (yield* suggestPartners(lead)).filter((s) => s.partner.on_call)) {
    const made = yield* makeOffer(leadId, next.partner.id, null, words.offered);
    if (made.ok) return { step: 'offered', partner: made.partner };
  }
  const queued = yield* run(
    `INSERT INTO outbox (id, lead_id, channel, next_attempt_at) VALUES (?, ?, 'unaccepted', ${NOW_MS}) ON CONFLICT (lead_id, channel) DO NOTHING`,
    randomUUID(),
    leadId,
  );
  return queued ? { step: 'escalated' } : { step: 'nothing' };
}
