import { csvCell } from './csv.ts';
import { NZ_TIME_ZONE, nzDateTime } from './nz-time.ts';
import type { StoredLead } from '../storage/types.ts';

/**
 * The Google Ads offline conversion upload file (click conversions), one row per lead with a gclid.
 * Layout from Google's template (support.google.com/google-ads/answer/7014069, read 2026-11-22): a
 * Parameters row naming the time zone, then the column row; times as yyyy-MM-dd HH:mm:ss in that zone.
 * No byte-order mark: the first line must start with "Parameters:".
 */
export const GOOGLE_ADS_TIME_ZONE = NZ_TIME_ZONE;
/** The conversion action's name in Google Ads unless --conversion-name says otherwise; it must match an import action there. */
export const DEFAULT_CONVERSION_NAME = 'Quote request';
export const googleAdsColumns = ['Google Click ID', 'Conversion Name', 'Conversion Time', 'Conversion Value', 'Conversion Currency'] as const;
// A gclid is URL-safe base64; anything else was not set by Google and would be rejected.
const GCLID = /^[A-Za-z0-9_-]{10,300}$/;

export function googleAdsTime(iso: string): string {
  return nzDateTime(new Date(iso));
}

export function toGoogleAdsCsv(leads: StoredLead[], conversionName: string): { csv: string; rows: number; skipped: number } {
  const lines = [`Parameters:TimeZone=${GOOGLE_ADS_TIME_ZONE}`, googleAdsColumns.join(',')];
  let skipped = 0;
  for (const lead of leads) {
    if (!lead.gclid) continue;
    if (!GCLID.test(lead.gclid)) {
      skipped++;
      continue;
    }
    // The gclid is written as is (checked above): the formula guard's apostrophe would break a leading "-".
    lines.push([lead.gclid, csvCell(conversionName), googleAdsTime(lead.created_at), '', ''].join(','));
  }
  return { csv: `${lines.join('\r\n')}\r\n`, rows: lines.length - 2, skipped };
}
