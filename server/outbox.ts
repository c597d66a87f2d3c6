/**
 * The outbox worker: delivers each lead's notification jobs with retries (exponential backoff with
 * jitter), then marks them dead. It runs beside the server and never blocks a visitor's request;
 * jobs live in the database, so delivery survives restarts.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Channel, LeadStore } from './storage/types.ts';
import type { Sender } from './notify/email.ts';

export interface BackoffOptions {
  baseMs?: number;
  maxMs?: number;
  random?: () => number;
}

/** Delay before retry number `attempt` (1 = first retry): base x 2^(attempt-1), capped, with full jitter in its upper half. */
export function backoffDelay(attempt: number, { baseMs = 5_000, maxMs = 3_600_000, random = Math.random }: BackoffOptions = {}): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export interface WorkerOptions {
  store: LeadStore;
  senders: Partial<Record<Channel, Sender>>;
  log: FastifyBaseLogger;
  pollIntervalMs: number;
  maxAttempts: number;
  backoff?: BackoffOptions;
  leaseMs?: number;
  batchSize?: number;
}

export class OutboxWorker {
  readonly #o: Required<Omit<WorkerOptions, 'backoff'>> & { backoff: BackoffOptions };
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;
  #stopped = true;

  constructor(options: WorkerOptions) {
    this.#o = { leaseMs: 60_000, batchSize: 10, backoff: {}, ...options };
  }

  start(): void {
    this.#stopped = false;
    this.#schedule(0);
  }

  /** Asks for a run now (after a new lead), instead of waiting for the next poll. */
  nudge(): void {
    if (!this.#stopped && !this.#running) this.#schedule(0);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  #schedule(ms: number) {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#running = this.runOnce()
        .catch((error: unknown) => this.#o.log.warn({ err: error }, 'outbox run failed'))
        .finally(() => {
          this.#running = undefined;
          if (!this.#stopped) this.#schedule(this.#o.pollIntervalMs);
        });
    }, ms);
    this.#timer.unref();
  }

  /** Delivers every due job once; returns how many were attempted. */
  async runOnce(): Promise<number> {
    const { store, senders, log, maxAttempts, leaseMs, batchSize } = this.#o;
    let attempted = 0;
    for (;;) {
      const jobs = await store.claimJobs(batchSize, Date.now(), leaseMs);
      if (jobs.length === 0) return attempted;
      for (const job of jobs) {
        attempted++;
        const send = senders[job.channel];
        const lead = await store.getLead(job.lead_id);
        try {
          if (!send) throw new Error(`channel ${job.channel} is not configured`);
          if (!lead) throw new Error('lead no longer exists');
          await send(lead);
          await store.completeJob(job.id, Date.now());
          log.info({ leadId: job.lead_id, channel: job.channel, attempt: job.attempts + 1 }, 'notification delivered');
        } catch (error) {
          const attempt = job.attempts + 1;
          const message = error instanceof Error ? error.message : String(error);
          const next = attempt >= maxAttempts || !lead ? null : Date.now() + backoffDelay(attempt, this.#o.backoff);
          await store.failJob(job.id, message, next);
          log.warn({ leadId: job.lead_id, channel: job.channel, attempt, dead: next === null, error: message }, 'notification failed');
        }
      }
      if (this.#stopped) return attempted;
    }
  }
}
