/**
 * Queueing the business's notices, written once for both stores (steps.ts). Every instance runs
 * the same checks; the outbox's unique keys make each notice one job however many try at once: a
 * nudge is one per lead (lead_id, channel), a reminder one per lead and date (the row is reused
 * for a later date), the digest one per week (channel, about) among jobs of no lead.
 */
import { randomUUID } from 'node:crypto';
import { all, one, run, NOW_MS, type Work } from './steps.ts';
import { toInboxLead, type InboxLead } from './lead-work.ts';
import { toJob } from './rows.ts';
import type { OutboxJob } from './types.ts';

/** Leads still New (spam left out) that arrived since `since` and have had no nudge queued. */
export function* leadsAwaitingNudge(since: Date): Work<InboxLead[]> {
  const rows = yield* all(
    `SELECT * FROM leads l WHERE spam = FALSE AND status = 'new' AND created_at >= ?
     AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.lead_id = l.id AND o.channel = 'nudge') ORDER BY created_at, id`,
    since.toISOString(),
  );
  return rows.map(toInboxLead);
}

/** Queues a nudge for each lead that has none; returns how many this call queued. */
export function* queueNudges(leadIds: readonly string[]): Work<number> {
  let queued = 0;
  for (const id of leadIds) {
    queued += yield* run(
      `INSERT INTO outbox (id, lead_id, channel, next_attempt_at) VALUES (?, ?, 'nudge', ${NOW_MS}) ON CONFLICT (lead_id, channel) DO NOTHING`,
      randomUUID(),
      id,
    );
  }
  return queued;
}

/**
 * Queues a reminder for every lead (spam left out) whose follow-up date is `date`, once per lead and
 * date: a lead's earlier reminder row is reused for a new date, never twice for the same one.
 */
export function* queueReminders(date: string): Work<number> {
  const due = yield* all(
    `SELECT id FROM leads l WHERE follow_up_on = ? AND spam = FALSE
     AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.lead_id = l.id AND o.channel = 'reminder' AND o.about = ?)`,
    date,
    date,
  );
  let queued = 0;
  for (const row of due) {
    queued += yield* run(
      `INSERT INTO outbox (id, lead_id, channel, next_attempt_at, about) VALUES (?, ?, 'reminder', ${NOW_MS}, ?)
       ON CONFLICT (lead_id, channel) DO UPDATE SET status = 'pending', attempts = 0, next_attempt_at = excluded.next_attempt_at,
         locked_until = 0, claim_token = NULL, last_error = NULL, delivered_at = NULL, about = excluded.about
       WHERE outbox.about IS NULL OR outbox.about <> excluded.about`,
      randomUUID(),
      String(row.id),
      date,
    );
  }
  return queued;
}

/**
 * Queues the digest sent in the week that starts on `monday` (it covers the week before), once; true
 * when this call queued it. Only once the database holds a lead from before that Monday: a new
 * installation does not e-mail a digest of a week it never saw.
 */
export function* queueDigest(monday: string, mondayStart: Date): Work<boolean> {
  const queued = yield* run(
    `INSERT INTO outbox (id, lead_id, channel, next_attempt_at, about)
     SELECT ?, NULL, 'digest', ${NOW_MS}, ? WHERE EXISTS (SELECT 1 FROM leads WHERE created_at < ?)
     ON CONFLICT (channel, about) WHERE lead_id IS NULL DO NOTHING`,
    randomUUID(),
    monday,
    mondayStart.toISOString(),
  );
  return queued === 1;
}

/** Counts the digest needs beyond the week's leads: spam held that week, leads still New now, and dead notifications. */
export function* digestCounts(start: Date, end: Date): Work<{ spamHeld: number; stillNew: number; dead: OutboxJob[] }> {
  const spam = yield* one('SELECT COUNT(*) AS n FROM leads WHERE spam = TRUE AND created_at >= ? AND created_at < ?', start.toISOString(), end.toISOString());
  const stillNew = yield* one("SELECT COUNT(*) AS n FROM leads WHERE spam = FALSE AND status = 'new'");
  const dead = yield* all("SELECT * FROM outbox WHERE status = 'dead' ORDER BY next_attempt_at DESC LIMIT 20");
  return { spamHeld: Number(spam?.n ?? 0), stillNew: Number(stillNew?.n ?? 0), dead: dead.map(toJob) };
}

/** Leads marked Won in [start, end) (spam left out), whichever week they arrived in: the digest's won value. */
export function* leadsWonBetween(start: Date, end: Date): Work<InboxLead[]> {
  const rows = yield* all(
    "SELECT * FROM leads WHERE spam = FALSE AND status = 'won' AND status_changed_at >= ? AND status_changed_at < ? ORDER BY status_changed_at, id",
    start.getTime(),
    end.getTime(),
  );
  return rows.map(toInboxLead);
}

/** The addresses of the inbox's owners, who receive the digest. */
export function* ownerEmails(): Work<string[]> {
  return (yield* all("SELECT email FROM users WHERE role = 'owner' ORDER BY email")).map((r) => String(r.email));
}
