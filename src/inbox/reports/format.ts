/** How the reports write money, shares, durations and dates: NZ dollars, whole percentages, "3 h 5 min", "23 Nov". */
import { fewVisitors, quoteRate } from '../../../core/visit/visit-figures.ts';
import { words } from '../app-words.ts';

const percentFormat = new Intl.NumberFormat('en-NZ', { style: 'percent', maximumFractionDigits: 0 });
const numberFormat = new Intl.NumberFormat('en-NZ');
// Dates arrive as New Zealand calendar dates; read and written in UTC, so no time zone moves them a day.
const dayMonth = new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Money and durations are written as the e-mails and the command line write them. */
export { formatNzd as money, formatMinutes as duration } from '../../../core/lead/insight.ts';

export function count(n: number): string {
  return numberFormat.format(n);
}

/** Quote requests per visitor as "40%", or null where there is no such share (no visitors, or more requests than visitors: see quoteRate). */
export function quoteRateText(quotes: number, visitors: number): string | null {
  const rate = quoteRate(quotes, visitors);
  return rate === null ? null : percentFormat.format(rate);
}

/** The quote rate in a table or a figure: "40%", "67% (few visitors)" when under FEW_VISITORS were counted, "–" for none. */
export function quoteRateCell(quotes: number, visitors: number): string {
  const rate = quoteRateText(quotes, visitors);
  if (rate === null) return words.reports.visits.noRate;
  return fewVisitors(visitors) ? words.reports.visits.fewVisitors(rate) : rate;
}

/** A part of a whole as "40%"; a share of nothing is no share at all, "–". */
export function percent(part: number, whole: number): string {
  return whole ? percentFormat.format(part / whole) : words.reports.none;
}

function utc(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

/** "23 Nov", for a week's label. */
export function shortDate(date: string): string {
  return dayMonth.format(utc(date));
}

/** "23 Nov 2025". */
export function longDate(date: string): string {
  return dayMonthYear.format(utc(date));
}
