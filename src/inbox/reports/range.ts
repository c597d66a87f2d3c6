/** The date range's quick choices, worked out from today's date in New Zealand. */
const nzDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' });

/** Today in New Zealand, YYYY-MM-DD. */
export function nzToday(now = new Date()): string {
  return nzDate.format(now);
}

/** A YYYY-MM-DD date moved by whole days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/** The Monday on or before a date (weeks start on Monday, as the reports count them). */
export function mondayOf(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

export interface Range {
  from: string;
  to: string;
}

/** Whole weeks: this week so far and the weeks before it, so the weekly charts have no cut-off first week. */
export function lastWeeks(weeks: number, today: string): Range {
  return { from: addDays(mondayOf(today), -7 * (weeks - 1)), to: today };
}

export function thisYear(today: string): Range {
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}
