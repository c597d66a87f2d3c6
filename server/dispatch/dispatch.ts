/**
 * Urgent work dispatching itself, over the storage's steps (so once for both stores). An urgent lead
 * nobody holds is offered to the on-call partners who cover it, several at once (the policy's
 * `atOnce`, fairest first, as the suggestions order them): the first to accept has it, and the
 * others are told it was taken. An offer not accepted within the wait is withdrawn and its place
 * goes to the next on-call partner. The business's people are woken (the escalation ladder) once per
 * lead: when nobody on call covers it, when every on-call partner has declined, lapsed or not been
 * reached, or when nobody has accepted within the policy's `wakeAfterMs` while the offers still run.
 *
 * Each step first takes the lead's row, so instances checking at once take turns and the second
 * sees what the first did; the outbox's unique keys (one job per offer, one escalation per lead)
 * make every message once. Each offer's accept-by and the moment to wake the owners are jobs in the
 * queue, due then, so dispatch looks again on time rather than at the scheduler's next minute.
 */
import type { Partner } from '../../core/inbox-api/partners.ts';
import { openJobStatuses } from '../../core/lead/status.ts';
import { all, one, run, NOW_MS, type Work } from '../storage/steps.ts';
import { addEvent, inboxLead, type InboxLead } from '../storage/lead-work.ts';
import { holdLead, offersOfLead, tellEnded } from '../storage/offer-records.ts';
import { makeOffer, suggestPartners } from './partner-offers.ts';
import { enqueue } from '../storage/job-queue.ts';
import { listPartners } from '../storage/partner-records.ts';
import { canTakeUrgentNow, dispatchesToPartners, nobodyCovers, type JobKind } from './urgent-rule.ts';
import { startLadder, type LadderReason } from './ladder.ts';
import { policyOf, type DispatchPolicy } from './dispatch-policy.ts';

/** Whether the business sends urgent jobs to partners at all (urgent-rule.ts). */
function* businessDispatches(): Work<boolean> {
  return dispatchesToPartners(yield* listPartners());
}

/** Whether an urgent request arriving now has no on-call partner who covers it (urgent-rule.ts): decided once, as it is stored. */
export function* nobodyOnCallFor(job: JobKind): Work<boolean> {
  return nobodyCovers(yield* listPartners(), job);
}

/** The same statuses as SQL: a fixed list of known words, so written into the statement. */
const OPEN_JOB_SQL = openJobStatuses.map((s) => `'${s}'`).join(', ');

/**
 * Urgent leads (spam left out) since `since` that nobody holds and that dispatch may still have work
 * on: an offer still waiting, or the business not yet woken. None while the business has no
 * partners: one that does not dispatch answers its urgent requests itself.
 */
export function* leadsToDispatch(since: Date): Work<string[]> {
  if (!(yield* businessDispatches())) return [];
  const rows = yield* all(
    `SELECT id FROM leads l WHERE urgent = TRUE AND spam = FALSE AND status IN (${OPEN_JOB_SQL}) AND created_at >= ?
     AND NOT EXISTS (SELECT 1 FROM partner_offers o WHERE o.lead_id = l.id AND o.state = 'accepted')
     AND (NOT EXISTS (SELECT 1 FROM outbox j WHERE j.lead_id = l.id AND j.purpose IN ('dispatch-escalate', 'unaccepted'))
       OR EXISTS (SELECT 1 FROM partner_offers o WHERE o.lead_id = l.id AND o.state = 'open' AND o.automatic = TRUE))
     ORDER BY created_at, id`,
    since.toISOString(),
  );
  return rows.map((r) => String(r.id));
}

export type DispatchStep =
  | { step: 'offered'; partners: Partner[] }
  | { step: 'waiting' }
  /** The business is being woken (the ladder starts), the first time for this lead. */
  | { step: 'escalated'; why: LadderReason }
  | { step: 'nothing' };

export interface DispatchWords {
  offered: (partner: Partner) => string;
  timedOut: (partner: Partner) => string;
}

/** Milliseconds since the lead arrived, on the database's clock (the one that stamped it). */
function* ageOf(lead: InboxLead): Work<number> {
  const row = yield* one(`SELECT ${NOW_MS} AS now`);
  return Number(row!.now) - Date.parse(lead.created_at);
}

/**
 * Wakes the business for the lead, once per lead whatever the reason: the escalation job (keyed by
 * the lead) starts the ladder as soon as the worker takes it. True when this call queued it.
 */
function* escalateOnce(leadId: string, why: LadderReason): Work<boolean> {
  return yield* enqueue({ purpose: 'dispatch-escalate', of: { lead: leadId, period: why } });
}

/**
 * The next step for one urgent lead under `given` (a policy, or a bare wait: one partner at a time).
 * The wait is read on the database's clock, the one that stamped the offers, so instances whose
 * clocks differ agree. An offer made from the inbox runs beside dispatch with the window the owner
 * gave it, and takes one of the places; dispatch waits only for its own.
 */
export function* dispatchLead(
  leadId: string,
  given: DispatchPolicy | number,
  words: DispatchWords,
  { texts = false }: { texts?: boolean } = {},
): Work<DispatchStep> {
  const policy = policyOf(given);
  if (!(yield* holdLead(leadId))) return { step: 'nothing' };
  const lead = yield* inboxLead(leadId);
  if (!lead || !lead.urgent || lead.spam || !openJobStatuses.includes(lead.status)) return { step: 'nothing' };
  // A business with no partners does not dispatch; one whose partners are all off call wakes its own people.
  if (!(yield* businessDispatches())) return { step: 'nothing' };
  const offers = yield* offersOfLead(leadId);
  if (offers.some((o) => o.offer.state === 'accepted')) return { step: 'nothing' };
  const automatic = offers.filter((o) => o.offer.automatic);
  // A partner whose wait is over no longer holds a place.
  for (const { offer, partner } of automatic.filter((o) => o.offer.state === 'open' && o.offer.expired))
    if (
      yield* run(`UPDATE partner_offers SET state = 'withdrawn', answered_at = ${NOW_MS}, end_reason = 'timed_out' WHERE id = ? AND state = 'open'`, offer.id)
    ) {
      yield* addEvent(leadId, 'partner', null, words.timedOut(partner));
      yield* tellEnded(offer.id);
    }
  let waiting = automatic.filter((o) => o.offer.state === 'open' && !o.offer.expired).length;
  const offered: Partner[] = [];
  if (waiting < policy.atOnce)
    for (const next of (yield* suggestPartners(lead)).filter((s) => canTakeUrgentNow(s.partner, lead))) {
      const made = yield* makeOffer(leadId, next.partner.id, null, words.offered, policy.acceptWithinMs, { texts });
      if (!made.ok) continue;
      offered.push(made.partner);
      // Dispatch looks again when this offer's wait is over.
      yield* enqueue({ purpose: 'dispatch-due', of: { offer: made.offer.id }, delayMs: Math.max(0, made.offer.expires_at - made.offer.now) });
      if (++waiting >= policy.atOnce) break;
    }
  const everOffered = automatic.length + offered.length > 0;
  if (waiting > 0 && policy.wakeAfterMs !== null) {
    // Nobody has accepted yet: the business is woken alongside once the lead is this old.
    const left = policy.wakeAfterMs - (yield* ageOf(lead));
    if (left <= 0 && (yield* escalateOnce(leadId, 'nobody_accepted'))) return { step: 'escalated', why: 'nobody_accepted' };
    if (left > 0 && automatic.length === 0) yield* enqueue({ purpose: 'dispatch-due', of: { lead: leadId }, delayMs: left });
  }
  if (offered.length > 0) return { step: 'offered', partners: offered };
  if (waiting > 0) return { step: 'waiting' };
  // Nobody on call is left to ask (or none ever covered it): the business's people are woken.
  const why: LadderReason = everOffered ? 'nobody_accepted' : 'nobody_covers';
  return (yield* escalateOnce(leadId, why)) ? { step: 'escalated', why } : { step: 'nothing' };
}

/**
 * The escalation job: starts the lead's ladder for the reason dispatch gave, unless someone took
 * the job or it closed since it was queued.
 */
export function* escalate(leadId: string, why: LadderReason): Work<boolean> {
  if (!(yield* holdLead(leadId))) return false;
  const lead = yield* inboxLead(leadId);
  if (!lead || lead.spam || !openJobStatuses.includes(lead.status)) return false;
  const offers = yield* offersOfLead(leadId);
  if (offers.some((o) => o.offer.state === 'accepted')) return false;
  return yield* startLadder(leadId, why);
}
