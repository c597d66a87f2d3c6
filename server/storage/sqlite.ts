/** The embedded default: SQLite through Node's built-in node:sqlite, WAL with synchronous=FULL. */
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomUUID } from 'node:crypto';
import { leadColumns, type Lead } from '../../core/lead/schema.ts';
import { migrations } from './migrations.ts';
import { submissionKey } from './submission-key.ts';
import { toClaimed, toLead, type Row } from './rows.ts';
import { driveSync, type Work } from './steps.ts';
import { sqliteExecutor, statementCache } from './sqlite-dialect.ts';
import { SqliteReader } from './sqlite-reader.ts';
import { inboxColumns } from './lead-work.ts';
import { SharedStore } from './shared-store.ts';
import type { ClaimedJob, ClaimOptions, InsertOptions, StoredLead } from './types.ts';
import { defaultTransport, TRANSPORTS } from './purposes.ts';

export class SqliteLeadStore extends SharedStore {
  readonly kind = 'sqlite' as const;
  readonly #db: DatabaseSync;
  readonly #reader: SqliteReader | undefined;
  /** Statements prepared once: the insert path runs them for every post. */
  readonly #statement: (sql: string) => StatementSync;

  /** `readOnly`: for reading tools and tests; every write then fails. */
  constructor(file: string, { readOnly = false }: { readOnly?: boolean } = {}) {
    super();
    mkdirSync(dirname(file), { recursive: true });
    this.#db = new DatabaseSync(file, { readOnly });
    this.#statement = statementCache(this.#db);
    this.#reader = file === ':memory:' ? undefined : new SqliteReader(file);
    if (!readOnly) this.#db.exec('PRAGMA journal_mode = WAL');
    this.#db.exec('PRAGMA synchronous = FULL');
    this.#db.exec('PRAGMA busy_timeout = 5000');
    this.#db.exec('PRAGMA foreign_keys = ON');
    // Deleted leads (purge) are overwritten on disk, not just unlinked.
    this.#db.exec('PRAGMA secure_delete = ON');
  }

  #tx<T>(fn: () => T): T {
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      const result = fn();
      this.#db.exec('COMMIT');
      return result;
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  async migrate(): Promise<void> {
    this.#db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)');
    const done = new Set((this.#db.prepare('SELECT version FROM schema_migrations').all() as Row[]).map((r) => Number(r.version)));
    migrations('sqlite').forEach((statements, i) => {
      const version = i + 1;
      if (done.has(version)) return;
      this.#tx(() => {
        for (const step of statements) {
          if (typeof step === 'string') this.#db.exec(step);
          else driveSync(step(), this.#execute);
        }
        this.#db.prepare('INSERT INTO schema_migrations (version) VALUES (?)').run(version);
      });
    });
  }

  /**
   * Group commit: the inserts that arrive while the event loop is busy wait for one transaction and
   * so share one fsync (synchronous=FULL), which is what limits posts per second. Nobody is answered
   * before COMMIT has returned, so each success is still durable; each insert runs under its own
   * savepoint, so one that fails is rolled back alone.
   */
  insertLead(lead: Lead, options: InsertOptions): Promise<StoredLead & { repeated: boolean }> {
    const { promise, resolve, reject } = Promise.withResolvers<StoredLead & { repeated: boolean }>();
    this.#waitingInserts.push({ run: () => this.#insertOne(lead, options), queues: options.purposes.length > 0, resolve, reject });
    if (this.#waitingInserts.length === 1) setImmediate(() => this.#commitInserts());
    return promise;
  }

  #waitingInserts: {
    run: () => StoredLead & { repeated: boolean };
    /** Whether the lead comes with jobs (a spam lead has none). */
    queues: boolean;
    resolve: (lead: StoredLead & { repeated: boolean }) => void;
    reject: (error: unknown) => void;
  }[] = [];

  #commitInserts(): void {
    const group = this.#waitingInserts.splice(0);
    if (group.length === 0) return;
    const outcomes: ({ ok: true; lead: StoredLead & { repeated: boolean }; queued: boolean } | { ok: false; error: unknown })[] = [];
    try {
      this.#db.exec('BEGIN IMMEDIATE');
      // Prepared once rather than parsed by exec() for every lead: this loop is the posts' hot path.
      const [savepoint, release] = [this.#statement('SAVEPOINT one_lead'), this.#statement('RELEASE one_lead')];
      for (const insert of group) {
        savepoint.run();
        try {
          outcomes.push({ ok: true, lead: insert.run(), queued: insert.queues });
          release.run();
        } catch (error) {
          this.#db.exec('ROLLBACK TO one_lead');
          release.run();
          outcomes.push({ ok: false, error });
        }
      }
      this.#db.exec('COMMIT');
    } catch (error) {
      // The whole group failed (the database is closed, read-only or broken): undo what began.
      if (this.#db.isOpen && this.#db.isTransaction) this.#db.exec('ROLLBACK');
      for (const insert of group) insert.reject(error);
      return;
    }
    if (outcomes.some((o) => o.ok && !o.lead.repeated && o.queued)) this.jobsCommitted();
    group.forEach((insert, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) insert.resolve(outcome.lead);
      else insert.reject(outcome.error);
    });
  }

  /** The lead's INSERT, prepared at the first post: its columns are the lead's and inboxColumns' own. */
  #leadInsert: StatementSync | undefined;

  /** One lead and its jobs, inside the group's transaction; the look-up and the insert share its write lock, so two identical posts cannot both miss. */
  #insertOne(lead: Lead, { spam, spamReason = '', purposes, repeatWindowMs = 0 }: InsertOptions): StoredLead & { repeated: boolean } {
    const id = randomUUID();
    const now = Date.now();
    const createdAt = new Date(now).toISOString();
    const key = submissionKey(lead, spam);
    if (repeatWindowMs > 0) {
      const earlier = this.#statement('SELECT * FROM leads WHERE submission_key = ? AND created_at > ? ORDER BY created_at DESC LIMIT 1').get(
        key,
        new Date(now - repeatWindowMs).toISOString(),
      ) as Row | undefined;
      if (earlier) return { ...toLead(earlier), repeated: true };
    }
    const inbox = inboxColumns(lead, spam, new Date(now));
    if (!this.#leadInsert) {
      const columns = ['id', 'created_at', 'spam', 'spam_reason', 'submission_key', ...leadColumns, ...Object.keys(inbox)];
      this.#leadInsert = this.#db.prepare(`INSERT INTO leads (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
    }
    this.#leadInsert.run(
      id,
      createdAt,
      spam ? 1 : 0,
      spam ? spamReason : '',
      key,
      ...leadColumns.map((c) => lead[c]),
      ...Object.values(inbox).map((v) => (typeof v === 'boolean' ? Number(v) : v)),
    );
    const job = this.#statement('INSERT INTO outbox (id, lead_id, purpose, transport, next_attempt_at) VALUES (?, ?, ?, ?, ?)');
    for (const purpose of purposes) job.run(randomUUID(), id, purpose, defaultTransport(purpose), now);
    return { ...lead, id, created_at: createdAt, spam, spam_reason: spam ? spamReason : '', urgent: inbox.urgent, repeated: false };
  }

  // One process writes this file, so the local clock is the database's clock.
  async claimJobs({ purposes, transports = TRANSPORTS, limit, leaseMs, owner }: ClaimOptions): Promise<ClaimedJob[]> {
    if (purposes.length === 0 || transports.length === 0 || limit < 1) return [];
    const now = Date.now();
    const rows = this.#tx(() => {
      const due = this.#db
        .prepare(
          `SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? AND locked_until <= ?
           AND purpose IN (${purposes.map(() => '?').join(', ')}) AND transport IN (${transports.map(() => '?').join(', ')})
           ORDER BY next_attempt_at LIMIT ?`,
        )
        .all(now, now, ...purposes, ...transports, limit) as Row[];
      const claim = this.#db.prepare('UPDATE outbox SET locked_until = ?, claim_token = ?, claimed_by = ? WHERE id = ? RETURNING *');
      return due.map((r) => claim.get(now + leaseMs, randomUUID(), owner, String(r.id)) as Row);
    });
    return rows.map(toClaimed);
  }

  /** Set while a unit of work that queued jobs runs; its workers are woken once it has committed. */
  #queued = false;
  #execute = sqliteExecutor(
    (sql) => this.#statement(sql),
    () => (this.#queued = true),
  );

  /** Runs a unit of work, then wakes the workers if it queued jobs (a rollback throws first). */
  #drive<T>(run: () => T): T {
    this.#queued = false;
    const result = run();
    if (this.#queued) this.jobsCommitted();
    this.#queued = false;
    return result;
  }

  async transact<T>(work: () => Work<T>): Promise<T> {
    try {
      return this.#drive(() => this.#tx(() => driveSync(work(), this.#execute)));
    } finally {
      this.#queued = false;
    }
  }

  protected async autocommit<T>(work: () => Work<T>): Promise<T> {
    try {
      return this.#drive(() => driveSync(work(), this.#execute));
    } finally {
      this.#queued = false;
    }
  }

  async readAside<A extends unknown[], T>(module: string, work: (...args: A) => Work<T>, ...args: A): Promise<T> {
    // A database in memory exists only on this connection.
    return this.#reader ? this.#reader.run(module, work, args) : this.read(() => work(...args));
  }

  // secure_delete zeroed the freed pages; the old page images in the write-ahead log go too.
  protected override async afterPurge(): Promise<void> {
    this.#db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  }

  async close(): Promise<void> {
    await this.#reader?.close();
    this.#commitInserts(); // inserts already accepted are committed (or refused) before the file closes
    if (this.#db.isOpen) this.#db.close();
  }
}
