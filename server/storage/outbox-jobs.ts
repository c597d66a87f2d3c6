/**
 * The outbox's jobs after they are claimed, written once for both stores: every change presents
 * the claim token (the fence), so a worker whose lease ran out and whose job another instance took
 * changes nothing. Times are the database's clock.
 */
import { toJob } from './rows.ts';
import { all, NOW_MS, one, run, type Work } from './steps.ts';
import type { ClaimedJob, OutboxJob, OutboxStatus } from './types.ts';

const HELD = "id = ? AND claim_token = ? AND status = 'pending'";

export function* renewClaim(job: ClaimedJob, leaseMs: number): Work<boolean> {
  return (yield* run(`UPDATE outbox SET locked_until = ${NOW_MS} + ? WHERE ${HELD}`, leaseMs, job.id, job.claim)) === 1;
}

/** Marks the job delivered; a link's token it kept for a repeated send is no longer needed and is dropped. */
export function* completeJob(job: ClaimedJob): Work<boolean> {
  const changed = yield* run(
    `UPDATE outbox SET status = 'done', attempts = attempts + 1, delivered_at = ${NOW_MS}, locked_until = 0, claim_token = NULL, last_error = NULL, secret = NULL WHERE ${HELD}`,
    job.id,
    job.claim,
  );
  return changed === 1;
}

/** A failed attempt: retried after `retryInMs`, or dead when null. */
export function* failJob(job: ClaimedJob, error: string, retryInMs: number | null): Work<boolean> {
  const changed = yield* run(
    `UPDATE outbox SET status = ?, attempts = attempts + 1, next_attempt_at = COALESCE(${NOW_MS} + CAST(? AS BIGINT), next_attempt_at),
       locked_until = 0, claim_token = NULL, last_error = ? WHERE ${HELD}`,
    retryInMs === null ? 'dead' : 'pending',
    retryInMs,
    error.slice(0, 1000),
    job.id,
    job.claim,
  );
  return changed === 1;
}

/**
 * Keeps a link's token with the job until it is delivered, under the job's claim: a send repeated
 * after a crash then carries the same link as the copy that may already have left. False when the
 * claim is lost.
 */
export function* keepJobSecret(job: ClaimedJob, secret: string): Work<boolean> {
  return (yield* run(`UPDATE outbox SET secret = ? WHERE ${HELD}`, secret, job.id, job.claim)) === 1;
}

export function* releaseJob(job: ClaimedJob): Work<void> {
  // A claim given back was not a try (an instance stopping, or another release's build): it does not count among the claims.
  yield* run(`UPDATE outbox SET locked_until = 0, claim_token = NULL, claims = claims - 1 WHERE ${HELD}`, job.id, job.claim);
}

export function* listJobs(leadId?: string): Work<OutboxJob[]> {
  const rows = leadId
    ? yield* all('SELECT * FROM outbox WHERE lead_id = ? ORDER BY purpose', leadId)
    : yield* all('SELECT * FROM outbox ORDER BY lead_id, purpose');
  return rows.map(toJob);
}

export function* retryDead(): Work<number> {
  return yield* run(`UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ${NOW_MS}, locked_until = 0 WHERE status = 'dead'`);
}

export function* outboxStatus(deadLimit: number): Work<OutboxStatus> {
  const counts = yield* one(
    `SELECT (SELECT COUNT(*) FROM outbox WHERE status = 'pending') AS pending, (SELECT COUNT(*) FROM outbox WHERE status = 'dead') AS dead,
       (SELECT MIN(l.created_at) FROM outbox o JOIN leads l ON l.id = o.lead_id WHERE o.status = 'pending') AS oldest`,
  );
  const dead = deadLimit > 0 ? yield* all("SELECT * FROM outbox WHERE status = 'dead' ORDER BY next_attempt_at DESC LIMIT ?", deadLimit) : [];
  // SQLite keeps created_at as ISO text, PostgreSQL hands back a Date: both construct the instant.
  const oldest = counts?.oldest ? new Date(counts.oldest as string | Date).getTime() : null;
  return {
    pending: Number(counts?.pending ?? 0),
    oldestPendingSeconds: oldest === null ? null : Math.max(0, Math.floor((Date.now() - oldest) / 1000)),
    dead: Number(counts?.dead ?? 0),
    recentDead: dead.map(toJob),
  };
}
