/**
 * Queueing the business's notices, written once for both stores (steps.ts). Every instance runs
 * the same checks; the outbox's unique keys make each notice one job however many try at once: a
 * nudge is one per lead (lead_id, purpose), a reminder one per lead and date (the row is reused
 * for a later date), the digest one per week (purpose, period) among jobs of no lead or offer.
 */
import { all, one, type Work } from './steps.ts';
import { enqueue } from './job-queue.ts';
import { toInboxLead, type InboxLead } from './lead-work.ts';
import { toJob } from './rows.ts';
import type { OutboxJob } from './types.ts';
import { listPartners } from './partner-records.ts';
import type { Partner } from '../../core/inbox-api/partners.ts';
import { partnerRegions, type PartnerRegion } from '../../core/partner/kinds.ts';
import { attendWithinHours } from '../../core/lead/response-targets.ts';

/** Leads still New (spam left out) that arrived since `since` and have had no nudge queued. */
export function* leadsAwaitingNudge(since: Date): Work<InboxLead[]> {
  const rows = yield* all(
    `SELECT * FROM leads l WHERE spam = FALSE AND status = 'new' AND created_at >= ?
     AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.lead_id = l.id AND o.purpose = 'nudge') ORDER BY created_at, id`,
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

/** The urgent leads (spam left out) that arrived in [start, end): the overnight summary's. */
export function* urgentLeadsBetween(start: Date, end: Date): Work<InboxLead[]> {
  const rows = yield* all(
    'SELECT * FROM leads WHERE spam = FALSE AND urgent = TRUE AND created_at >= ? AND created_at < ? ORDER BY created_at, id',
    start.toISOString(),
    end.toISOString(),
  );
  return rows.map(toInboxLead);
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

/** A night the evening gap check looks at: from its start (18:00) to the next morning (7:00). */
export interface Night {
  start: Date;
  end: Date;
}

/** A partner of a gap's city who is not covering it tonight: someone the owner could ask. */
export interface GapPartner {
  name: string;
  phone: string;
  /** On call now, but only until this time (epoch ms), before the night ends; null when not on call at all. */
  onCallUntil: number | null;
  /** On call, but an offer e-mail to them bounced: dispatch skips them until the address is fixed. */
  bounced: boolean;
}

/** A city nobody covers tonight, and the partners of that city who could. */
export interface CityGap {
  city: PartnerRegion;
  partners: GapPartner[];
}

/**
 * Whether a partner covers tonight: on call now by the one rule (ON_CALL_NOW_OF, read as
 * `on_call_now`), and still on call when the night ends at 7:00. A business owner reading "on call
 * tonight" means someone who will answer an urgent job at 3 am, so an on-call time the partner set
 * that ends before morning leaves the rest of the night uncovered. The inbox's switch has no end,
 * so it covers the whole night. A paused partner is offered nothing, and one whose e-mail bounced
 * is skipped by dispatch, so neither covers anything.
 */
function coversTonight(partner: Partner, night: Night): boolean {
  if (partner.paused || partner.bounced_at !== null || !partner.on_call_now) return false;
  return partner.on_call_until === null || partner.on_call_until >= night.end.getTime();
}

/**
 * The places a night without cover is a gap in: those whose emergency promise (response-targets.ts)
 * is no longer than the night, so an urgent lead arriving in the evening must be reached before
 * morning. That is the six cities (2 to 12 hours); the regional areas' 24-hour promise can be kept
 * by someone starting in the morning, so they are left out.
 */
function citiesNeedingCover(night: Night): PartnerRegion[] {
  const nightHours = (night.end.getTime() - night.start.getTime()) / 3_600_000;
  return partnerRegions.filter((region) => attendWithinHours(region) <= nightHours);
}

/**
 * The cities with no partner on call through `night`, each with its partners who could cover it
 * (not paused, not covering), in the form's order of cities; none when the business has no
 * partners at all (it does not dispatch to partners, so there is no gap to fill).
 */
export function* tonightsGaps(night: Night): Work<CityGap[]> {
  const partners = yield* listPartners();
  if (partners.length === 0) return [];
  return citiesNeedingCover(night)
    .map((city) => ({ city, ofCity: partners.filter((p) => p.regions.includes(city)) }))
    .filter(({ ofCity }) => !ofCity.some((p) => coversTonight(p, night)))
    .map(({ city, ofCity }) => ({
      city,
      partners: ofCity
        .filter((p) => !p.paused)
        .map((p) => ({
          name: p.name,
          phone: p.phone,
          onCallUntil: p.on_call_now && p.on_call_until !== null ? p.on_call_until : null,
          bounced: p.on_call_now && p.bounced_at !== null,
        })),
    }));
}

/** Queues the evening's gap note for `date` (the New Zealand date the night starts on) once, and only when some city has a gap. */
export function* queueGaps(date: string, night: Night): Work<boolean> {
  if ((yield* tonightsGaps(night)).length === 0) return false;
  return yield* enqueue({ purpose: 'gaps', of: { period: date } });
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

/** Queues the reminder that the website's prices, last checked on `date`, need checking: once per date line. */
export function* queuePricesReminder(date: string): Work<boolean> {
  return yield* enqueue({ purpose: 'prices', of: { period: date } });
}
