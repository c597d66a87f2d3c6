import type { Dialect } from '../migrations.ts';

/**
 * Version 31: the people of the business are woken for an urgent job nobody took, in turn, until
 * one of them says they have it.
 * - `users.mobile`: the person's own mobile number as they typed it (a New Zealand mobile), empty
 *   when they gave none.
 * - `ladder_policy`: the owners' ladder, one row: its steps (JSON: a person, a channel, minutes
 *   after the round starts), how many rounds and how many minutes apart. No row: the default.
 * - `ladder_runs`: one lead's ladder, the steps it was started with (a later change of the policy
 *   does not reshuffle a ladder that runs), who acknowledged it and when it ended. `run` counts
 *   the ladders a lead has had (a job handed back after an earlier one ended starts another).
 * - `ladder_wakes`: each step that really reached someone, so the others can be told who has it.
 * - `ladder_links`: the one-tap acknowledgement links sent in pushes, by their token's hash.
 */
export function migration(dialect: Dialect): string[] {
  const big = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  return [
    "ALTER TABLE users ADD COLUMN mobile TEXT NOT NULL DEFAULT ''",
    `CREATE TABLE IF NOT EXISTS ladder_policy (
  id INTEGER PRIMARY KEY,
  steps TEXT NOT NULL,
  rounds INTEGER NOT NULL,
  every_minutes INTEGER NOT NULL,
  updated_at ${big} NOT NULL,
  updated_by TEXT
)`,
    `CREATE TABLE IF NOT EXISTS ladder_runs (
  lead_id TEXT PRIMARY KEY REFERENCES leads(id) ON DELETE CASCADE,
  run INTEGER NOT NULL,
  reason TEXT NOT NULL,
  steps TEXT NOT NULL,
  rounds INTEGER NOT NULL,
  every_minutes INTEGER NOT NULL,
  started_at ${big} NOT NULL,
  acknowledged_by TEXT,
  acknowledged_email TEXT,
  acknowledged_via TEXT,
  acknowledged_at ${big},
  ended_at ${big},
  end_reason TEXT
)`,
    `CREATE TABLE IF NOT EXISTS ladder_wakes (
  lead_id TEXT NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  run INTEGER NOT NULL,
  round INTEGER NOT NULL,
  step INTEGER NOT NULL,
  user_id TEXT NOT NULL,
  channel TEXT NOT NULL,
  at ${big} NOT NULL,
  PRIMARY KEY (lead_id, run, round, step)
)`,
    'CREATE INDEX IF NOT EXISTS ladder_wakes_user ON ladder_wakes (user_id)',
    `CREATE TABLE IF NOT EXISTS ladder_links (
  token_hash TEXT PRIMARY KEY,
  lead_id TEXT NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  run INTEGER NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at ${big} NOT NULL
)`,
  ];
}
