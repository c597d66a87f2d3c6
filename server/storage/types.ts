/**
 * Lead storage: one interface, two implementations (SQLite through node:sqlite, PostgreSQL through pg),
 * the same behaviour and the same tests. A lead and its notification jobs commit in one transaction
 * (the transactional outbox), so a lead the visitor was told about is never stored without its jobs.
 */
import type { Lead } from '../../core/lead/schema.ts';
import type { Work } from './steps.ts';

export { ALL_PURPOSES, LEAD_PURPOSES, type LeadPurpose, type Purpose } from './purposes.ts';
import type { LeadPurpose, Purpose, Transport } from './purposes.ts';
export const JOB_STATUSES = ['pending', 'done', 'dead'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface StoredLead extends Lead {
  id: string;
  /** ISO 8601, UTC. */
  created_at: string;
  spam: boolean;
  /** Why the spam screen flagged it ("; "-separated), empty when not spam. */
  spam_reason: string;
  /** Urgent by the rule of core/lead/urgency.ts, decided once when it was stored and read back from then on. */
  urgent: boolean;
  /**
   * An urgent request that no on-call partner covered when it arrived (server/dispatch/urgent-rule.ts):
   * its thank-you page and acknowledgement lead with the 24/7 line. Undefined when the question did
   * not arise (not urgent, or a business that does not dispatch).
   */
  nobody_on_call?: boolean | undefined;
}

export interface OutboxJob {
  id: string;
  /** Null for a job that belongs to no lead (the weekly digest). */
  lead_id: string | null;
  purpose: Purpose;
  /** How it travels (an offer's e-mail and its text are two jobs). */
  transport: Transport;
  /** The offer a partner's job is about; null otherwise. */
  offer_id: string | null;
  /** The week or date a job is for (the digest's week, the reminder's or the overnight summary's date); null otherwise. */
  period: string | null;
  status: JobStatus;
  attempts: number;
  /** Epoch milliseconds. */
  next_attempt_at: number;
  last_error: string | null;
}

/** A job this worker holds: `claim` is the fencing token that every later change must present. */
export interface ClaimedJob extends OutboxJob {
  claim: string;
  /** How many times the job has been claimed since it was queued, this claim included (a try whose process died counts here only). */
  claims: number;
  /** A link's token kept for this job's sends until it is delivered (a partner's offer); null otherwise. Never listed elsewhere. */
  secret: string | null;
}

export interface ClaimOptions {
  /** Only jobs of these purposes (the ones this instance can send). */
  purposes: readonly Purpose[];
  /** Only jobs travelling by these (an instance without text messages leaves texts to one with them); all when not given. */
  transports?: readonly Transport[] | undefined;
  limit: number;
  leaseMs: number;
  /** Who holds the claim (host, pid), for the logs and the database. */
  owner: string;
}

export interface InsertOptions {
  spam: boolean;
  spamReason?: string | undefined;
  /** The jobs queued with the lead: its notifications, and dispatch for an urgent one when dispatch is on. */
  purposes: (LeadPurpose | 'dispatch')[];
  repeatWindowMs?: number;
  /** Decided as the request arrives: no on-call partner covers it (kept with the lead, StoredLead.nobody_on_call). */
  nobodyOnCall?: boolean | undefined;
  /**
   * Count this post against a rate limit in the insert's own transaction (stores with shared
   * counters only): over the limit, nothing is stored and RateLimitedError is thrown.
   */
  rateLimit?: { key: string; max: number; windowMs: number } | undefined;
}

/** The result of counting one hit: hits in the current window and the milliseconds until it resets. */
export interface RateLimitCount {
  hits: number;
  resetInMs: number;
}

/** A post over its rate limit, refused by the store before anything was stored. */
export class RateLimitedError extends Error {
  readonly count: RateLimitCount;
  constructor(count: RateLimitCount) {
    super('rate limit reached');
    this.count = count;
  }
}

export interface OutboxStatus {
  pending: number;
  /** Seconds since the lead of the oldest pending job was stored; null when nothing is pending. */
  oldestPendingSeconds: number | null;
  dead: number;
  /** The most recent dead jobs, newest first, with their last error. */
  recentDead: OutboxJob[];
}

export interface ListOptions {
  since?: Date | undefined;
  includeSpam?: boolean | undefined;
  /** Only leads after this one in the list's order (created_at, id): keyset paging. */
  after?: Pick<StoredLead, 'created_at' | 'id'> | undefined;
  /** At most this many leads. */
  limit?: number | undefined;
}

export interface LeadStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Creates or upgrades the schema; safe to run at every start and from several instances. */
  migrate(): Promise<void>;
  /**
   * Stores the lead and one pending job per purpose asked for, atomically. Resolves only once durable. With
   * `repeatWindowMs`, a lead with the same content (and spam flag) stored within that window is
   * returned instead, with `repeated: true`, and nothing new is stored or queued.
   */
  insertLead(lead: Lead, options: InsertOptions): Promise<StoredLead & { repeated: boolean; rate?: RateLimitCount | undefined }>;
  getLead(id: string): Promise<StoredLead | undefined>;
  listLeads(options?: ListOptions): Promise<StoredLead[]>;
  /** Writes one row; throws when the database cannot take a write. */
  checkWritable(): Promise<void>;
  /** The backlog: pending and dead counts, the oldest pending job's age, and the latest `deadLimit` dead jobs. */
  outboxStatus(deadLimit?: number): Promise<OutboxStatus>;
  /**
   * Leases up to `limit` due jobs for `leaseMs` (by the database's clock on PostgreSQL) with a new
   * claim token each (FOR UPDATE SKIP LOCKED on PostgreSQL). A worker that dies loses its lease and
   * the job is claimed again, with a new token, by whoever comes next.
   */
  claimJobs(options: ClaimOptions): Promise<ClaimedJob[]>;
  /** Extends the lease to `leaseMs` from now if the claim is still held; false when it is not (do not send). */
  renewClaim(job: ClaimedJob, leaseMs: number): Promise<boolean>;
  /** Marks the job delivered if the claim is still held and the job pending; false (nothing changed) otherwise. */
  completeJob(job: ClaimedJob): Promise<boolean>;
  /** Records a failed attempt (retried after `retryInMs`, or dead when null) under the same condition as completeJob. */
  failJob(job: ClaimedJob, error: string, retryInMs: number | null): Promise<boolean>;
  /** Gives a claimed job back unattempted (at shutdown), so another instance may take it at once. */
  releaseJob(job: ClaimedJob): Promise<void>;
  listJobs(leadId?: string): Promise<OutboxJob[]>;
  /** Puts dead jobs back in the queue; returns how many. */
  retryDead(): Promise<number>;
  /**
   * Deletes leads (and their jobs) created before `before`, except leads with a notification still
   * pending or dead (never delivered) unless `force`. On SQLite the deleted bytes are overwritten
   * (secure_delete) and the write-ahead log emptied, so the data is really gone from the disk.
   */
  purgeBefore(before: Date, options?: { force?: boolean }): Promise<{ deleted: number; kept: number }>;
  /** Runs a unit of work written once for both stores (steps.ts) in one transaction. */
  transact<T>(work: () => Work<T>): Promise<T>;
  /** Runs a unit of work that only reads, outside a transaction. */
  read<T>(work: () => Work<T>): Promise<T>;
  /**
   * Runs a long read (a report over years of leads) where it cannot hold up the server's other
   * work: on SQLite in a worker thread with its own read-only connection, on PostgreSQL as `read`
   * does (the database does the work). The unit of work goes by the module that exports it
   * (`import.meta.url`) and its exported function, so a worker can load it; arguments and answer
   * must survive a structured clone.
   */
  readAside<A extends unknown[], T>(module: string, work: (...args: A) => Work<T>, ...args: A): Promise<T>;
  /**
   * Calls `listener` soon after a transaction commits new outbox jobs (a lead stored, a unit of work
   * that queued jobs; on PostgreSQL also another instance's), so a worker can claim them without
   * waiting for its poll; the returned function stops it.
   */
  onNewJobs(listener: () => void): () => void;
  /**
   * Calls `listener` soon after any instance on this database publishes a new version of the site,
   * so the others build and serve it without waiting for their poll; absent when there is one
   * instance (SQLite). The returned function stops it.
   */
  onSitePublished?(listener: () => void): () => void;
  /** Rate-limit counters every instance on this database shares; absent when there is one instance (SQLite). */
  sharedRateLimitCounter?(): RateLimitCounter;
  close(): Promise<void>;
}

/** Fixed-window hit counters, shared by every instance when they live in the database. */
export interface RateLimitCounter {
  /** Counts one hit on `key`; returns the hits in the current window and the milliseconds until it resets. */
  hit(key: string, windowMs: number): Promise<RateLimitCount>;
}
