import { csvCell } from './csv.ts';
import { NZ_TIME_ZONE, nzDateTime } from '../../core/nz-time.ts';
import type { InboxLead } from '../storage/lead-work.ts';
/**
 * The Google Ads offline conversion upload file (click conversions), one row per lead with a gclid.
 * Layout from Google's template (support.google.com/google-ads/answer/7014069, read 2026-11-22): a
 * Parameters row naming the time zone, then the column row; times as yyyy-MM-dd HH:mm:ss in that zone.
 * No byte-order mark: the first line must start with "Parameters:".
 */
export const GOOGLE_ADS_TIME_ZONE = NZ_TIME_ZONE;
/** The conversion action's name in Google Ads unless --conversion-name says otherwise; it must match an import action there. */
export const DEFAULT_CONVERSION_NAME = 'Quote request';
/** The second conversion, for a lead marked Won, with the job's value (--won-conversion-name). */
export const DEFAULT_WON_CONVERSION_NAME = 'Won job';
export const GOOGLE_ADS_CURRENCY = 'NZD';
export const googleAdsColumns = ['Google Click ID', 'Conversion Name', 'Conversion Time', 'Conversion Value', 'Conversion Currency'] as const;
// A gclid is URL-safe base64; anything else was not set by Google and would be rejected.
const GCLID = /^[A-Za-z0-9_-]{10,300}$/;

export function googleAdsTime(iso: string): string {
  return nzDateTime(new Date(iso));
}

export interface ConversionNames {
  quote: string;
  won: string;
}

/** A job value in cents as Google reads a value: dollars with two decimals and no thousands separator. */
export function conversionValue(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** What the file needs of a lead: its click, when it arrived, and whether and when it was won, for how much. */
export type GoogleAdsLead = Pick<InboxLead, 'id' | 'gclid' | 'created_at' | 'status' | 'job_value_cents' | 'status_changed_at'>;

/**
 * One row per lead with a gclid for the quote request (at its arrival, no value), and for a lead that
 * is Won now a second row under the won conversion's name, at the time it was marked won, with the
 * job's value in NZD: one row per lead for each conversion name. `since`: quote rows for leads that
 * arrived since then, won rows for leads won since.
 */
export function toGoogleAdsCsv(
  leads: Iterable<GoogleAdsLead>,
  names: ConversionNames,
  since?: Date,
): { csv: string; rows: number; wonRows: number; skipped: number } {
  const lines = [`Parameters:TimeZone=${GOOGLE_ADS_TIME_ZONE}`, googleAdsColumns.join(',')];
  let skipped = 0;
  let wonRows = 0;
  const from = since?.getTime() ?? -Infinity;
  for (const lead of leads) {
    if (!lead.gclid) continue;
    if (!GCLID.test(lead.gclid)) {
      skipped++;
      continue;
    }
    // The gclid is written as is (checked above): the formula guard's apostrophe would break a leading "-".
    if (Date.parse(lead.created_at) >= from) lines.push([lead.gclid, csvCell(names.quote), googleAdsTime(lead.created_at), '', ''].join(','));
    if (lead.status === 'won' && lead.status_changed_at !== null && lead.status_changed_at >= from) {
      const wonAt = new Date(lead.status_changed_at).toISOString();
      lines.push([lead.gclid, csvCell(names.won), googleAdsTime(wonAt), conversionValue(lead.job_value_cents ?? 0), GOOGLE_ADS_CURRENCY].join(','));
      wonRows++;
    }
  }
  return { csv: `${lines.join('\r\n')}\r\n`, rows: lines.length - 2, wonRows, skipped };
}
