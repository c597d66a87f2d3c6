/**
 * The scale-out store: PostgreSQL through pg, for several server instances sharing one database.
 * Workers lease outbox jobs with FOR UPDATE SKIP LOCKED, so no two instances deliver the same job at once.
 */
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import type { Lead } from '../../src/lib/lead.ts';
import { leadColumns, migrations } from './schema.ts';
import type { Channel, InsertOptions, LeadStore, ListOptions, OutboxJob, StoredLead } from './types.ts';

type Row = Record<string, unknown>;

// BIGINT columns (epoch milliseconds) come back as numbers; they fit well inside 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

function toLead(row: Row): StoredLead {
  const created = row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at);
  const lead = { id: String(row.id), created_at: created, spam: Boolean(row.spam), spam_reason: String(row.spam_reason ?? '') } as StoredLead;
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
    last_error: (row.last_error as string | null) ?? null,
  };
}

export class PostgresLeadStore implements LeadStore {
  readonly kind = 'postgres' as const;
  readonly #pool: pg.Pool;
  readonly #onError: (error: Error) => void;

  constructor(connectionString: string, options: { max?: number; onError?: (error: Error) => void } = {}) {
    this.#pool = new pg.Pool({ connectionString, max: options.max ?? 10, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30000 });
    this.#onError = options.onError ?? (() => undefined);
    // A dropped connection must not crash the process: the pool replaces it and the next query reconnects.
    this.#pool.on('error', this.#onError);
  }

  async #tx<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.#pool.connect();
    // The pool only listens for errors on idle clients; a connection that dies while checked out
    // would otherwise emit an unhandled 'error' and take the process down.
    client.on('error', this.#onError);
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => (broken = true));
      throw error;
    } finally {
      client.off('error', this.#onError);
      // A connection that cannot even roll back is discarded, not handed to the next request.
      client.release(broken);
    }
  }

  async migrate(): Promise<void> {
    await this.#tx(async (client) => {
      // One migrator at a time across instances.
      await client.query('SELECT pg_advisory_xact_lock(7413001)');
      await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)');
      const { rows } = await client.query('SELECT version FROM schema_migrations');
      const done = new Set(rows.map((r: Row) => Number(r.version)));
      const all = migrations('postgres');
      for (let i = 0; i < all.length; i++) {
        if (done.has(i + 1)) continue;
        for (const sql of all[i]!) await client.query(sql);
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [i + 1]);
      }
    });
  }

  async insertLead(lead: Lead, { spam, spamReason = '', channels }: InsertOptions): Promise<StoredLead> {
    const id = randomUUID();
    const createdAt = new Date();
    const cols = ['id', 'created_at', 'spam', 'spam_reason', ...leadColumns];
    const values = [id, createdAt, spam, spam ? spamReason : '', ...leadColumns.map((c) => lead[c])];
    await this.#tx(async (client) => {
      await client.query(`INSERT INTO leads (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`, values);
      for (const channel of channels) {
        await client.query('INSERT INTO outbox (id, lead_id, channel, next_attempt_at) VALUES ($1, $2, $3, $4)', [randomUUID(), id, channel, Date.now()]);
      }
    });
    return { ...lead, id, created_at: createdAt.toISOString(), spam, spam_reason: spam ? spamReason : '' };
  }

  async getLead(id: string): Promise<StoredLead | undefined> {
    const { rows } = await this.#pool.query('SELECT * FROM leads WHERE id = $1', [id]);
    return rows[0] ? toLead(rows[0]) : undefined;
  }

  async listLeads({ since, includeSpam = false, after, limit }: ListOptions = {}): Promise<StoredLead[]> {
    // One lower bound on created_at (the paging cursor's when later), so the index seeks straight to the page.
    const from = since ?? new Date(0);
    const params: unknown[] = [after && new Date(after.created_at) > from ? new Date(after.created_at) : from];
    const afterSql = after ? `AND (created_at, id) > ($${params.push(new Date(after.created_at))}, $${params.push(after.id)})` : '';
    const limitSql = limit ? `LIMIT $${params.push(limit)}` : '';
    const { rows } = await this.#pool.query(
      `SELECT * FROM leads WHERE created_at >= $1 ${includeSpam ? '' : 'AND NOT spam'} ${afterSql} ORDER BY created_at, id ${limitSql}`,
      params,
    );
    return rows.map(toLead);
  }

  async ping(): Promise<void> {
    await this.#pool.query('SELECT 1');
  }

  async claimJobs(limit: number, now: number, leaseMs: number): Promise<OutboxJob[]> {
    const { rows } = await this.#pool.query(
      `UPDATE outbox SET locked_until = $1 WHERE id IN (
         SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= $2 AND locked_until <= $2
         ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED) RETURNING *`,
      [now + leaseMs, now, limit],
    );
    return rows.map(toJob);
  }

  async completeJob(id: string, now: number): Promise<void> {
    await this.#pool.query("UPDATE outbox SET status = 'done', attempts = attempts + 1, delivered_at = $1, locked_until = 0, last_error = NULL WHERE id = $2", [
      now,
      id,
    ]);
  }

  async failJob(id: string, error: string, nextAttemptAt: number | null): Promise<void> {
    await this.#pool.query(
      'UPDATE outbox SET status = $1, attempts = attempts + 1, next_attempt_at = COALESCE($2, next_attempt_at), locked_until = 0, last_error = $3 WHERE id = $4',
      [nextAttemptAt === null ? 'dead' : 'pending', nextAttemptAt, error.slice(0, 1000), id],
    );
  }

  async listJobs(leadId?: string): Promise<OutboxJob[]> {
    const { rows } = leadId
      ? await this.#pool.query('SELECT * FROM outbox WHERE lead_id = $1 ORDER BY channel', [leadId])
      : await this.#pool.query('SELECT * FROM outbox ORDER BY lead_id, channel');
    return rows.map(toJob);
  }

  async markNotSpam(id: string, channels: Channel[], now: number): Promise<boolean> {
    return this.#tx(async (client) => {
      const cleared = await client.query("UPDATE leads SET spam = FALSE, spam_reason = '' WHERE id = $1 AND spam", [id]);
      if (!cleared.rowCount) return false;
      for (const channel of channels) {
        await client.query('INSERT INTO outbox (id, lead_id, channel, next_attempt_at) VALUES ($1, $2, $3, $4) ON CONFLICT (lead_id, channel) DO NOTHING', [
          randomUUID(),
          id,
          channel,
          now,
        ]);
      }
      return true;
    });
  }

  async retryDead(now: number): Promise<number> {
    const result = await this.#pool.query("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = $1, locked_until = 0 WHERE status = 'dead'", [
      now,
    ]);
    return result.rowCount ?? 0;
  }

  async purgeBefore(before: Date): Promise<number> {
    const result = await this.#pool.query('DELETE FROM leads WHERE created_at < $1', [before]);
    return result.rowCount ?? 0;
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}
