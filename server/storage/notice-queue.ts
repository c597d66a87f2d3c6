/**
 * Queueing the business's notices, written once for both stores (steps.ts). Every instance runs
 * the same checks; the outbox's unique keys make each notice one job however many try at once: a
 * nudge is one per lead (lead_id, purpose), a reminder one per lead and date (the row is reused
 * for a later date), the digest one per week (purpose, period) among jobs of no lead or offer.
 */
import { all, one, NOW_MS, type Work } from './steps.ts';
import { enqueue } from './job-queue.ts';
import { toInboxLead, type InboxLead } from './lead-work.ts';
import { toJob } from './rows.ts';
import type { OutboxJob } from './types.ts';

/**
 * Leads still New (spam left out) that arrived since `since` and have had no nudge queued, and that
 * no partner holds or is being offered right now (a lapsed offer lets the nudge come due again).
 */
export function* leadsAwaitingNudge(since: Date): Work<InboxLead[]> {
  const rows = yield* all(
    `SELECT * FROM leads l WHERE spam = FALSE AND status = 'new' AND created_at >= ?
     AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.lead_id = l.id AND o.purpose = 'nudge')
     AND NOT EXISTS (SELECT 1 FROM partner_offers p WHERE p.lead_id = l.id AND (p.state = 'accepted' OR (p.state = 'open' AND p.expires_at > ${NOW_MS})))
     ORDER BY created_at, id`,
    since.toISOString(),
  );
  return rows.map(toInboxLead);
}

/** Queues a nudge for each lead that has none; returns how many this call queued. */
export function* queueNudges(leadIds: readonly string[]): Work<number> {
  let queued = 0;
  for (const id of leadIds) if (yield* enqueue({ purpose: 'nudge', of: { lead: id } })) queued++;
  return queued;
}

/**
 * Queues a reminder for every lead (spam left out) whose follow-up date is `date`, once per lead and
 * date: a lead's earlier reminder row is reused for a new date, never twice for the same one.
 */
export function* queueReminders(date: string): Work<number> {
  const due = yield* all(
    `SELECT id FROM leads l WHERE follow_up_on = ? AND spam = FALSE
     AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.lead_id = l.id AND o.purpose = 'reminder' AND o.period = ?)`,
    date,
    date,
  );
  let queued = 0;
  for (const row of due) if (yield* enqueue({ purpose: 'reminder', of: { lead: String(row.id), period: date }, repeat: 'renew' })) queued++;
  return queued;
}

/**
 * Queues the digest sent in the week that starts on `monday` (it covers the week before), once; true
 * when this call queued it. Only once the database holds a lead from before that Monday: a new
 * installation does not e-mail a digest of a week it never saw.
 */
export function* queueDigest(monday: string, mondayStart: Date): Work<boolean> {
  if (!(yield* one('SELECT 1 AS yes FROM leads WHERE created_at < ? LIMIT 1', mondayStart.toISOString()))) return false;
  return yield* enqueue({ purpose: 'digest', of: { period: monday } });
}

/** The leads (spam left out) meeting `condition` whose `column` is in [from, to), in that column's order. */
function* leadsBetween(condition: string, column: 'created_at' | 'status_changed_at', from: string | number, to: string | number): Work<InboxLead[]> {
  const rows = yield* all(`SELECT * FROM leads WHERE spam = FALSE AND ${condition} AND ${column} >= ? AND ${column} < ? ORDER BY ${column}, id`, from, to);
  return rows.map(toInboxLead);
}

/** The urgent leads (spam left out) that arrived in [start, end): the overnight summary's. */
export function* urgentLeadsBetween(start: Date, end: Date): Work<InboxLead[]> {
  return yield* leadsBetween('urgent = TRUE', 'created_at', start.toISOString(), end.toISOString());
}

/** Which of these leads had a "nobody has accepted" e-mail queued. */
export function* escalatedLeads(leadIds: readonly string[]): Work<string[]> {
  if (leadIds.length === 0) return [];
  const rows = yield* all(`SELECT lead_id FROM outbox WHERE purpose = 'unaccepted' AND lead_id IN (${leadIds.map(() => '?').join(', ')})`, ...leadIds);
  return rows.map((r) => String(r.lead_id));
}

/** Queues the morning's summary of the night (`date`, its New Zealand date) once, and only when an urgent lead came in. */
export function* queueOvernight(date: string, start: Date, end: Date): Work<boolean> {
  if ((yield* urgentLeadsBetween(start, end)).length === 0) return false;
  return yield* enqueue({ purpose: 'overnight', of: { period: date } });
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
  // status_changed_at is epoch milliseconds, created_at ISO text.
  return yield* leadsBetween("status = 'won'", 'status_changed_at', start.getTime(), end.getTime());
}

/** The addresses of the inbox's owners, who receive the digest. */
export function* ownerEmails(): Work<string[]> {
  return (yield* all("SELECT email FROM users WHERE role = 'owner' ORDER BY email")).map((r) => String(r.email));
}

/** Queues the reminder that the website's prices, last checked on `date`, need checking: once per date line. */
export function* queuePricesReminder(date: string): Work<boolean> {
  return yield* enqueue({ purpose: 'prices', of: { period: date } });
}
