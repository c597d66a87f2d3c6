import type { Dialect } from '../migrations.ts';

/**
 * Version 36: calls to the business's advertised numbers.
 * - `call_answerers`: who takes calls, one row: two ordered lists (JSON: a person's kind, user or
 *   partner, their id and the number to ring), one for office hours and one for after hours.
 * - `calls`: one row a call, by Twilio's CallSid: the number dialled and its source name, the
 *   caller's number (empty when withheld), when it started and ended, whether it came after hours,
 *   how it ended ('ringing' while it runs, then 'answered' or 'missed'), who answered (pressed 1)
 *   and how long they talked, the voicemail's recording and transcript, the lead it became and
 *   when its text back was sent. The lead owns it: a lead deleted takes its calls with it.
 * - `call_legs`: each person rung, in turn: who, when, for how many seconds and with what result
 *   ('ringing', 'answered', 'no-answer', 'busy', 'failed', 'no-key': their phone answered but
 *   nobody pressed 1, as a voicemail does).
 * Replayed webhooks are refused through `sms_callbacks`, which holds every Twilio signature taken.
 */
export function migration(dialect: Dialect): string[] {
  const big = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  const bool = dialect === 'sqlite' ? 'INTEGER NOT NULL DEFAULT 0' : 'BOOLEAN NOT NULL DEFAULT FALSE';
  return [
    `CREATE TABLE IF NOT EXISTS call_answerers (
  id INTEGER PRIMARY KEY,
  office TEXT NOT NULL,
  after_hours TEXT NOT NULL,
  updated_at ${big} NOT NULL,
  updated_by TEXT
)`,
    `CREATE TABLE IF NOT EXISTS calls (
  sid TEXT PRIMARY KEY,
  dialled TEXT NOT NULL,
  source TEXT NOT NULL,
  caller TEXT NOT NULL,
  after_hours ${bool},
  started_at ${big} NOT NULL,
  ended_at ${big},
  status TEXT NOT NULL,
  answered_kind TEXT,
  answered_by TEXT,
  answered_name TEXT,
  answered_at ${big},
  talk_seconds INTEGER,
  recording_sid TEXT,
  recording_url TEXT,
  recording_seconds INTEGER,
  transcript TEXT,
  lead_id TEXT REFERENCES leads(id) ON DELETE CASCADE,
  texted_at ${big}
)`,
    'CREATE INDEX IF NOT EXISTS calls_started ON calls (started_at)',
    'CREATE INDEX IF NOT EXISTS calls_lead ON calls (lead_id)',
    `CREATE TABLE IF NOT EXISTS call_legs (
  call_sid TEXT NOT NULL REFERENCES calls(sid) ON DELETE CASCADE,
  step INTEGER NOT NULL,
  person_kind TEXT NOT NULL,
  person_id TEXT NOT NULL,
  name TEXT NOT NULL,
  started_at ${big} NOT NULL,
  ended_at ${big},
  result TEXT NOT NULL,
  PRIMARY KEY (call_sid, step)
)`,
  ];
}
