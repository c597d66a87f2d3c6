/**
 * The on-call times a partner can pick on their "Your jobs" page, in New Zealand time: a time of
 * their own (a datetime-local field, read as the New Zealand wall clock whatever the phone's zone),
 * or a shortcut. Each starts now; "Off" ends it now.
 */
import { DAY_MS, addDays, isCalendarDate, nzDateTime, nzInstant, nzParts } from '../../core/nz-time.ts';

/** How far ahead an on-call time may end: a slip of the thumb (a year for a day) should not leave someone on call for months. */
export const MAX_ON_CALL_DAYS = 14;
const MAX_ON_CALL_MS = MAX_ON_CALL_DAYS * DAY_MS;
/** Shortcuts end at 7:00 am, when the office opens on a weekday. */
const MORNING = 7 * 60;

export const onCallChoices = ['until', 'tonight', 'weekend', 'off'] as const;
export type OnCallChoice = (typeof onCallChoices)[number];

/** "Tonight until 7:00": until the next 7:00 am in New Zealand (this morning's while it is still before 7). */
export function tonightUntil(now: Date): Date {
  const { date, minutes } = nzParts(now);
  return nzInstant(minutes < MORNING ? date : addDays(date, 1), MORNING);
}

/** "This weekend": until the next Monday 7:00 am in New Zealand (this Monday's while it is still before 7). */
export function weekendUntil(now: Date): Date {
  const { date, weekday, minutes } = nzParts(now);
  return nzInstant(addDays(date, weekday === 1 && minutes < MORNING ? 0 : 8 - weekday), MORNING);
}

const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/** A datetime-local field's value (YYYY-MM-DDTHH:mm) read as New Zealand time; undefined for anything else. */
export function fromNzLocal(value: string): Date | undefined {
  const [, date = '', hours = '', minutes = ''] = LOCAL_TIME.exec(value) ?? [];
  // A day no calendar has (2026-02-30, 2026-13-01) is refused here first: isCalendarDate throws on one.
  if (!date || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || !isCalendarDate(date)) return undefined;
  if (Number(hours) > 23 || Number(minutes) > 59) return undefined;
  return nzInstant(date, Number(hours) * 60 + Number(minutes));
}

/** An instant as a datetime-local field's value in New Zealand time, to the minute. */
export function toNzLocal(at: Date): string {
  return nzDateTime(at).slice(0, 16).replace(' ', 'T');
}

export type OnCallPick = { ok: true; until: number | 'off' } | { ok: false; problem: 'bad' | 'past' | 'far' };

/** What a press on the page sets: the end of the on-call time (epoch ms), or off; or why the time typed cannot be. */
export function onCallPick(choice: OnCallChoice, typed: string | undefined, now: Date): OnCallPick {
  if (choice === 'off') return { ok: true, until: 'off' };
  if (choice === 'tonight') return { ok: true, until: tonightUntil(now).getTime() };
  if (choice === 'weekend') return { ok: true, until: weekendUntil(now).getTime() };
  const until = typed === undefined ? undefined : fromNzLocal(typed);
  if (!until) return { ok: false, problem: 'bad' };
  if (until.getTime() <= now.getTime()) return { ok: false, problem: 'past' };
  if (until.getTime() > now.getTime() + MAX_ON_CALL_MS) return { ok: false, problem: 'far' };
  return { ok: true, until: until.getTime() };
}
