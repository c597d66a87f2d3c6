/** The embedded default: SQLite through Node's built-in node:sqlite, WAL with synchronous=FULL. */
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Lead } from '../../core/lead/schema.ts';
import { pendingMigrations, VERSIONS_TABLE } from './migrations.ts';
import { toLead, type Row } from './rows.ts';
import { driveSync, type Work } from './steps.ts';
import { sqliteExecutor, statementCache } from './sqlite-dialect.ts';
import { SqliteReader } from './sqlite-reader.ts';
import { newLeadColumns, newLeadRow, storedNewLead } from './new-lead.ts';
import { SharedStore } from './shared-store.ts';
import type { ClaimOptions, InsertOptions, StoredLead } from './types.ts';
import { defaultTransport, type Transport } from './purposes.ts';

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
    this.#db.exec(VERSIONS_TABLE);
    const execute = sqliteExecutor(this.#statement, () => undefined);
    for (const { version, steps } of pendingMigrations('sqlite', this.#db.prepare('SELECT version FROM schema_migrations').all() as Row[]))
      this.#tx(() => {
        for (const step of steps) {
          if (typeof step === 'string') this.#db.exec(step);
          else driveSync(step(), execute);
        }
        this.#db.prepare('INSERT INTO schema_migrations (version) VALUES (?)').run(version);
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

  /** The lead's INSERT and its columns, prepared at the first post. */
  #leadInsert: { statement: StatementSync; columns: string[] } | undefined;

  /** One lead and its jobs, inside the group's transaction; the look-up and the insert share its write lock, so two identical posts cannot both miss. */
  #insertOne(lead: Lead, options: InsertOptions): StoredLead & { repeated: boolean } {
    const now = Date.now();
    const createdAt = new Date(now).toISOString();
    const { purposes, repeatWindowMs = 0 } = options;
    const row = newLeadRow(lead, options, new Date(now));
    if (repeatWindowMs > 0) {
      const earlier = this.#statement('SELECT * FROM leads WHERE submission_key = ? AND created_at > ? ORDER BY created_at DESC LIMIT 1').get(
        row.submission_key,
        new Date(now - repeatWindowMs).toISOString(),
      ) as Row | undefined;
      if (earlier) return { ...toLead(earlier), repeated: true };
    }
    if (!this.#leadInsert) {
      const columns = ['created_at', ...newLeadColumns(row)];
      this.#leadInsert = { columns, statement: this.#db.prepare(`INSERT INTO leads (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`) };
    }
    const values: Record<string, unknown> = { ...row, created_at: createdAt };
    // node:sqlite binds no booleans: spam and urgent are stored as 1 and 0.
    const bound = this.#leadInsert.columns.map((c) => (typeof values[c] === 'boolean' ? Number(values[c]) : values[c])) as (string | number)[];
    this.#leadInsert.statement.run(...bound);
    const job = this.#statement('INSERT INTO outbox (id, lead_id, purpose, transport, next_attempt_at) VALUES (?, ?, ?, ?, ?)');
    for (const purpose of purposes) job.run(randomUUID(), row.id, purpose, defaultTransport(purpose), now);
    return storedNewLead(lead, row, createdAt, false);
  }

  // One process writes this file, so the local clock is the database's clock.
  protected async claimRows({ purposes, transports, limit, leaseMs, owner }: ClaimOptions & { transports: readonly Transport[] }): Promise<Row[]> {
    const now = Date.now();
    return this.#tx(() => {
      const due = this.#db
        .prepare(
          `SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? AND locked_until <= ?
           AND purpose IN (${purposes.map(() => '?').join(', ')}) AND transport IN (${transports.map(() => '?').join(', ')})
           ORDER BY next_attempt_at LIMIT ?`,
        )
        .all(now, now, ...purposes, ...transports, limit) as Row[];
      const claim = this.#db.prepare('UPDATE outbox SET locked_until = ?, claim_token = ?, claimed_by = ?, claims = claims + 1 WHERE id = ? RETURNING *');
      return due.map((r) => claim.get(now + leaseMs, randomUUID(), owner, String(r.id)) as Row);
    });
  }

  protected drive<T>(work: () => Work<T>, queued: () => void, inTransaction: boolean): T {
    const run = () => driveSync(work(), sqliteExecutor(this.#statement, queued));
    return inTransaction ? this.#tx(run) : run();
  }

  override async readAside<A extends unknown[], T>(module: string, work: (...args: A) => Work<T>, ...args: A): Promise<T> {
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
