/**
 * New Zealand calendar arithmetic without a time-zone library: the zone's offset at an instant comes
 * from Intl, so the NZST/NZDT changes are the platform's tz database, not a rule written here.
 */
import { business } from './business.ts';

export const NZ_TIME_ZONE = 'Pacific/Auckland';
/** A day of elapsed time: 24 hours, not a calendar day in New Zealand (23 or 25 hours when the clocks change). */
export const DAY_MS = 86_400_000;

const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: NZ_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export interface NzParts {
  /** YYYY-MM-DD */
  date: string;
  /** ISO day number: 1 Monday to 7 Sunday. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

/** The wall-clock fields Intl gives for an instant in the zone, offset included. */
function formattedFields(at: Date): Record<string, number> {
  return Object.fromEntries(
    partsFormat
      .formatToParts(at)
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  );
}

/** The zone's offset from UTC at an instant, in milliseconds (+13 h in summer, +12 h in winter), as Intl says. */
function formattedOffsetMs(ms: number): number {
  const f = formattedFields(new Date(ms));
  return Date.UTC(f.year!, f.month! - 1, f.day!, f.hour!, f.minute!, f.second!) - Math.floor(ms / 1000) * 1000;
}

const QUARTER_HOUR_MS = 900_000;
// Asking Intl takes several microseconds (6.5 on a 2-core server, ten times the rest of a lead's
// arrival columns) and every stored lead asks, so the offset is kept for the quarter hour it was read
// in: the zone changes its offset only on the hour. A quarter whose two ends disagree (a change inside
// it, as the 19th-century local mean time had) is never kept.
let kept = { quarter: Number.NaN, offsetMs: 0 };

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetMs(at: Date): number {
  const ms = at.getTime();
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  if (quarter === kept.quarter) return kept.offsetMs;
  const offset = formattedOffsetMs(ms);
  const start = quarter * QUARTER_HOUR_MS;
  if (formattedOffsetMs(start) === offset && formattedOffsetMs(start + QUARTER_HOUR_MS - 1) === offset) kept = { quarter, offsetMs: offset };
  return offset;
}

/** The New Zealand wall clock at an instant, as a Date whose UTC fields read as that clock. */
function wallClock(at: Date): Date {
  return new Date(at.getTime() + offsetMs(at));
}

const two = (n: number) => String(n).padStart(2, '0');

/** A wall clock's date, YYYY-MM-DD (built by hand: toISOString takes several times as long, for every lead). */
function dateOf(wall: Date): string {
  return `${String(wall.getUTCFullYear()).padStart(4, '0')}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}`;
}

export function nzParts(at: Date): NzParts {
  const wall = wallClock(at);
  return { date: dateOf(wall), weekday: ((wall.getUTCDay() + 6) % 7) + 1, minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
}

/** An instant as New Zealand wall-clock time, `YYYY-MM-DD HH:mm:ss` (the layout Google Ads reads). */
export function nzDateTime(at: Date): string {
  const wall = wallClock(at);
  return `${dateOf(wall)} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`;
}

/** The instant a New Zealand wall-clock time happens (a time skipped by the spring change comes out an hour later). */
export function nzInstant(date: string, minutes: number): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  let guess = wall - offsetMs(new Date(wall));
  guess = wall - offsetMs(new Date(guess));
  return new Date(guess);
}

/**
 * The dates the business's records can hold. Anything outside is a typing slip or an attack, and
 * keeping dates to four-digit years keeps their text order the same as their time order.
 */
export const NZ_DATE_MIN = '2000-01-01';
export const NZ_DATE_MAX = '2099-12-31';
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a value is a real calendar date, YYYY-MM-DD, from NZ_DATE_MIN to NZ_DATE_MAX. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_SHAPE.test(value) || value < NZ_DATE_MIN || value > NZ_DATE_MAX) return false;
  // An impossible date (month 13, day 00) is an invalid Date, whose toISOString throws.
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** A calendar date plus `days`, as YYYY-MM-DD; a RangeError for anything that is not such a date or leaves four-digit years. */
export function addDays(date: string, days: number): string {
  const d = new Date(DATE_SHAPE.test(date) ? `${date}T00:00:00Z` : Number.NaN);
  d.setUTCDate(d.getUTCDate() + days);
  const result = Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10);
  if (!DATE_SHAPE.test(result)) throw new RangeError(`not a calendar date: ${date} + ${days} days`);
  return result;
}

/**
 * The Monday (New Zealand date) of the week an instant falls in, as YYYY-MM-DD. Every stored lead
 * asks, so it steps back on the wall clock itself rather than through mondayOf's date text.
 */
export function nzWeekOf(at: Date): string {
  const wall = wallClock(at);
  return dateOf(new Date(wall.getTime() - ((wall.getUTCDay() + 6) % 7) * DAY_MS));
}

/** The Monday of the week of a New Zealand date and weekday. */
export function mondayOf({ date, weekday }: Pick<NzParts, 'date' | 'weekday'>): string {
  return addDays(date, 1 - weekday);
}

/** More weeks than any range the business asks about; a loop over weeks stops here whatever it was given. */
const MAX_WEEKS = 10_000;

/** Every Monday from the week of `from` to the week of `to`, inclusive (at most MAX_WEEKS). */
export function nzWeeksBetween(from: Date, to: Date): string[] {
  const weeks: string[] = [];
  const last = Date.parse(nzWeekOf(to));
  for (let week = nzWeekOf(from); Date.parse(week) <= last && weeks.length < MAX_WEEKS; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

function hhmm(value: string): number {
  const [h = '0', m = '0'] = value.split(':');
  return Number(h) * 60 + Number(m);
}

/** Open minutes of a weekday, from the business's office hours: [opens, closes), or null when closed. */
export function openMinutes(
  weekday: number,
  hours: readonly { weekdays: readonly number[]; opens: string | null; closes: string | null }[] = business.hours,
): [number, number] | null {
  const day = hours.find((h) => h.weekdays.includes(weekday));
  return day?.opens && day.closes ? [hhmm(day.opens), hhmm(day.closes)] : null;
}

/** Whether an instant falls in office hours (New Zealand time). */
export function isBusinessTime(at: Date): boolean {
  return isOfficeTime(nzParts(at));
}

/** Whether a New Zealand weekday and time of day fall in office hours. */
export function isOfficeTime({ weekday, minutes }: Pick<NzParts, 'weekday' | 'minutes'>): boolean {
  const open = openMinutes(weekday);
  return open !== null && minutes >= open[0] && minutes < open[1];
}

/**
 * The instant when `durationMs` of office time has passed since `start`: a lead that arrives on
 * Friday at 5 pm with four business hours to wait is due at 11 am on Saturday. Public holidays are
 * not known, so they count as ordinary days.
 */
export function addBusinessTime(start: Date, durationMs: number): Date {
  let left = durationMs;
  let { date, weekday, minutes } = nzParts(start);
  // A week always has office hours, so this ends; the bound guards a configuration with none.
  for (let day = 0; day < 3660; day++) {
    const open = openMinutes(weekday);
    if (open) {
      const from = Math.max(minutes, open[0]);
      if (from < open[1]) {
        const available = (open[1] - from) * 60_000;
        if (left <= available) return new Date(nzInstant(date, from).getTime() + left);
        left -= available;
      }
    }
    date = addDays(date, 1);
    weekday = (weekday % 7) + 1;
    minutes = 0;
  }
  throw new Error('the office hours have no open time');
}

/** A range of New Zealand dates, inclusive. */
export interface NzDateRange {
  from: string;
  to: string;
}

/** The last `weeks` weeks to today: whole weeks from Monday, so a weekly chart has no cut-off first week. */
export function nzLastWeeks(weeks: number, now: Date): NzDateRange {
  const today = nzParts(now);
  return { from: addDays(mondayOf(today), -7 * (weeks - 1)), to: today.date };
}

/** From 1 January to today. */
export function nzYearToDate(now: Date): NzDateRange {
  const { date } = nzParts(now);
  return { from: `${date.slice(0, 4)}-01-01`, to: date };
}

const nzTimeFormat = new Intl.DateTimeFormat('en-NZ', {
  timeZone: NZ_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZoneName: 'short',
});

/** New Zealand time with its zone, e.g. "Mon 23 Nov 2026, 7:55 am NZDT". */
export function nzTime(iso: string): string {
  const parts = Object.fromEntries(nzTimeFormat.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${parts.dayPeriod?.toLowerCase()} ${parts.timeZoneName}`;
}
