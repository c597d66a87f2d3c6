import type { Dialect } from '../migrations.ts';

/**
 * The database clock in epoch milliseconds, as released with this migration. The stores' own
 * PG_NOW_MS (migrations.ts) is the same expression; this copy is kept here so that the released
 * procedures never change with it (and a migration file imports nothing but types from the loader).
 */
const PG_NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

/**
 * Version 7: on PostgreSQL, storing a lead is one round trip, a procedure in two transactions.
 * The first counts the post against its sender's rate limit (count_rate_hit, also called on its
 * own for the other counters) and commits without waiting for the disk: a count lost in a crash only lets someone post a little more, while waiting would hold the
 * counter's row lock, and so every other post from that address, for a whole flush. Over the
 * limit, it stops there. The second takes the dedupe lock, looks for the same quote within the
 * window (each statement sees rows committed before it runs, so a twin that committed while this
 * one waited for the lock is found), then inserts the lead and one job per channel, durably. The
 * lead row is built from the JSON it is given, which must hold every column of leads (a missing
 * one would be NULL, not its default). SQLite needs none of this: it is in-process. Also on SQLite:
 * the rate_limits table of version 4 was never used there (one instance counts in memory).
 */
export function migration(dialect: Dialect): string[] {
  if (dialect === 'sqlite') return ['DROP TABLE IF EXISTS rate_limits'];
  return [
    `CREATE OR REPLACE PROCEDURE count_rate_hit(p_key TEXT, p_window_ms BIGINT, INOUT hits INTEGER DEFAULT NULL, INOUT reset_in BIGINT DEFAULT NULL)
LANGUAGE plpgsql AS $proc$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  INSERT INTO rate_limits AS r (key, reset_at, hits) VALUES (p_key, ${PG_NOW_MS} + p_window_ms, 1)
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.reset_at <= ${PG_NOW_MS} THEN 1 ELSE r.hits + 1 END,
    reset_at = CASE WHEN r.reset_at <= ${PG_NOW_MS} THEN ${PG_NOW_MS} + p_window_ms ELSE r.reset_at END
  RETURNING r.hits, r.reset_at - ${PG_NOW_MS} INTO hits, reset_in;
END
$proc$`,
    `CREATE OR REPLACE PROCEDURE store_lead(
  p_row JSONB, p_window_ms BIGINT, p_channels TEXT[], p_job_ids TEXT[], p_rate_key TEXT, p_rate_max INTEGER, p_rate_window_ms BIGINT,
  INOUT stored_id TEXT DEFAULT NULL, INOUT stored_at TIMESTAMPTZ DEFAULT NULL, INOUT repeated BOOLEAN DEFAULT FALSE,
  INOUT limited BOOLEAN DEFAULT FALSE, INOUT rate_hits INTEGER DEFAULT NULL, INOUT rate_reset_in BIGINT DEFAULT NULL)
LANGUAGE plpgsql AS $proc$
DECLARE
  v_key TEXT := p_row->>'submission_key';
BEGIN
  IF p_rate_key IS NOT NULL THEN
    CALL count_rate_hit(p_rate_key, p_rate_window_ms, rate_hits, rate_reset_in);
    COMMIT;
    IF rate_hits > p_rate_max THEN
      limited := TRUE;
      RETURN;
    END IF;
  END IF;
  IF p_window_ms > 0 THEN
    PERFORM pg_advisory_xact_lock(hashtextextended(v_key, 7413002));
    SELECT l.id, l.created_at INTO stored_id, stored_at FROM leads l
      WHERE l.submission_key = v_key AND l.created_at > clock_timestamp() - p_window_ms * interval '1 millisecond'
      ORDER BY l.created_at DESC LIMIT 1;
    IF FOUND THEN
      repeated := TRUE;
      RETURN;
    END IF;
  END IF;
  -- Milliseconds, as the app's ISO times carry: a paging cursor made from a lead must equal its row.
  stored_at := date_trunc('milliseconds', clock_timestamp());
  stored_id := p_row->>'id';
  INSERT INTO leads SELECT * FROM jsonb_populate_record(NULL::leads, p_row || jsonb_build_object('created_at', stored_at));
  INSERT INTO outbox (id, lead_id, channel, next_attempt_at)
    SELECT j.id, stored_id, j.channel, ${PG_NOW_MS} FROM unnest(p_job_ids, p_channels) AS j(id, channel);
END
$proc$`,
  ];
}
