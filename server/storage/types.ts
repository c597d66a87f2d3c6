/**
 * Lead storage: one interface, two implementations (SQLite through node:sqlite, PostgreSQL through pg),
 * the same behaviour and the same tests. A lead and its notification jobs commit in one transaction
 * (the transactional outbox), so a lead the visitor was told about is never stored without its jobs.
 */
import type { Lead } from '../../src/lib/lead.ts';

/** email: the business's notification; ack: the acknowledgement to the visitor; webhook: the JSON post. */
export type Channel = 'email' | 'ack' | 'webhook';
export type JobStatus = 'pending' | 'done' | 'dead';

export interface StoredLead extends Lead {
  id: string;
  /** ISO 8601, UTC. */
  created_at: string;
  spam: boolean;
  /** Why the spam screen flagged it ("; "-separated), empty when not spam. */
  spam_reason: string;
}

export interface OutboxJob {
  id: string;
  lead_id: string;
  channel: Channel;
  status: JobStatus;
  attempts: number;
  /** Epoch milliseconds. */
  next_attempt_at: number;
  last_error: string | null;
}

export interface InsertOptions {
  spam: boolean;
  spamReason?: string | undefined;
  channels: Channel[];
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
  /** Stores the lead and one pending job per channel, atomically. Resolves only once durable. */
  insertLead(lead: Lead, options: InsertOptions): Promise<StoredLead>;
  getLead(id: string): Promise<StoredLead | undefined>;
  listLeads(options?: ListOptions): Promise<StoredLead[]>;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * Leases up to `limit` due jobs for `leaseMs` so no other worker takes them meanwhile
   * (FOR UPDATE SKIP LOCKED on PostgreSQL). A worker that dies loses its lease and the job is retried.
   */
  claimJobs(limit: number, now: number, leaseMs: number): Promise<OutboxJob[]>;
  completeJob(id: string, now: number): Promise<void>;
  /** Records a failed attempt: retried at `nextAttemptAt`, or dead when that is null. */
  failJob(id: string, error: string, nextAttemptAt: number | null): Promise<void>;
  listJobs(leadId?: string): Promise<OutboxJob[]>;
  /**
   * Clears a lead's spam flag and queues its notification jobs, atomically; false when there is no
   * such lead or it was not flagged (so nothing is sent twice).
   */
  markNotSpam(id: string, channels: Channel[], now: number): Promise<boolean>;
  /** Puts dead jobs back in the queue; returns how many. */
  retryDead(now: number): Promise<number>;
  /** Deletes leads (and their jobs) created before `before`; returns how many leads. */
  purgeBefore(before: Date): Promise<number>;
  close(): Promise<void>;
}
