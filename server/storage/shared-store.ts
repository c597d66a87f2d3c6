/**
 * What both stores do alike, written once as units of work over the store's own driver: the
 * stored leads as records, the outbox's jobs after they are claimed, the backlog and the health
 * check, waking the workers once jobs are committed. A store adds only what differs: its driver
 * and transactions, its migrations, the SQL that claims jobs (SKIP LOCKED on PostgreSQL) and
 * storing a lead in one step.
 */
import type { Lead } from '../../core/lead/schema.ts';
import { markWritable, purgeLeads, storedLead, storedLeads } from './lead-records.ts';
import { completeJob, failJob, listJobs, outboxStatus, releaseJob, renewClaim, retryDead } from './outbox-jobs.ts';
import { TRANSPORTS, type Transport } from './purposes.ts';
import { toClaimed, type Row } from './rows.ts';
import type { Work } from './steps.ts';
import type { ClaimedJob, ClaimOptions, InsertOptions, LeadStore, ListOptions, OutboxJob, OutboxStatus, RateLimitCount, StoredLead } from './types.ts';

export abstract class SharedStore implements LeadStore {
  abstract readonly kind: LeadStore['kind'];
  abstract migrate(): Promise<void>;
  abstract insertLead(lead: Lead, options: InsertOptions): Promise<StoredLead & { repeated: boolean; rate?: RateLimitCount | undefined }>;
  /** Leases the due jobs in the store's own SQL and returns their rows; asked only when there is something to claim. */
  protected abstract claimRows(claim: ClaimOptions & { transports: readonly Transport[] }): Promise<Row[]>;
  /** Runs a unit of work on the store's driver, inside a transaction or not; `queued` is told when it queues jobs. */
  protected abstract drive<T>(work: () => Work<T>, queued: () => void, inTransaction: boolean): T | Promise<T>;
  abstract close(): Promise<void>;

  async claimJobs({ transports = TRANSPORTS, ...claim }: ClaimOptions): Promise<ClaimedJob[]> {
    if (claim.purposes.length === 0 || transports.length === 0 || claim.limit < 1) return [];
    return (await this.claimRows({ ...claim, transports })).map(toClaimed);
  }

  transact<T>(work: () => Work<T>): Promise<T> {
    return this.#driveAndWake(work, true);
  }

  /** Runs a unit of work without a transaction around it: each statement commits by itself. */
  protected autocommit<T>(work: () => Work<T>): Promise<T> {
    return this.#driveAndWake(work, false);
  }

  /** Wakes the workers once a unit of work that queued jobs has returned, so committed; one that fails (rolled back) wakes nobody. */
  async #driveAndWake<T>(work: () => Work<T>, inTransaction: boolean): Promise<T> {
    let queued = false;
    const result = await this.drive(work, () => (queued = true), inTransaction);
    if (queued) this.jobsCommitted();
    return result;
  }

  /** Reads off the path of the store's other work where the store has such a path; here, as any read. */
  readAside<A extends unknown[], T>(_module: string, work: (...args: A) => Work<T>, ...args: A): Promise<T> {
    return this.read(() => work(...args));
  }

  readonly #jobListeners = new Set<() => void>();

  onNewJobs(listener: () => void): () => void {
    this.#jobListeners.add(listener);
    return () => this.#jobListeners.delete(listener);
  }

  /** Called by a store once a transaction that queued jobs has committed: its own workers are woken (after the caller's own code runs on). */
  protected jobsCommitted(): void {
    if (this.#jobListeners.size === 0) return;
    setImmediate(() => {
      for (const listener of this.#jobListeners) listener();
    });
  }

  read<T>(work: () => Work<T>): Promise<T> {
    return this.autocommit(work);
  }

  /** After a purge: whatever the store must do so the deleted bytes are gone from its files too. */
  protected async afterPurge(): Promise<void> {}

  getLead(id: string): Promise<StoredLead | undefined> {
    return this.read(() => storedLead(id));
  }

  listLeads(options: ListOptions = {}): Promise<StoredLead[]> {
    return this.read(() => storedLeads(options));
  }

  checkWritable(): Promise<void> {
    return this.autocommit(() => markWritable());
  }

  outboxStatus(deadLimit = 10): Promise<OutboxStatus> {
    return this.read(() => outboxStatus(deadLimit));
  }

  renewClaim(job: ClaimedJob, leaseMs: number): Promise<boolean> {
    return this.autocommit(() => renewClaim(job, leaseMs));
  }

  completeJob(job: ClaimedJob): Promise<boolean> {
    return this.autocommit(() => completeJob(job));
  }

  failJob(job: ClaimedJob, error: string, retryInMs: number | null): Promise<boolean> {
    return this.autocommit(() => failJob(job, error, retryInMs));
  }

  releaseJob(job: ClaimedJob): Promise<void> {
    return this.autocommit(() => releaseJob(job));
  }

  listJobs(leadId?: string): Promise<OutboxJob[]> {
    return this.read(() => listJobs(leadId));
  }

  retryDead(): Promise<number> {
    return this.autocommit(() => retryDead());
  }

  async purgeBefore(before: Date, { force = false }: { force?: boolean } = {}): Promise<{ deleted: number; kept: number }> {
    const result = await this.transact(() => purgeLeads(before, force));
    await this.afterPurge();
    return result;
  }
}
