/**
 * Urgent work dispatching itself, over the storage's steps (so once for both stores): an urgent lead nobody
 * holds goes to one on-call partner at a time (fairest first, as the suggestions order them); an
 * offer not accepted within the wait is withdrawn and the next on-call partner is offered the job;
 * when none is left, one "nobody has accepted" e-mail is queued. Each step first takes the lead's
 * row, so instances checking at once take turns and the second sees what the first did; the
 * outbox's unique keys (one job per offer, one escalation per lead) make every e-mail once.
 */
import type { Partner } from '../../core/inbox-api/partners.ts';
import { openJobStatuses } from '../../core/lead/status.ts';
import { all, run, NOW_MS, type Work } from '../storage/steps.ts';
import { addEvent, inboxLead } from '../storage/lead-work.ts';
import { holdLead, offersOfLead, tellEnded } from '../storage/offer-records.ts';
import { makeOffer, suggestPartners } from './partner-offers.ts';
import { enqueue } from '../storage/job-queue.ts';
import { listPartners } from '../storage/partner-records.ts';
import { canTakeUrgentNow } from './urgent-rule.ts';

/** Whether anyone at all can take an urgent job now: a business that does not dispatch has nobody. */
function* anyoneCanTakeUrgent(): Work<boolean> {
  return (yield* listPartners()).some((p) => canTakeUrgentNow(p));
}

/** The same statuses as SQL: a fixed list of known words, so written into the statement. */
const OPEN_JOB_SQL = openJobStatuses.map((s) => `'${s}'`).join(', ');

/**
 * Urgent leads (spam left out) since `since` that nobody holds and that have not been escalated.
 * None while the business has no on-call partner at all: a business that does not dispatch gets no
 * "nobody has accepted" e-mail beside every urgent lead's own.
 */
export function* leadsToDispatch(since: Date): Work<string[]> {
  if (!(yield* anyoneCanTakeUrgent())) return [];
  const rows = yield* all(
    `SELECT id FROM leads l WHERE urgent = TRUE AND spam = FALSE AND status IN (${OPEN_JOB_SQL}) AND created_at >= ?
     AND NOT EXISTS (SELECT 1 FROM partner_offers o WHERE o.lead_id = l.id AND o.state = 'accepted')
     AND NOT EXISTS (SELECT 1 FROM outbox j WHERE j.lead_id = l.id AND j.purpose = 'unaccepted')
     ORDER BY created_at, id`,
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
 * The next step for one urgent lead, given how long a partner has to accept (each automatic offer's
 * accept-by). The wait is read on the database's clock, the one that stamped the offers, so
 * instances whose clocks differ agree. An offer made from the inbox runs beside dispatch, with the
 * window the owner gave it; dispatch waits only for its own.
 */
export function* dispatchLead(leadId: string, acceptWithinMs: number, words: DispatchWords, { texts = false }: { texts?: boolean } = {}): Work<DispatchStep> {
  if (!(yield* holdLead(leadId))) return { step: 'nothing' };
  const lead = yield* inboxLead(leadId);
  if (!lead || !lead.urgent || lead.spam || !openJobStatuses.includes(lead.status)) return { step: 'nothing' };
  // A business with nobody on call does not dispatch, and gets no "nobody has accepted" beside each urgent lead's e-mail.
  if (!(yield* anyoneCanTakeUrgent())) return { step: 'nothing' };
  const offers = yield* offersOfLead(leadId);
  if (offers.some((o) => o.offer.state === 'accepted')) return { step: 'nothing' };
  const automatic = offers.filter((o) => o.offer.automatic);
  const waiting = automatic.filter((o) => o.offer.state === 'open');
  if (waiting.some((o) => !o.offer.expired)) return { step: 'waiting' };
  // The wait is over: the on-call partner who let it pass is no longer holding the next one up.
  for (const { offer, partner } of waiting)
    if (
      yield* run(`UPDATE partner_offers SET state = 'withdrawn', answered_at = ${NOW_MS}, end_reason = 'timed_out' WHERE id = ? AND state = 'open'`, offer.id)
    ) {
      yield* addEvent(leadId, 'partner', null, words.timedOut(partner));
      yield* tellEnded(offer.id);
    }
  for (const next of (yield* suggestPartners(lead)).filter((s) => canTakeUrgentNow(s.partner, lead))) {
    const made = yield* makeOffer(leadId, next.partner.id, null, words.offered, acceptWithinMs, { texts });
    if (made.ok) return { step: 'offered', partner: made.partner };
  }
  // Nobody on call covers this lead at all: its own urgent e-mail says so, and a second one would only repeat it.
  if (automatic.length === 0) return { step: 'nothing' };
  return (yield* enqueue({ purpose: 'unaccepted', of: { lead: leadId } })) ? { step: 'escalated' } : { step: 'nothing' };
}
