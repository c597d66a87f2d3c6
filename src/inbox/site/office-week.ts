/**
 * Office hours as the owner edits them, a week of days each open between two times or closed,
 * and as the business details keep them, rows of days that share their hours ("Monday to
 * Friday", 07:00 to 18:00). The rows' day names are worked out here, so the owner never types one.
 */
import { WEEKDAYS } from '../../../core/weekdays.ts';
import { clockText } from '../../../core/clock-text.ts';
import { isRecord } from './json-schema.ts';

export type Weekday = (typeof WEEKDAYS)[number];

/** One day: open from `opens` to `closes` (24-hour "07:00"), or closed (both empty) saying `whenClosed`. */
export interface DayHours {
  day: Weekday;
  opens: string;
  closes: string;
  whenClosed: string;
}

/** A row of the business details' office hours. */
export interface OfficeRow {
  days: string;
  shortDays: string;
  weekdays: Weekday[];
  opens: string;
  closes: string;
  whenClosed: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The seven days, Monday first, from the stored rows; a day no row names is closed. */
export function weekOf(rows: unknown): DayHours[] {
  const list = Array.isArray(rows) ? rows.filter(isRecord) : [];
  return WEEKDAYS.map((day) => {
    const row = list.find((r) => Array.isArray(r.weekdays) && r.weekdays.includes(day));
    return row ? { day, opens: text(row.opens), closes: text(row.closes), whenClosed: text(row.whenClosed) } : { day, opens: '', closes: '', whenClosed: '' };
  });
}

const short = (day: Weekday) => day.slice(0, 3);

/** Days next to each other with the same hours share a row, named as the site says them. */
export function rowsOf(week: readonly DayHours[]): OfficeRow[] {
  const runs: DayHours[][] = [];
  for (const day of week) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    const same = last && last.opens === day.opens && last.closes === day.closes && (day.opens !== '' || last.whenClosed === day.whenClosed);
    if (run && same) run.push(day);
    else runs.push([day]);
  }
  return runs.map((run) => {
    const first = run[0]!;
    const lastDay = run.at(-1)!.day;
    const one = run.length === 1;
    return {
      days: one ? first.day : run.length === 2 ? `${first.day} and ${lastDay}` : `${first.day} to ${lastDay}`,
      shortDays: one ? short(first.day) : `${short(first.day)}-${short(lastDay)}`,
      weekdays: run.map((d) => d.day),
      opens: first.opens,
      closes: first.closes,
      whenClosed: first.opens === '' ? first.whenClosed : '',
    };
  });
}

/** The times a day may open or close, every half hour, as the site writes them ("7:30am"); a stored time off the half hour is kept. */
export function timeChoices(keep: readonly string[]): { value: string; label: string }[] {
  const times = new Set<string>();
  for (let h = 0; h < 24; h++) for (const m of ['00', '30']) times.add(`${String(h).padStart(2, '0')}:${m}`);
  for (const t of keep) if (/^\d{2}:\d{2}$/.test(t)) times.add(t);
  return [...times].sort().map((value) => ({ value, label: clockText(value) }));
}
