/**
 * The outbox worker: delivers each lead's notification jobs with retries (exponential backoff with
 * jitter), then marks them dead. It runs beside the server and never blocks a visitor's request;
 * jobs live in the database, so delivery survives restarts.
 *
 * Several instances may share one database. Each claim carries a fencing token: a job is sent only
 * after its claim is renewed (so it is still this worker's, with a whole lease ahead), every send
 * is cut off before that lease ends, and complete/fail change the job only if the token still
 * matches. A duplicate e-mail is then possible only when a process dies between the mail server's
 * "accepted" and the commit; the Message-ID is the same, so mail clients fold the two.
 */
import { DEFAULTS, sendTimeoutFor } from '../config.ts';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ClaimedJob, LeadStore, StoredLead } from '../storage/types.ts';
import { TRANSPORTS, type Purpose, type Transport } from '../storage/purposes.ts';
import { Repeater } from './repeater.ts';
import { redactText } from '../http/log-redaction.ts';
import { withBusinessDetails } from '../../core/business.ts';
import type { BusinessDetails } from '../../core/business-details.ts';

/**
 * Does one job's work, whatever its purpose, reading what it needs itself; it gets the claim, so
 * what it writes can be fenced by it as well.
 */
export type JobSender = ((job: ClaimedJob, signal?: AbortSignal) => Promise<void>) & { close?: () => void };

/** A failure that another try cannot mend (the lead is gone): the job is dead at once. */
export class PermanentFailure extends Error {}

/** A passing failure whose peer said when to try again (a 429's Retry-After): the retry waits at least that long. */
export class RetryLater extends Error {
  readonly afterMs: number;
  constructor(message: string, afterMs: number) {
    super(message);
    this.afterMs = afterMs;
  }
}

/**
 * Sends one lead's own message, given the lead as stored when the job runs. `signal` aborts when
 * the outbox gives up on the send (its timeout): the sender should then drop the attempt so it is
 * not delivered after all. `close` ends any connections it keeps open.
 */
export type LeadSender = ((lead: StoredLead, signal?: AbortSignal) => Promise<void>) & { close?: () => void };

/** One sender of a purpose that travels several ways: each job goes by its own transport's sender. */
export function byTransport(senders: Partial<Record<Transport, JobSender>>): JobSender {
  const sender: JobSender = async (job, signal) => {
    const send = senders[job.transport];
    if (!send) throw new PermanentFailure(`no ${job.transport} sender for ${job.purpose} jobs`);
    return send(job, signal);
  };
  sender.close = () => Object.values(senders).forEach((s) => s.close?.());
  return sender;
}

/** The job sender of a lead's message: it reads the lead, and a lead deleted meanwhile ends the job. */
export function aboutLead(store: LeadStore, send: LeadSender): JobSender {
  const sender: JobSender = async (job, signal) => {
    const lead = job.lead_id ? await store.getLead(job.lead_id) : undefined;
    if (!lead) throw new PermanentFailure('lead no longer exists');
    return send(lead, signal);
  };
  if (send.close) sender.close = () => send.close?.();
  return sender;
}

export interface BackoffOptions {
  baseMs?: number;
  maxMs?: number;
  random?: () => number;
}

/**
 * An SMTP answer in the 5xx range is the server's final word (no such mailbox, a refused address):
 * sending again in an hour gets the same answer, so the job is dead at once, with that error.
 * Timeouts, dropped connections and 4xx answers are passing troubles and are retried.
 */
export function isPermanentFailure(error: unknown): boolean {
  if (error instanceof PermanentFailure) return true;
  if (typeof error !== 'object' || error === null || !('responseCode' in error)) return false;
  const code = Number(error.responseCode);
  return code >= 500 && code < 600;
}

/** Delay before retry number `attempt` (1 = first retry): base x 2^(attempt-1), capped, with full jitter in its upper half. */
export function backoffDelay(
  attempt: number,
  { baseMs = DEFAULTS.outbox.retryBaseMs, maxMs = DEFAULTS.outbox.retryMaxMs, random = Math.random }: BackoffOptions = {},
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export interface WorkerOptions {
  store: LeadStore;
  /** A sender for each purpose this instance does; it claims only those, and another instance does the rest. */
  senders: Partial<Record<Purpose, JobSender>>;
  /** The transports this instance carries (text messages only where they are configured); all when not given. */
  transports?: readonly Transport[];
  log: FastifyBaseLogger;
  pollIntervalMs: number;
  maxAttempts: number;
  backoff?: BackoffOptions;
  leaseMs?: number;
  /** A send still running after this long counts as failed; must be shorter than the lease. */
  sendTimeoutMs?: number;
  /** Jobs in flight at once in this instance. */
  concurrency?: number;
  /** The business details of the version served now, which each send states as it starts; the release's when omitted. */
  businessDetails?: () => BusinessDetails | undefined;
}

class SendTimeout extends Error {}

/** Runs `work` with a signal that aborts after `ms`; rejects then, whether or not the work noticed. */
function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new SendTimeout(`no answer within ${ms} ms`));
    }, ms);
  });
  return Promise.race([work(controller.signal), timeout]).finally(() => clearTimeout(timer));
}

export class OutboxWorker {
  readonly #o: Required<Omit<WorkerOptions, 'backoff'>> & { backoff: BackoffOptions };
  readonly #owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly #purposes: Purpose[];
  readonly #polling: Repeater;
  /** Set by stop(): a runOnce in progress finishes its sends in flight and claims nothing more. */
  #stopping = false;

  constructor(options: WorkerOptions) {
    const leaseMs = options.leaseMs ?? DEFAULTS.outbox.leaseMs;
    this.#o = {
      concurrency: DEFAULTS.outbox.concurrency,
      backoff: {},
      transports: TRANSPORTS,
      businessDetails: () => undefined,
      ...options,
      leaseMs,
      sendTimeoutMs: sendTimeoutFor(leaseMs, options.sendTimeoutMs),
    };
    // An instance claims only what it can send; another instance with that sender will.
    this.#purposes = (Object.keys(options.senders) as Purpose[]).filter((p) => options.senders[p]);
    this.#polling = new Repeater(
      () => this.runOnce(),
      this.#o.pollIntervalMs,
      (error) => this.#o.log.warn({ err: error }, 'outbox run failed'),
    );
  }

  start(): void {
    this.#stopping = false;
    this.#polling.start();
  }

  /** Asks for a run now (after a new lead), instead of waiting for the next poll. */
  nudge(): void {
    this.#wake?.();
    this.#polling.soon();
  }

  /** Ends the current wait for a send early (see runOnce); set only while a run waits. */
  #wake: (() => void) | undefined;

  /** Resolves at the next nudge or after one poll interval, whichever comes first. */
  #nudgeOrPoll(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.#wake?.(), this.#o.pollIntervalMs);
      this.#wake = () => {
        clearTimeout(timer);
        this.#wake = undefined;
        resolve();
      };
    });
  }

  /** Stops between jobs: sends in flight finish (bounded by the send timeout), nothing new is claimed. */
  async stop(): Promise<void> {
    this.#stopping = true;
    await this.#polling.stop();
  }

  /** Delivers due jobs, up to `concurrency` at a time, until none is due; returns how many were attempted. */
  async runOnce(): Promise<number> {
    const { store, leaseMs, concurrency } = this.#o;
    let attempted = 0;
    const inFlight = new Set<Promise<void>>();
    let drained = false;
    while (!drained || inFlight.size > 0) {
      if (!drained && !this.#stopping && inFlight.size < concurrency) {
        // Claim only what can start now, so no claimed job waits in a queue while its lease runs.
        const asked = Date.now();
        const jobs = await store.claimJobs({
          purposes: this.#purposes,
          transports: this.#o.transports,
          limit: concurrency - inFlight.size,
          leaseMs,
          owner: this.#owner,
        });
        if (jobs.length === 0) drained = true;
        for (const job of jobs) {
          attempted++;
          const p = this.#deliver(job, asked).finally(() => inFlight.delete(p));
          inFlight.add(p);
        }
        if (jobs.length > 0) continue;
      }
      if (this.#stopping) drained = true;
      if (inFlight.size > 0) {
        // A slow send must not hold back a job that comes due meanwhile (a nudge is not heard while a
        // run is under way): the wait also ends at a nudge or a poll interval, and a free slot is
        // offered to the store again.
        await Promise.race([...inFlight, this.#nudgeOrPoll()]);
        this.#wake?.();
        if (!this.#stopping) drained = false;
      }
    }
    return attempted;
  }

  async #send(job: ClaimedJob, signal: AbortSignal): Promise<void> {
    const send = this.#o.senders[job.purpose];
    if (!send) throw new Error(`no sender for ${job.purpose} jobs here`);
    return send(job, signal);
  }

  /** `askedAt`: when the claim was asked for; its lease ends no sooner than `askedAt + leaseMs`. */
  async #deliver(job: ClaimedJob, askedAt: number): Promise<void> {
    const { store, log, maxAttempts, leaseMs, sendTimeoutMs } = this.#o;
    const context = { leadId: job.lead_id, purpose: job.purpose, attempt: job.attempts + 1 };
    try {
      if (this.#stopping) {
        await store.releaseJob(job);
        return;
      }
      // The send must end (or be cut off) before the lease does. A claim this fresh still has that
      // long ahead; an older one is renewed first, or dropped if another worker has it by now.
      const fresh = Date.now() - askedAt < leaseMs - sendTimeoutMs - 1000;
      if (!fresh && !(await store.renewClaim(job, leaseMs))) {
        log.info(context, 'notification claim lost before sending; another worker has it');
        return;
      }
      try {
        const details = this.#o.businessDetails();
        await withTimeout((signal) => withBusinessDetails(details, () => this.#send(job, signal)), sendTimeoutMs);
      } catch (error) {
        // A mail server's refusal may quote the message, links and all: the stored error (shown in the
        // inbox and the CLI) keeps none of their secrets.
        const message = redactText(error instanceof Error ? error.message : String(error));
        const retryIn =
          context.attempt >= maxAttempts || isPermanentFailure(error)
            ? null
            : Math.max(backoffDelay(context.attempt, this.#o.backoff), error instanceof RetryLater ? error.afterMs : 0);
        const recorded = await store.failJob(job, message, retryIn);
        log.warn({ ...context, dead: retryIn === null, error: message, recorded }, 'notification failed');
        return;
      }
      if (await store.completeJob(job)) log.info(context, 'notification delivered');
      else log.warn(context, 'notification sent but its claim was lost before the commit; it may be sent again');
    } catch (error) {
      // The database failed: the lease runs out and the job is claimed again.
      log.warn({ ...context, err: error }, 'outbox bookkeeping failed');
    }
  }
}
