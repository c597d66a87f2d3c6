import type { Dialect } from '../migrations.ts';

/** The database clock in epoch milliseconds, as in version 7 (a migration file imports nothing but types). */
const PG_NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

/** The columns this version adds, each empty unless the visitor filled it. */
const SITE_COLUMNS = ['site_street', 'site_suburb', 'access_notes'] as const;

/**
 * Version 19: where the job is. The quote form's optional site address (street, suburb or town) and
 * access notes (gate codes, parking, after-hours access), each a column of its own, empty for every
 * lead before it. The inbox's search text of older leads needs nothing: their new columns are empty.
 *
 * On PostgreSQL, store_lead (version 7) builds the lead row from the JSON it is given, and a key
 * the JSON lacks becomes NULL, not the column's default. An instance still running the previous
 * release during a rolling upgrade sends rows without these keys, and every lead it took would fail
 * on NOT NULL. The procedure is created again, unchanged but for laying the row over empty values
 * for these columns, so both releases store leads while they run side by side.
 */
export function migration(dialect: Dialect): string[] {
  const columns = SITE_COLUMNS.map((c) => `ALTER TABLE leads ADD COLUMN ${c} TEXT NOT NULL DEFAULT ''`);
  if (dialect === 'sqlite') return columns;
  const empty = `'${JSON.stringify(Object.fromEntries(SITE_COLUMNS.map((c) => [c, ''])))}'::jsonb`;
  return [
    ...columns,
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
  INSERT INTO leads SELECT * FROM jsonb_populate_record(NULL::leads, ${empty} || p_row || jsonb_build_object('created_at', stored_at));
  INSERT INTO outbox (id, lead_id, channel, next_attempt_at)
    SELECT j.id, stored_id, j.channel, ${PG_NOW_MS} FROM unnest(p_job_ids, p_channels) AS j(id, channel);
END
$proc$`,
  ];
}
