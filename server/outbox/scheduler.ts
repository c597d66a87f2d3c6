/**
 * The scheduler: every instance looks, once a minute, for what has come due and queues it in
 * the outbox, where the worker sends it with retries and fencing. Queueing is idempotent (the
 * outbox's unique keys), so several instances checking at once still queue each notice once.
 *
 * - A nudge for a lead still New: an urgent one 30 minutes after it arrived (clock time), any other
 *   after four hours of office time (evenings and weekends do not count).
 * - A reminder for a lead whose follow-up date is today, from 8:00 New Zealand time.
 * - The weekly digest, from Monday 8:00 New Zealand time (sent later that week if the server was
 *   down), once the database has a lead from before that Monday.
 * - The overnight summary, from 7:00 New Zealand time, of the urgent leads since 18:00 the evening
 *   before (taken, on site, escalated, still open), once a night that had any.
 * - The evening gap note, from 18:00 New Zealand time, when some city has no partner on call through
 *   the night (notice-queue.ts decides what covers), once an evening: a partner going off call later
 *   that evening still gets it queued, and nothing is sent on an evening with every city covered.
 * - One reminder, from 8:00 New Zealand time, when the website's price date line is past its monthly
 *   check (site/price-age.ts), once per date line: verifying moves the line on.
 * - Urgent work dispatched to on-call partners, several at once, the next as a place comes free, and
 *   the business woken when nobody has accepted (server/dispatch/dispatch.ts): a check behind the
 *   dispatch jobs, which run as a lead arrives and when an offer's wait ends.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { InboxLead } from '../storage/lead-work.ts';
import { leadsAwaitingNudge, queueDigest, queueNudges, queueOvernight, queuePricesReminder, queueReminders } from '../storage/notice-queue.ts';
import { queueGaps } from '../dispatch/night-gaps.ts';
import { publishedPriceAge } from '../site/price-age.ts';
import { dispatchLead, leadsToDispatch } from '../dispatch/dispatch.ts';
import type { DispatchPolicy } from '../dispatch/dispatch-policy.ts';
import { dispatchWords } from './dispatch-runner.ts';
import { nobodyYetDue, tellCustomer } from '../dispatch/customer-updates.ts';
import type { LeadStore } from '../storage/types.ts';
import { DAY_MS, addBusinessTime, addDays, nzInstant, nzParts, nzWeekOf } from '../../core/nz-time.ts';
import { Repeater } from './repeater.ts';
import { withBusinessDetails } from '../../core/business.ts';
import type { BusinessDetails } from '../../core/business-details.ts';

/** A lead that was already this old when first seen gets no nudge: turning nudges on does not e-mail the whole backlog. */
export const NUDGE_HORIZON_MS = 7 * DAY_MS;
/** Reminders and the Monday digest go out from this time of day, New Zealand time (minutes after midnight). */
export const MORNING_AT_MINUTES = 8 * 60;
/** The night the overnight summary covers: urgent leads from 18:00 New Zealand time to its sending at 7:00. */
export const NIGHT_FROM_MINUTES = 18 * 60;
export const OVERNIGHT_AT_MINUTES = 7 * 60;

/** The night before `date` (a New Zealand date): from 18:00 the day before to 7:00 that morning. */
export const nightBefore = (date: string) => ({ start: nzInstant(addDays(date, -1), NIGHT_FROM_MINUTES), end: nzInstant(date, OVERNIGHT_AT_MINUTES) });

/** The night that starts on the evening of `date`: the one the evening gap note looks at, and the next morning's summary covers. */
export const nightAfter = (date: string) => nightBefore(addDays(date, 1));

/** When a week's digest is due: its Monday at 8:00 New Zealand time. */
export const digestDueAt = (monday: string) => nzInstant(monday, MORNING_AT_MINUTES);

export interface NudgeTimes {
  /** Clock time an urgent lead may stay New. */
  urgentAfterMs: number;
  /** Office time any lead may stay New. */
  afterMs: number;
}

/** When a lead still New deserves a nudge. */
export function nudgeDueAt(lead: Pick<InboxLead, 'created_at' | 'urgent'>, times: NudgeTimes): Date {
  const arrived = new Date(lead.created_at);
  return lead.urgent ? new Date(arrived.getTime() + times.urgentAfterMs) : addBusinessTime(arrived, times.afterMs);
}

export interface SchedulerOptions extends NudgeTimes {
  store: LeadStore;
  log: FastifyBaseLogger;
  intervalMs: number;
  /** The clock (tests move it instead of waiting). */
  now?: () => Date;
  /** How urgent work is offered (a bare wait: one on-call partner at a time); unset: no dispatch. */
  dispatchPolicy?: DispatchPolicy | number | undefined;
  /** Text messages are configured: automatic offers also go by text to partners who take them. */
  texts?: boolean | undefined;
  /** The business details of the version served now (its hours time the nudges); the release's when omitted. */
  businessDetails?: () => BusinessDetails | undefined;
}

export interface DispatchResult {
  offered: number;
  escalated: number;
}

export interface ScheduleResult {
  nudges: number;
  reminders: number;
  digest: boolean;
  overnight: boolean;
  gaps: boolean;
  /** The reminder that the website's prices are past their monthly check. */
  prices: boolean;
}

export class Scheduler {
  readonly #o: SchedulerOptions;
  readonly #checking: Repeater;

  constructor(options: SchedulerOptions) {
    this.#o = options;
    this.#checking = new Repeater(
      () => this.runOnce(),
      options.intervalMs,
      (error) => options.log.warn({ err: error }, 'notice check failed'),
    );
  }

  /** Moves each urgent job since the horizon on a step (offer, wait, next partner, escalation); returns what this call did. */
  dispatch(now: Date = this.#now()): Promise<DispatchResult> {
    return withBusinessDetails(this.#o.businessDetails?.(), () => this.#dispatch(now));
  }

  /** Queues every notice due at `now`; returns what this call queued (another instance may have queued the rest). */
  runOnce(now: Date = this.#now()): Promise<ScheduleResult> {
    return withBusinessDetails(this.#o.businessDetails?.(), () => this.#runOnce(now));
  }

  #now(): Date {
    return (this.#o.now ?? (() => new Date()))();
  }

  async #dispatch(now: Date): Promise<DispatchResult> {
    const { store, dispatchPolicy: policy, texts = false } = this.#o;
    const done = { offered: 0, escalated: 0 };
    if (policy === undefined) return done;
    for (const id of await store.read(() => leadsToDispatch(new Date(now.getTime() - NUDGE_HORIZON_MS)))) {
      const step = await store.transact(() => dispatchLead(id, policy, dispatchWords, { texts }));
      if (step.step === 'offered') done.offered += step.partners.length;
      if (step.step === 'escalated') done.escalated++;
    }
    if (done.offered || done.escalated) this.#o.log.info(done, 'urgent work dispatched');
    return done;
  }

  async #runOnce(now: Date): Promise<ScheduleResult> {
    const { store } = this.#o;
    await this.#dispatch(now);
    // Where urgent work dispatches, the customer of an urgent request nobody has committed to in 30 minutes is told the truth.
    if (this.#o.dispatchPolicy !== undefined)
      for (const id of await store.read(() => nobodyYetDue(now))) await store.transact(() => tellCustomer(id, 'nobody_yet'));
    const waiting = await store.read(() => leadsAwaitingNudge(new Date(now.getTime() - NUDGE_HORIZON_MS)));
    const due = waiting.filter((lead) => nudgeDueAt(lead, this.#o) <= now).map((lead) => lead.id);
    const nudges = due.length ? await store.transact(() => queueNudges(due)) : 0;

    const today = nzParts(now).date;
    const reminders = now >= nzInstant(today, MORNING_AT_MINUTES) ? await store.transact(() => queueReminders(today)) : 0;

    const monday = nzWeekOf(now);
    const digest = now >= digestDueAt(monday) ? await store.transact(() => queueDigest(monday, nzInstant(monday, 0))) : false;

    const night = nightBefore(today);
    const overnight = now >= night.end ? await store.transact(() => queueOvernight(today, night.start, night.end)) : false;

    // Checked all evening, not only at 18:00: a partner who goes off call at 21:00 leaves a gap too.
    const tonight = nightAfter(today);
    const gaps = now >= tonight.start ? await store.transact(() => queueGaps(today, tonight)) : false;

    // Once per date line: verifying the prices moves the line on, and a later lapse is a new reminder.
    const age = now >= nzInstant(today, MORNING_AT_MINUTES) ? await publishedPriceAge(store, now) : undefined;
    const prices = age?.stale ? await store.transact(() => queuePricesReminder(age.date)) : false;

    if (nudges || reminders || digest || overnight || gaps || prices)
      this.#o.log.info({ nudges, reminders, digest, overnight, gaps, prices }, 'notices queued');
    return { nudges, reminders, digest, overnight, gaps, prices };
  }

  start(): void {
    this.#checking.start();
  }

  stop(): Promise<void> {
    return this.#checking.stop();
  }
}
