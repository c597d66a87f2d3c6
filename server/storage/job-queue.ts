/**
 * The one way a job enters the outbox, written once for both stores (steps.ts): what it is for, what
 * it is about, and what a second request for the same job does. A job's key is its purpose with its
 * lead (one nudge per lead), or with what else it is about when it has no lead (one digest per
 * week, one offer e-mail per offer); the outbox's unique indexes hold the key, so instances asking
 * at once still queue one job. The store wakes the workers once the queueing commits.
 *
 * Storing a new lead queues the lead's own jobs in the same statement as the lead (sqlite.ts and
 * the store_lead procedure): that insert is the one every visitor waits on, and takes no detour.
 */
import { randomUUID } from 'node:crypto';
import { jobsQueued, NOW_MS, one, run, type Work } from './steps.ts';
import type { JobChannel } from './types.ts';

export interface JobRequest {
  purpose: JobChannel;
  /** The lead the job is about, or (for a job of no lead) the offer, week or other thing it is about. */
  of: { lead: string; about?: string | undefined } | { about: string };
  /**
   * What a request does when the job is already queued or done:
   * - once (default): nothing; the job goes once, whatever became of it;
   * - renew: queued again if the earlier job was about something else (a reminder for a new date);
   * - again: queued again now, even when it ran or is running (a claim in progress is given up,
   *   so the work runs once more after it): for work that must look again, such as dispatch.
   */
  repeat?: 'once' | 'renew' | 'again';
  /** Not before this many milliseconds from now (database clock). */
  delayMs?: number;
}

const REQUEUE = `status = 'pending', attempts = 0, next_attempt_at = excluded.next_attempt_at, locked_until = 0, claim_token = NULL,
  last_error = NULL, delivered_at = NULL, secret = NULL, about = excluded.about`;

/** Queues a job (see JobRequest); true when this call queued or re-queued it. */
export function* enqueue({ purpose, of, repeat = 'once', delayMs = 0 }: JobRequest): Work<boolean> {
  const lead = 'lead' in of ? of.lead : null;
  const target = lead === null ? '(channel, about) WHERE lead_id IS NULL' : '(lead_id, channel)';
  const onConflict =
    repeat === 'once'
      ? 'DO NOTHING'
      : repeat === 'renew'
        ? `DO UPDATE SET ${REQUEUE} WHERE outbox.about IS NULL OR outbox.about <> excluded.about`
        : `DO UPDATE SET ${REQUEUE}`;
  const queued = yield* run(
    `INSERT INTO outbox (id, lead_id, channel, next_attempt_at, about) VALUES (?, ?, ?, ${NOW_MS} + ?, ?) ON CONFLICT ${target} ${onConflict}`,
    randomUUID(),
    lead,
    purpose,
    delayMs,
    of.about ?? null,
  );
  if (queued > 0) yield* jobsQueued();
  return queued > 0;
}

/**
 * Asks dispatch to look at an urgent lead again now (a partner declined, an offer ended): only a
 * lead that dispatch has been working for, so a business that does not dispatch queues nothing.
 */
export function* redispatch(leadId: string): Work<void> {
  const working = yield* one(
    'SELECT 1 AS yes FROM leads l WHERE l.id = ? AND l.urgent = 1 AND EXISTS (SELECT 1 FROM partner_offers o WHERE o.lead_id = l.id AND o.offered_by IS NULL)',
    leadId,
  );
  if (working) yield* enqueue({ purpose: 'dispatch', of: { lead: leadId }, repeat: 'again' });
}
