import type { Dialect, MigrationStep } from '../migrations.ts';
import { all, run } from '../steps.ts';

/** The database clock in epoch milliseconds, as in version 7 (a migration file imports nothing from migrations.ts but types). */
const PG_NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

/** Version 19's empty site address, laid under each row as it did (a row from an older client lacks them). */
const SITE_EMPTY = `'{"site_street":"","site_suburb":"","access_notes":""}'::jsonb`;

/** The purposes whose job is about one offer, as they were named when this version was written. */
const OFFER_PURPOSES = "('offer', 'accepted', 'introduced', 'ended')";

/** Splits a list as versions 13 to 20 kept it (`;`-joined text), into the JSON array this version keeps. */
const jsonList = (value: unknown) =>
  JSON.stringify(
    String(value ?? '')
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/**
 * Version 21: columns named for what they hold.
 * - `outbox.channel` is `purpose`, and the two purposes named after their transport take their
 *   job's name: `email` is `new-lead` (the business's e-mail about a new lead), `ack` is
 *   `acknowledgement`. How a job travels is the sender's business, not the job's name.
 * - `outbox.transport`: how a job travels (e-mail, a text message, a web hook, or nothing for the
 *   worker's own work). One purpose may travel two ways (an offer by e-mail and by text), each a
 *   job of its own, so the "once per offer" index holds the transport too.
 * - `outbox.about` held a week, a date or an offer's id. It is two columns: `offer_id` for a job
 *   about one offer, `period` for the week or date a job is for. Each keeps its own "once" index.
 * - `partner_offers.automatic`: whether dispatch made the offer, said in a column, instead of
 *   `offered_by IS NULL` (which stays, naming who offered by hand).
 * - `leads.urgent` is a boolean on PostgreSQL, as `spam` is. (SQLite keeps booleans as 1 and 0.)
 * - A partner's regions, services and industries are JSON arrays instead of `;`-joined text.
 *
 * Renamed columns cannot serve two releases at once: stop the previous release's instances before
 * starting this one (the README's upgrade note says so). store_lead is created again for the new
 * column names, otherwise as version 19 made it.
 */
export function migration(dialect: Dialect): MigrationStep[] {
  const lists = function* () {
    const partners = yield* all('SELECT id, regions, services, industries FROM partners');
    for (const p of partners)
      yield* run(
        'UPDATE partners SET regions = ?, services = ?, industries = ? WHERE id = ?',
        jsonList(p.regions),
        jsonList(p.services),
        jsonList(p.industries),
        p.id,
      );
  };
  const common: MigrationStep[] = [
    'ALTER TABLE outbox RENAME COLUMN channel TO purpose',
    "UPDATE outbox SET purpose = 'new-lead' WHERE purpose = 'email'",
    "UPDATE outbox SET purpose = 'acknowledgement' WHERE purpose = 'ack'",
    "ALTER TABLE outbox ADD COLUMN transport TEXT NOT NULL DEFAULT 'email'",
    "UPDATE outbox SET transport = 'webhook' WHERE purpose = 'webhook'",
    "UPDATE outbox SET transport = 'none' WHERE purpose = 'dispatch'",
    'ALTER TABLE outbox ADD COLUMN offer_id TEXT',
    'ALTER TABLE outbox ADD COLUMN period TEXT',
    `UPDATE outbox SET offer_id = about WHERE purpose IN ${OFFER_PURPOSES}`,
    `UPDATE outbox SET period = about WHERE purpose NOT IN ${OFFER_PURPOSES}`,
    'DROP INDEX IF EXISTS outbox_once_per_period',
    'ALTER TABLE outbox DROP COLUMN about',
    'CREATE UNIQUE INDEX IF NOT EXISTS outbox_once_per_offer ON outbox (purpose, transport, offer_id) WHERE offer_id IS NOT NULL',
    'CREATE UNIQUE INDEX IF NOT EXISTS outbox_once_per_period ON outbox (purpose, period) WHERE lead_id IS NULL AND offer_id IS NULL',
    `ALTER TABLE partner_offers ADD COLUMN automatic ${dialect === 'sqlite' ? 'INTEGER' : 'BOOLEAN'} NOT NULL DEFAULT FALSE`,
    'UPDATE partner_offers SET automatic = (offered_by IS NULL)',
    lists,
  ];
  if (dialect === 'sqlite') return common;
  return [
    ...common,
    'ALTER TABLE leads ALTER COLUMN urgent DROP DEFAULT',
    'ALTER TABLE leads ALTER COLUMN urgent TYPE BOOLEAN USING urgent <> 0',
    'ALTER TABLE leads ALTER COLUMN urgent SET DEFAULT FALSE',
    // A parameter is renamed, which CREATE OR REPLACE refuses.
    'DROP PROCEDURE IF EXISTS store_lead',
    `CREATE PROCEDURE store_lead(
  p_row JSONB, p_window_ms BIGINT, p_purposes TEXT[], p_transports TEXT[], p_job_ids TEXT[], p_rate_key TEXT, p_rate_max INTEGER, p_rate_window_ms BIGINT,
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
  INSERT INTO leads SELECT * FROM jsonb_populate_record(NULL::leads, ${SITE_EMPTY} || p_row || jsonb_build_object('created_at', stored_at));
  INSERT INTO outbox (id, lead_id, purpose, transport, next_attempt_at)
    SELECT j.id, stored_id, j.purpose, j.transport, ${PG_NOW_MS} FROM unnest(p_job_ids, p_purposes, p_transports) AS j(id, purpose, transport);
END
$proc$`,
  ];
}
