/**
 * The price guides' date line: which entries show it, and the one date they all show, the day
 * the owner last verified the prices (a field of the business details). The guide template, the
 * site editor's "Mark as verified today", the Site page and the owner's reminders all read this
 * rule, so a verification moves every line at once.
 */
import type { ContentEntry } from './content-entries.ts';
import { DAY_MS } from '../../core/nz-time.ts';

/** Past this many days, the owner's digest and one reminder say the prices need checking. */
export const PRICES_STALE_AFTER_DAYS = 35;

/** Whether the entry shows a price date line ("Last updated: … · Information verified monthly"). */
export function hasPriceDate(entry: Pick<ContentEntry, 'collection'>): boolean {
  return entry.collection === 'guides';
}

/** The date (YYYY-MM-DD) the business details say the prices were last verified. */
function verifiedDateOf(details: ContentEntry): string | undefined {
  const line = details.data.guideDateLine;
  const date = line && typeof line === 'object' ? (line as { updated?: unknown }).updated : undefined;
  return typeof date === 'string' ? date.slice(0, 10) : undefined;
}

/** The date every guide's line shows, or undefined when no entry shows one. */
export function pricesVerifiedOn(entries: Iterable<ContentEntry>): string | undefined {
  let dated = false;
  let date: string | undefined;
  for (const entry of entries) {
    if (hasPriceDate(entry)) dated = true;
    else if (entry.collection === 'business') date = verifiedDateOf(entry);
  }
  return dated ? date : undefined;
}

/** The business details with the prices marked as verified on `date`: what "Mark as verified today" publishes. */
export function verifiedOn(details: ContentEntry, date: string): ContentEntry {
  const line = details.data.guideDateLine;
  return { ...details, data: { ...details.data, guideDateLine: { ...(line && typeof line === 'object' ? line : {}), updated: date } } };
}

/** Whole days from one NZ date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
