/**
 * The price guides' date lines: which entries carry one, what date each shows (its own, or the
 * business's default), and how long ago the oldest was checked. The guide template, the site
 * editor's "Mark as verified today" and the owner's reminders all read this one rule.
 */
import { business } from '../../core/business.ts';
import type { ContentEntry } from './content-entries.ts';
import { DAY_MS } from '../../core/nz-time.ts';

/** Past this many days, the owner's digest and one reminder say the prices need checking. */
export const PRICES_STALE_AFTER_DAYS = 35;

/** Whether the entry shows a price date line ("Last updated: … · Information verified monthly"). */
export function hasPriceDate(entry: Pick<ContentEntry, 'collection'>): boolean {
  return entry.collection === 'guides';
}

/** The date (YYYY-MM-DD) an entry's line shows. */
export function priceDateOf(entry: ContentEntry): string {
  const updated = entry.data.updated;
  if (updated instanceof Date) return updated.toISOString().slice(0, 10);
  return typeof updated === 'string' && /^\d{4}-\d{2}-\d{2}/.test(updated) ? updated.slice(0, 10) : business.guidesUpdated;
}

/** The oldest date line among the entries, or undefined when none has one. */
export function oldestPriceDate(entries: Iterable<ContentEntry>): string | undefined {
  let oldest: string | undefined;
  for (const entry of entries) {
    if (!hasPriceDate(entry)) continue;
    const date = priceDateOf(entry);
    if (!oldest || date < oldest) oldest = date;
  }
  return oldest;
}

/** Whole days from one NZ date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
