/**
 * Migrations by version, each a list of statements per dialect. A released migration is never
 * edited: an existing database has already run it and would never see the change. Every later
 * change to the schema (a new lead field included) is a new numbered migration at the end.
 * tests/server/migrations.test.ts upgrades a database made by the released version 1 and fails
 * when a lead field has no column.
 */
import { fillArrivalColumns } from './arrival-fill.ts';
import { v12 } from './visit-migrations.ts';
import { v13, v14 } from './partner-migrations.ts';
import { v15 } from './wake-migration.ts';
import { v16 } from './lean-insert-migration.ts';
import { v17 } from './offer-end-migration.ts';
import type { Work } from './steps.ts';

export type Dialect = 'sqlite' | 'postgres';

/** A step of a migration: a statement, or a unit of work (steps.ts) for what SQL alone cannot compute. */
export type MigrationStep = string | (() => Work<unknown>);

/** Epoch milliseconds by the database's own clock, so every instance's leases agree. */
export const PG_NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

const LEAD_FIELDS_V1 = `contact_name TEXT NOT NULL DEFAULT '',
  work_email TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  company_name TEXT NOT NULL DEFAULT '',
  industry TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '',
  service_type TEXT NOT NULL DEFAULT '',
  num_units TEXT NOT NULL DEFAULT '',
  site_type TEXT NOT NULL DEFAULT '',
  timeframe TEXT NOT NULL DEFAULT '',
  budget_range TEXT NOT NULL DEFAULT '',
  notes TEXT NOT NULL DEFAULT '',
  utm_source TEXT NOT NULL DEFAULT '',
  utm_medium TEXT NOT NULL DEFAULT '',
  utm_campaign TEXT NOT NULL DEFAULT '',
  utm_term TEXT NOT NULL DEFAULT '',
  utm_content TEXT NOT NULL DEFAULT '',
  gclid TEXT NOT NULL DEFAULT '',
  referrer TEXT NOT NULL DEFAULT '',
  page_url TEXT NOT NULL DEFAULT '',
  device TEXT NOT NULL DEFAULT '',
  path TEXT NOT NULL DEFAULT ''`;

/** Version 1 exactly as released (it used to be generated from the live field list). */
function v1(dialect: Dialect): string[] {
  const createdAt = dialect === 'sqlite' ? 'created_at TEXT NOT NULL' : 'created_at TIMESTAMPTZ NOT NULL';
  const bool = dialect === 'sqlite' ? 'INTEGER NOT NULL DEFAULT 0' : 'BOOLEAN NOT NULL DEFAULT FALSE';
  const bigint = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  return [
    `CREATE TABLE IF NOT EXISTS leads (
  id TEXT PRIMARY KEY,
  ${createdAt},
  spam ${bool},
  ${LEAD_FIELDS_V1}
)`,
    'CREATE INDEX IF NOT EXISTS leads_created_at ON leads (created_at)',
    `CREATE TABLE IF NOT EXISTS outbox (
  id TEXT PRIMARY KEY,
  lead_id TEXT NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  channel TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at ${bigint} NOT NULL,
  locked_until ${bigint} NOT NULL DEFAULT 0,
  last_error TEXT,
  delivered_at ${bigint},
  UNIQUE (lead_id, channel)
)`,
    'CREATE INDEX IF NOT EXISTS outbox_due ON outbox (status, next_attempt_at)',
  ];
}

/** Version 2: why the spam screen flagged a lead, for `npm run leads -- spam`. */
function v2(): string[] {
  return [`ALTER TABLE leads ADD COLUMN spam_reason TEXT NOT NULL DEFAULT ''`];
}

/** Version 3: fenced claims. A claim carries a token; only its holder may complete or fail the job. */
function v3(): string[] {
  return [
    'ALTER TABLE outbox ADD COLUMN claim_token TEXT',
    'ALTER TABLE outbox ADD COLUMN claimed_by TEXT',
    'CREATE INDEX IF NOT EXISTS outbox_claimable ON outbox (status, channel, next_attempt_at)',
  ];
}

/** Version 4: rate-limit counters shared by every instance (used on PostgreSQL). */
function v4(dialect: Dialect): string[] {
  const bigint = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  return [
    `CREATE TABLE IF NOT EXISTS rate_limits (
  key TEXT PRIMARY KEY,
  reset_at ${bigint} NOT NULL,
  hits INTEGER NOT NULL
)`,
    'CREATE INDEX IF NOT EXISTS rate_limits_reset_at ON rate_limits (reset_at)',
  ];
}

/** Version 5: the submission key, so the same form data posted again is stored once. */
function v5(): string[] {
  return ['ALTER TABLE leads ADD COLUMN submission_key TEXT', 'CREATE INDEX IF NOT EXISTS leads_submission_key ON leads (submission_key, created_at)'];
}

/** Version 6: one row that /healthz rewrites, proving the database takes a write. */
function v6(dialect: Dialect): string[] {
  return [`CREATE TABLE IF NOT EXISTS health_check (id INTEGER PRIMARY KEY, checked_at ${dialect === 'sqlite' ? 'INTEGER' : 'BIGINT'} NOT NULL)`];
}

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
function v7(dialect: Dialect): string[] {
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

/**
 * Version 8: the lead inbox. Each lead gains the business's work on it (status, job value in cents,
 * lost reason, follow-up date, when the status last changed and when someone first acted on it),
 * an urgent flag and the list's priority (1 while urgent and still new), and the lowercased text
 * the inbox's search reads. Existing leads are marked urgent by the rule as it stands at this
 * version (the urgent timeframe, a repair call-out, or sent from the emergency page). Then the
 * people who may sign in, their passkeys, sessions, one-time links and codes, passkey challenges,
 * each lead's timeline, and the audit log. Times in these tables are epoch milliseconds.
 */
function v8(dialect: Dialect): string[] {
  const big = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  return [
    "ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new'",
    'ALTER TABLE leads ADD COLUMN urgent INTEGER NOT NULL DEFAULT 0',
    'ALTER TABLE leads ADD COLUMN priority INTEGER NOT NULL DEFAULT 0',
    `ALTER TABLE leads ADD COLUMN job_value_cents ${big}`,
    'ALTER TABLE leads ADD COLUMN lost_reason TEXT',
    'ALTER TABLE leads ADD COLUMN follow_up_on TEXT',
    `ALTER TABLE leads ADD COLUMN status_changed_at ${big}`,
    `ALTER TABLE leads ADD COLUMN first_action_at ${big}`,
    "ALTER TABLE leads ADD COLUMN search_text TEXT NOT NULL DEFAULT ''",
    "UPDATE leads SET urgent = 1 WHERE timeframe = 'Urgent (24–72h)' OR site_type = 'Repair call-out' OR path = '/emergency-repairs' OR path LIKE '/emergency-repairs/%'",
    'UPDATE leads SET priority = urgent WHERE NOT spam',
    "UPDATE leads SET search_text = lower(contact_name || ' ' || company_name || ' ' || work_email || ' ' || phone || ' ' || notes)",
    'CREATE INDEX IF NOT EXISTS leads_inbox_status ON leads (spam, status, priority, created_at, id)',
    'CREATE INDEX IF NOT EXISTS leads_inbox_all ON leads (spam, priority, created_at, id)',
    'CREATE INDEX IF NOT EXISTS leads_work_email ON leads (work_email)',
    `CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  role TEXT NOT NULL,
  created_at ${big} NOT NULL
)`,
    `CREATE TABLE IF NOT EXISTS passkeys (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  public_key TEXT NOT NULL,
  counter ${big} NOT NULL,
  transports TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL,
  created_at ${big} NOT NULL,
  last_used_at ${big}
)`,
    'CREATE INDEX IF NOT EXISTS passkeys_user ON passkeys (user_id)',
    `CREATE TABLE IF NOT EXISTS sessions (
  id_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at ${big} NOT NULL,
  expires_at ${big} NOT NULL
)`,
    'CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id)',
    `CREATE TABLE IF NOT EXISTS sign_in_secrets (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  secret_hash TEXT NOT NULL,
  expires_at ${big} NOT NULL,
  used_at ${big},
  tries INTEGER NOT NULL DEFAULT 0
)`,
    'CREATE INDEX IF NOT EXISTS sign_in_secrets_hash ON sign_in_secrets (secret_hash)',
    'CREATE INDEX IF NOT EXISTS sign_in_secrets_user ON sign_in_secrets (user_id, kind)',
    `CREATE TABLE IF NOT EXISTS passkey_challenges (
  id TEXT PRIMARY KEY,
  challenge TEXT NOT NULL,
  user_id TEXT,
  expires_at ${big} NOT NULL
)`,
    `CREATE TABLE IF NOT EXISTS lead_events (
  id TEXT PRIMARY KEY,
  lead_id TEXT NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  at ${big} NOT NULL,
  kind TEXT NOT NULL,
  actor_email TEXT,
  text TEXT NOT NULL
)`,
    'CREATE INDEX IF NOT EXISTS lead_events_lead ON lead_events (lead_id, at)',
    `CREATE TABLE IF NOT EXISTS audit_log (
  id TEXT PRIMARY KEY,
  at ${big} NOT NULL,
  actor_email TEXT,
  action TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT '',
  ip TEXT NOT NULL DEFAULT ''
)`,
    'CREATE INDEX IF NOT EXISTS audit_log_at ON audit_log (at, id)',
  ];
}

/**
 * Version 9: on PostgreSQL, a trigram index on the inbox's search text, so a search ("contains")
 * reads the index instead of every lead. pg_trgm ships with PostgreSQL and is a trusted extension
 * (the database's owner may create it). SQLite reads the column in place, which is fast enough there.
 */
function v9(dialect: Dialect): string[] {
  if (dialect === 'sqlite') return [];
  // The operator class is named with the extension's own schema: where the database already had
  // pg_trgm in another schema (some hosts keep extensions apart), that one is used.
  return [
    `DO $$
DECLARE
  v_schema TEXT;
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
  SELECT n.nspname INTO v_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  EXECUTE format('CREATE INDEX IF NOT EXISTS leads_search_text ON leads USING gin (search_text %I.gin_trgm_ops)', v_schema);
END
$$`,
  ];
}

/**
 * Version 10: e-mails about the business's own work go through the outbox too. A nudge about a lead
 * nobody has answered and a follow-up reminder belong to a lead; the weekly digest belongs to no
 * lead, so lead_id may be empty, and `about` says which period or date a job is for: the digest's
 * week (one per week, by the partial unique index, however many instances try) and the reminder's
 * date. SQLite cannot drop a NOT NULL, so it rebuilds the table with its rows and indexes. Leads gain
 * the furthest stage of the funnel they reached (0 New, 1 Contacted, 2 Quoted, 3 Won), which a lead
 * marked Lost keeps, and an index for the follow-up reminders.
 */
function v10(dialect: Dialect): string[] {
  const common = [
    'ALTER TABLE leads ADD COLUMN furthest_stage INTEGER NOT NULL DEFAULT 0',
    "UPDATE leads SET furthest_stage = CASE status WHEN 'contacted' THEN 1 WHEN 'quoted' THEN 2 WHEN 'won' THEN 3 ELSE 0 END",
    'CREATE INDEX IF NOT EXISTS leads_follow_up ON leads (follow_up_on)',
  ];
  if (dialect === 'postgres') {
    return [
      ...common,
      'ALTER TABLE outbox ALTER COLUMN lead_id DROP NOT NULL',
      'ALTER TABLE outbox ADD COLUMN about TEXT',
      'CREATE UNIQUE INDEX IF NOT EXISTS outbox_once_per_period ON outbox (channel, about) WHERE lead_id IS NULL',
    ];
  }
  const columns = 'id, lead_id, channel, status, attempts, next_attempt_at, locked_until, last_error, delivered_at, claim_token, claimed_by';
  return [
    ...common,
    `CREATE TABLE outbox_v10 (
  id TEXT PRIMARY KEY,
  lead_id TEXT REFERENCES leads(id) ON DELETE CASCADE,
  channel TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  locked_until INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  delivered_at INTEGER,
  claim_token TEXT,
  claimed_by TEXT,
  about TEXT,
  UNIQUE (lead_id, channel)
)`,
    `INSERT INTO outbox_v10 (${columns}) SELECT ${columns} FROM outbox`,
    'DROP TABLE outbox',
    'ALTER TABLE outbox_v10 RENAME TO outbox',
    'CREATE INDEX IF NOT EXISTS outbox_due ON outbox (status, next_attempt_at)',
    'CREATE INDEX IF NOT EXISTS outbox_claimable ON outbox (status, channel, next_attempt_at)',
    'CREATE UNIQUE INDEX IF NOT EXISTS outbox_once_per_period ON outbox (channel, about) WHERE lead_id IS NULL',
  ];
}

/**
 * Version 11: what the reports group by, stored with each lead so the database can count it: the
 * source group, the Monday of the New Zealand week it arrived in, and its New Zealand weekday and
 * minute of the day (office hours are decided when the reports read them). SQL cannot compute them
 * (regular expressions, the Pacific/Auckland zone), so existing leads are filled by a unit of work;
 * it applies the rules as they are when it runs, so a later change to the rules needs a new
 * migration that runs it again. The index holds the range's leads in arrival order with the
 * columns most figures read, so those figures never open the rows (version 16 drops it again: the
 * planners hardly used it, and every insert paid for it).
 */
function v11(): MigrationStep[] {
  return [
    "ALTER TABLE leads ADD COLUMN source TEXT NOT NULL DEFAULT 'direct'",
    "ALTER TABLE leads ADD COLUMN nz_week TEXT NOT NULL DEFAULT ''",
    'ALTER TABLE leads ADD COLUMN nz_weekday INTEGER NOT NULL DEFAULT 0',
    'ALTER TABLE leads ADD COLUMN nz_minutes INTEGER NOT NULL DEFAULT 0',
    () => fillArrivalColumns(),
    'CREATE INDEX IF NOT EXISTS leads_arrivals ON leads (created_at, nz_week, source, nz_weekday, nz_minutes, first_action_at) WHERE spam = FALSE',
  ];
}

export function migrations(dialect: Dialect): MigrationStep[][] {
  return [
    v1(dialect),
    v2(),
    v3(),
    v4(dialect),
    v5(),
    v6(dialect),
    v7(dialect),
    v8(dialect),
    v9(dialect),
    v10(dialect),
    v11(),
    v12(),
    v13(dialect),
    v14(dialect),
    v15(dialect),
    v16(dialect),
    v17(),
  ];
}
