/**
 * Number formatting and input parsing shared by every calculator: one NZ$ formatter, one litre and
 * cubic-metre formatter, one parser that turns what a visitor typed into a number or a reason it is not one.
 */

const wholeDollars = new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rounds to whole cents, so sums of money never show floating-point dust ($5,375.9999...). */
export function roundCents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/** NZ dollars with thousands separators, e.g. "$19,200" or "$817.60" (cents only when there are some), as the articles write them. */
export function formatNzd(amount: number): string {
  const rounded = roundCents(amount);
  // -0 would print as "-$0".
  const value = Object.is(rounded, -0) ? 0 : rounded;
  return Number.isInteger(value) ? wholeDollars.format(value) : dollarsAndCents.format(value);
}

/** A plain number with thousands separators and at most `decimals` decimal places, e.g. "6,000" or "4.5". */
export function formatNumber(value: number, decimals = 0): string {
  return new Intl.NumberFormat('en-NZ', { maximumFractionDigits: decimals }).format(Object.is(value, -0) ? 0 : value);
}

/** A low-high range; a single figure when both ends round to the same text. */
export function formatRange(low: string, high: string): string {
  return low === high ? low : `${low}–${high}`;
}

export interface NumberRule {
  min: number;
  max: number;
  /** Only whole numbers (seats, months). */
  integer?: boolean | undefined;
}

export type ParseFailure = 'required' | 'invalid' | 'whole' | 'min' | 'max';
export type ParseResult = { ok: true; value: number } | { ok: false; reason: ParseFailure };

/**
 * Reads a typed figure. Thousands separators, spaces, a leading "$" and a trailing "%" are
 * allowed (visitors copy figures from invoices and power bills); anything else that is not a plain
 * decimal number is refused with a reason, never turned into NaN.
 */
export function parseFigure(raw: string, rule: NumberRule): ParseResult {
  const text = raw.trim();
  if (text === '') return { ok: false, reason: 'required' };
  const cleaned = text
    .replace(/^(-?)\s*(?:NZ)?\$/i, '$1')
    .replace(/[,\s]/g, '')
    .replace(/%$/, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return { ok: false, reason: 'invalid' };
  const value = Number(cleaned);
  // Only a run of hundreds of digits gets here: it overflows to ±Infinity, which is out of range.
  if (!Number.isFinite(value)) return { ok: false, reason: value > 0 ? 'max' : 'min' };
  if (rule.integer && !Number.isInteger(value)) return { ok: false, reason: 'whole' };
  if (value < rule.min) return { ok: false, reason: 'min' };
  if (value > rule.max) return { ok: false, reason: 'max' };
  return { ok: true, value };
}

/** Replaces `{name}` placeholders in a content template; an unknown name is left as written, so a typo shows up on the page. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A figure as the visitor entered it, written back for copy: "$2,000" for money, "60" or "0.5" otherwise. */
export function formatFigure(value: number, money: boolean): string {
  return money ? formatNzd(value) : formatNumber(value, 2);
}
