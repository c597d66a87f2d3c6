/** The embedded default: SQLite through Node's built-in node:sqlite, WAL with synchronous=FULL. */
import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Lead } from '../../src/lib/lead.ts';
import { leadColumns, migrations } from './schema.ts';
import type { Channel, InsertOptions, LeadStore, ListOptions, OutboxJob, StoredLead } from './types.ts';

type Row = Record<string, unknown>;

function toLead(row: Row): StoredLead {
  const lead = { id: String(row.id), created_at: String(row.created_at), spam: Boolean(row.spam), spam_reason: String(row.spam_reason ?? '') } as StoredLead;
  for (const c of leadColumns) (lead as unknown as Record<string, string>)[c] = String(row[c] ?? '');
  return lead;
}

function toJob(row: Row): OutboxJob {
  return {
    id: String(row.id),
    lead_id: String(row.lead_id),
    channel: row.channel as Channel,
    status: row.status as OutboxJob['status'],
    attempts: Number(row.attempts),
    next_attempt_at: Number(row.next_attempt_at),
    last_error: row.last_error === null || row.last_error === undefined ? null : String(row.last_error),
  };
}

/**
 * The created_at the list starts from: `since`, or the paging cursor's when later. One bound, so
 * the created_at index seeks straight to the page instead of scanning from `since` for every page.
 */
function lowerBound(since: Date | undefined, after: ListOptions['after']): string {
  const from = (since ?? new Date(0)).toISOString();
  return after && after.created_at > from ? after.created_at : from;
}

export class SqliteLeadStore implements LeadStore {
  readonly kind = 'sqlite' as const;
  readonly #db: DatabaseSync;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.#db = new DatabaseSync(file);
    this.#db.exec('PRAGMA journal_mode = WAL');
    this.#db.exec('PRAGMA synchronous = FULL');
    this.#db.exec('PRAGMA busy_timeout = 5000');
    this.#db.exec('PRAGMA foreign_keys = ON');
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
        for (const sql of statements) this.#db.exec(sql);
        this.#db.prepare('INSERT INTO schema_migrations (version) VALUES (?)').run(version);
      });
    });
  }

  async insertLead(lead: Lead, { spam, spamReason = '', channels }: InsertOptions): Promise<StoredLead> {
    const id = randomUUID();
    const createdAt = new Date().toISOString();
    const cols = ['id', 'created_at', 'spam', 'spam_reason', ...leadColumns];
    const values = [id, createdAt, spam ? 1 : 0, spam ? spamReason : '', ...leadColumns.map((c) => lead[c])];
    this.#tx(() => {
      this.#db.prepare(`INSERT INTO leads (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`).run(...values);
      const job = this.#db.prepare('INSERT INTO outbox (id, lead_id, channel, next_attempt_at) VALUES (?, ?, ?, ?)');
      for (const channel of channels) job.run(randomUUID(), id, channel, Date.now());
    });
    return { ...lead, id, created_at: createdAt, spam, spam_reason: spam ? spamReason : '' };
  }

  async getLead(id: string): Promise<StoredLead | undefined> {
    const row = this.#db.prepare('SELECT * FROM leads WHERE id = ?').get(id) as Row | undefined;
    return row ? toLead(row) : undefined;
  }

  async listLeads({ since, includeSpam = false, after, limit }: ListOptions = {}): Promise<StoredLead[]> {
    const rows = this.#db
      .prepare(
        `SELECT * FROM leads WHERE created_at >= ? ${includeSpam ? '' : 'AND spam = 0'} ${after ? 'AND (created_at, id) > (?, ?)' : ''}
         ORDER BY created_at, id ${limit ? 'LIMIT ?' : ''}`,
      )
      .all(lowerBound(since, after), ...(after ? [after.created_at, after.id] : []), ...(limit ? [limit] : [])) as Row[];
    return rows.map(toLead);
  }

  async ping(): Promise<void> {
    this.#db.prepare('SELECT 1').get();
  }

  async claimJobs(limit: number, now: number, leaseMs: number): Promise<OutboxJob[]> {
    const rows = this.#tx(
      () =>
        this.#db
          .prepare(
            `UPDATE outbox SET locked_until = ? WHERE id IN (
               SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? AND locked_until <= ?
               ORDER BY next_attempt_at LIMIT ?) RETURNING *`,
          )
          .all(now + leaseMs, now, now, limit) as Row[],
    );
    return rows.map(toJob);
  }

  async completeJob(id: string, now: number): Promise<void> {
    this.#db
      .prepare("UPDATE outbox SET status = 'done', attempts = attempts + 1, delivered_at = ?, locked_until = 0, last_error = NULL WHERE id = ?")
      .run(now, id);
  }

  async failJob(id: string, error: string, nextAttemptAt: number | null): Promise<void> {
    this.#db
      .prepare(
        'UPDATE outbox SET status = ?, attempts = attempts + 1, next_attempt_at = COALESCE(?, next_attempt_at), locked_until = 0, last_error = ? WHERE id = ?',
      )
      .run(nextAttemptAt === null ? 'dead' : 'pending', nextAttemptAt, error.slice(0, 1000), id);
  }

  async listJobs(leadId?: string): Promise<OutboxJob[]> {
    const rows = (
      leadId
        ? this.#db.prepare('SELECT * FROM outbox WHERE lead_id = ? ORDER BY channel').all(leadId)
        : this.#db.prepare('SELECT * FROM outbox ORDER BY lead_id, channel').all()
    ) as Row[];
    return rows.map(toJob);
  }

  async markNotSpam(id: string, channels: Channel[], now: number): Promise<boolean> {
    return this.#tx(() => {
      const cleared = this.#db.prepare("UPDATE leads SET spam = 0, spam_reason = '' WHERE id = ? AND spam = 1").run(id);
      if (Number(cleared.changes) === 0) return false;
      const job = this.#db.prepare('INSERT INTO outbox (id, lead_id, channel, next_attempt_at) VALUES (?, ?, ?, ?) ON CONFLICT (lead_id, channel) DO NOTHING');
      for (const channel of channels) job.run(randomUUID(), id, channel, now);
      return true;
    });
  }

  async retryDead(now: number): Promise<number> {
    const result = this.#db.prepare("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, locked_until = 0 WHERE status = 'dead'").run(now);
    return Number(result.changes);
  }

  async purgeBefore(before: Date): Promise<number> {
    const result = this.#db.prepare('DELETE FROM leads WHERE created_at < ?').run(before.toISOString());
    return Number(result.changes);
  }

  async close(): Promise<void> {
    if (this.#db.isOpen) this.#db.close();
  }
}
