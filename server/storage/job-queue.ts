/**
 * The one way a job enters the outbox, written once for both stores (steps.ts): what it is for, what
 * it is about, and what a second request for the same job does. A job's key is its purpose with its
 * lead (one nudge per lead), its offer (one offer e-mail per offer) or, for a job of neither, its
 * period (one digest per week); the outbox's unique indexes hold the key, so instances asking at
 * once still queue one job. The store wakes the workers once the queueing commits.
 *
 * Storing a new lead queues the lead's own jobs in the same statement as the lead (sqlite.ts and
 * the store_lead procedure): that insert is the one every visitor waits on, and takes no detour.
 */
import { randomUUID } from 'node:crypto';
import { announce, NOW_MS, one, run, type Work } from './steps.ts';
import { defaultTransport, type Purpose, type Transport } from './purposes.ts';

export interface JobRequest {
  purpose: Purpose;
  /** How it travels; the purpose's first transport when not given. */
  transport?: Transport;
  /** The lead the job is about (with the date it is for, a reminder's), the offer, or the week or date of a job of neither. */
  of: { lead: string; period?: string | undefined } | { offer: string } | { period: string };
  /**
   * What a request does when the job is already queued or done:
   * - once (default): nothing; the job goes once, whatever became of it;
   * - renew: queued again if the earlier job was for another period (a reminder for a new date);
   * - again: queued again now, even when it ran or is running (a claim in progress is given up,
   *   so the work runs once more after it): for work that must look again, such as dispatch.
   */
  repeat?: 'once' | 'renew' | 'again';
  /** Not before this many milliseconds from now (database clock). */
  delayMs?: number;
}

const REQUEUE = `status = 'pending', attempts = 0, claims = 0, next_attempt_at = excluded.next_attempt_at, locked_until = 0, claim_token = NULL,
  last_error = NULL, delivered_at = NULL, secret = NULL, period = excluded.period`;

/** Queues a job (see JobRequest); true when this call queued or re-queued it. */
export function* enqueue({ purpose, transport = defaultTransport(purpose), of, repeat = 'once', delayMs = 0 }: JobRequest): Work<boolean> {
  const lead = 'lead' in of ? of.lead : null;
  const offer = 'offer' in of ? of.offer : null;
  const period = 'period' in of ? (of.period ?? null) : null;
  // Each target names one of the outbox's unique indexes, its condition included.
  const target =
    lead !== null
      ? '(lead_id, purpose)'
      : offer !== null
        ? '(purpose, transport, offer_id) WHERE offer_id IS NOT NULL'
        : '(purpose, period) WHERE lead_id IS NULL AND offer_id IS NULL';
  const onConflict =
    repeat === 'once'
      ? 'DO NOTHING'
      : repeat === 'renew'
        ? `DO UPDATE SET ${REQUEUE} WHERE outbox.period IS NULL OR outbox.period <> excluded.period`
        : `DO UPDATE SET ${REQUEUE}`;
  const queued = yield* run(
    `INSERT INTO outbox (id, lead_id, purpose, transport, next_attempt_at, offer_id, period) VALUES (?, ?, ?, ?, ${NOW_MS} + ?, ?, ?) ON CONFLICT ${target} ${onConflict}`,
    randomUUID(),
    lead,
    purpose,
    transport,
    delayMs,
    offer,
    period,
  );
  if (queued > 0) yield* announce('jobs');
  return queued > 0;
}

/**
 * Asks dispatch to look at an urgent lead again now (a partner declined, an offer ended): only a
 * lead that dispatch has been working for, so a business that does not dispatch queues nothing.
 */
export function* redispatch(leadId: string): Work<void> {
  const working = yield* one(
    'SELECT 1 AS yes FROM leads l WHERE l.id = ? AND l.urgent = TRUE AND EXISTS (SELECT 1 FROM partner_offers o WHERE o.lead_id = l.id AND o.automatic = TRUE)',
    leadId,
  );
  if (working) yield* enqueue({ purpose: 'dispatch', of: { lead: leadId }, repeat: 'again' });
}
