/**
 * The scale-out store: PostgreSQL through pg, for several server instances sharing one database.
 * Workers lease outbox jobs with FOR UPDATE SKIP LOCKED, so no two instances deliver the same job at once.
 */
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import type { Lead } from '../../core/lead/schema.ts';
import { pendingMigrations, PG_NOW_MS, VERSIONS_TABLE } from './migrations.ts';
import type { Row } from './rows.ts';
import { ARRIVED_MS, driveAsync, numberedParams, NOW_MS, type News, type Query, type Work } from './steps.ts';
import { newLeadRow, storedNewLead } from './new-lead.ts';
import { arrivalTime } from '../../core/lead/arrival.ts';
import { RateLimitedError } from './types.ts';
import { defaultTransport, type Transport } from './purposes.ts';
import { SharedStore } from './shared-store.ts';
import { ChannelListener } from './channel-listener.ts';
import { SITE_CHANNEL } from './migrations/025-announce-site-versions.ts';
import { JOBS_CHANNEL } from './migrations/015-announce-jobs.ts';
import type { RateLimitCount, RateLimitCounter, ClaimOptions, InsertOptions, StoredLead } from './types.ts';

/** The channel each kind of news is announced on, named where it was first announced. */
const CHANNELS: Record<News, string> = { jobs: JOBS_CHANNEL, site: SITE_CHANNEL };

/** A lead's created_at in epoch milliseconds (the timestamps hold milliseconds, so the cast is exact). */
const PG_ARRIVED_MS = '(extract(epoch from created_at) * 1000)::bigint';

// BIGINT columns (epoch milliseconds) come back as numbers; they fit well inside 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export class PostgresLeadStore extends SharedStore {
  readonly kind = 'postgres' as const;
  readonly #pool: pg.Pool;
  readonly #onError: (error: Error) => void;
  readonly #jobs: ChannelListener;
  readonly #sites: ChannelListener;

  constructor(connectionString: string, options: { max?: number; onError?: (error: Error) => void } = {}) {
    super();
    this.#pool = new pg.Pool({ connectionString, max: options.max ?? 10, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30000 });
    this.#onError = options.onError ?? (() => undefined);
    // A dropped connection must not crash the process: the pool replaces it and the next query reconnects.
    this.#pool.on('error', this.#onError);
    this.#jobs = new ChannelListener(connectionString, JOBS_CHANNEL, this.#onError);
    this.#sites = new ChannelListener(connectionString, SITE_CHANNEL, this.#onError);
  }

  onSitePublished(listener: () => void): () => void {
    return this.#sites.add(listener);
  }

  override onNewJobs(listener: () => void): () => void {
    const mine = super.onNewJobs(listener);
    const others = this.#jobs.add(listener);
    return () => {
      mine();
      others();
    };
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
      await client.query(VERSIONS_TABLE);
      const { rows } = await client.query('SELECT version FROM schema_migrations');
      for (const { version, steps } of pendingMigrations('postgres', rows)) {
        for (const step of steps) {
          if (typeof step === 'string') await client.query(step);
          else await driveAsync(step(), this.#execute(client));
        }
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      }
    });
  }

  async insertLead(lead: Lead, options: InsertOptions): Promise<StoredLead & { repeated: boolean; rate?: RateLimitCount | undefined }> {
    const { purposes, repeatWindowMs = 0, rateLimit } = options;
    const sentAt = new Date();
    const row = newLeadRow(lead, options, sentAt);
    // One round trip (the store_lead procedure of migration 7): the rate-limit count, then the
    // dedupe lock, the look-up, the lead and its jobs.
    // Named, so each connection parses and plans the call once.
    const { rows } = await this.#pool.query({
      name: 'store_lead',
      text: 'CALL store_lead($1, $2, $3, $4, $5, $6, $7, $8)',
      values: [
        JSON.stringify(row),
        repeatWindowMs,
        purposes,
        purposes.map(defaultTransport),
        purposes.map(() => randomUUID()),
        rateLimit?.key ?? null,
        rateLimit?.max ?? 0,
        rateLimit?.windowMs ?? 0,
      ],
    });
    const stored = rows[0]!;
    const rate = rateLimit ? { hits: Number(stored.rate_hits), resetInMs: Number(stored.rate_reset_in) } : undefined;
    if (stored.limited) throw new RateLimitedError(rate!);
    if (stored.repeated) {
      const earlier = await this.getLead(String(stored.stored_id));
      if (earlier) return { ...earlier, repeated: true, rate };
    }
    const storedAt = new Date(stored.stored_at);
    if (purposes.length > 0) this.jobsCommitted();
    await this.#followStamp(row.id, sentAt, storedAt);
    return { ...storedNewLead(lead, row, storedAt.toISOString(), Boolean(stored.repeated)), rate };
  }

  /**
   * The database's clock stamps a lead, but its arrival columns were worked out by this process's
   * clock just before: when a minute turned in between (or the clocks disagree), the columns are
   * set again from the stamp. Within one minute they cannot differ (the zone changes its offset only
   * on the hour), so most leads skip the second reading. The lead is stored by then, so a failure
   * here is reported, not thrown: its report minute is off by the clocks' difference, while the
   * visitor is told the truth.
   */
  async #followStamp(id: string, sentAt: Date, storedAt: Date): Promise<void> {
    if (Math.floor(sentAt.getTime() / 60_000) === Math.floor(storedAt.getTime() / 60_000)) return;
    const stamped = arrivalTime(storedAt);
    await this.#pool
      .query('UPDATE leads SET nz_week = $1, nz_weekday = $2, nz_minutes = $3 WHERE id = $4', [stamped.nz_week, stamped.nz_weekday, stamped.nz_minutes, id])
      .catch((error: unknown) => this.#onError(error instanceof Error ? error : new Error(String(error))));
  }

  // Every time here is the database's clock: instances whose clocks disagree still agree on leases.
  protected async claimRows({ purposes, transports, limit, leaseMs, owner }: ClaimOptions & { transports: readonly Transport[] }): Promise<Row[]> {
    const { rows } = await this.#pool.query(
      `UPDATE outbox SET locked_until = ${PG_NOW_MS} + $1, claim_token = gen_random_uuid()::text, claimed_by = $2, claims = claims + 1 WHERE id IN (
         SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= ${PG_NOW_MS} AND locked_until <= ${PG_NOW_MS}
         AND purpose = ANY($3) AND transport = ANY($5) ORDER BY next_attempt_at LIMIT $4 FOR UPDATE SKIP LOCKED) RETURNING *`,
      [leaseMs, owner, purposes, limit, transports],
    );
    return rows;
  }

  /**
   * Shared SQL in PostgreSQL's dialect. Unnamed: some of it is built per call (filters, lists), and
   * a named statement would be kept by every connection for good and planned generically.
   */
  #execute(client: pg.Pool | pg.PoolClient, queued: () => void = () => undefined) {
    return async (query: Query): Promise<unknown> => {
      if (query.mode === 'announce') {
        // Inside the transaction: PostgreSQL delivers it at commit, and never after a rollback.
        // The schema names the database's news: instances of another schema on the same server hear the channel too.
        await client.query(`SELECT pg_notify('${CHANNELS[query.news]}', current_schema())`);
        if (query.news === 'jobs') queued();
        return 0;
      }
      const text = numberedParams(query.sql.replaceAll(NOW_MS, PG_NOW_MS).replaceAll(ARRIVED_MS, PG_ARRIVED_MS));
      const result = await client.query({ text, values: query.params });
      return query.mode === 'all' ? result.rows : (result.rowCount ?? 0);
    };
  }

  protected drive<T>(work: () => Work<T>, queued: () => void, inTransaction: boolean): Promise<T> {
    if (inTransaction) return this.#tx((client) => driveAsync(work(), this.#execute(client, queued)));
    return driveAsync(work(), this.#execute(this.#pool, queued));
  }

  sharedRateLimitCounter(): RateLimitCounter {
    return {
      hit: async (key, windowMs) => {
        // Now and then, drop windows that have ended, so the table stays the size of the live ones.
        if (Math.random() < 0.01) await this.#pool.query(`DELETE FROM rate_limits WHERE reset_at <= ${PG_NOW_MS}`);
        // count_rate_hit (migration 7) commits without waiting for the disk: see there why.
        const { rows } = await this.#pool.query('CALL count_rate_hit($1, $2)', [key, windowMs]);
        const row = rows[0]!;
        return { hits: Number(row.hits), resetInMs: Number(row.reset_in) };
      },
    };
  }

  async close(): Promise<void> {
    await Promise.all([this.#jobs.close(), this.#sites.close()]);
    await this.#pool.end();
  }
}
