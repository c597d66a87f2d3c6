/**
 * How long ago the prices on the site were last checked, as published: the date every guide's line
 * shows, in New Zealand days. The Site section shows it; past PRICES_STALE_AFTER_DAYS the
 * weekly digest says so and the owner gets one reminder for that date line.
 */
import { nzParts } from '../../core/nz-time.ts';
import type { LeadStore } from '../storage/types.ts';
import { latestVersion } from '../storage/site-versions.ts';
import { contentOf, RELEASE_VERSION } from './content-version.ts';
import { daysBetween, hasPriceDate, pricesVerifiedOn, PRICES_STALE_AFTER_DAYS, titleOf, type ContentEntry, type EntryKey } from './content.ts';
import { releaseContent } from './release-content.ts';

export interface PriceAge {
  /** The guides' date line (YYYY-MM-DD). */
  date: string;
  days: number;
  stale: boolean;
  /** Each page with the date line. */
  pages: { title: string; date: string }[];
}

/** The age of the date lines in this content on the NZ date of `now`; undefined when no page has one. */
export function priceAgeOf(content: ReadonlyMap<EntryKey, ContentEntry>, now: Date): PriceAge | undefined {
  const date = pricesVerifiedOn(content.values());
  if (!date) return undefined;
  const days = daysBetween(date, nzParts(now).date);
  const pages = [...content.values()].filter(hasPriceDate).map((entry) => ({ title: titleOf(entry), date }));
  return { date, days, stale: days > PRICES_STALE_AFTER_DAYS, pages };
}

/** The age of the published site's date lines. */
export async function publishedPriceAge(store: LeadStore, now: Date, release = releaseContent()): Promise<PriceAge | undefined> {
  const version = (await store.read(() => latestVersion())) ?? RELEASE_VERSION;
  return priceAgeOf(contentOf(release, version), now);
}
