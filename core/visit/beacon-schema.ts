/**
 * The visit beacon as the lead server takes it: small, known kinds and metrics, bounded text. A
 * beacon that fails this is a 400; one that passes may still not be counted (a crawler, a path
 * that is not one of the site's pages).
 */
import { z } from 'zod';
import { cleanOneLine } from '../lead/schema.ts';
import { beaconKinds, vitalMetrics } from './beacon-fields.ts';

/** The most characters of a campaign the beacon takes, and so the most a counted one keeps. */
export const CAMPAIGN_MAX = 100;

const text = (max: number) => z.string().max(max).optional();

export const beaconSchema = z
  .strictObject({
    kind: z.enum(beaconKinds),
    path: z.string().min(1).max(200).startsWith('/'),
    utm_source: text(100),
    utm_medium: text(100),
    utm_campaign: text(CAMPAIGN_MAX),
    gclid: z.enum(['', '1']).optional(),
    referrer: text(200),
    metric: z.enum(vitalMetrics).optional(),
    value: z.number().finite().min(0).max(1_000_000).optional(),
  })
  .refine((b) => (b.kind === 'vital') === (b.metric !== undefined && b.value !== undefined), 'a vital carries its metric and value, and only a vital does');

export type BeaconInput = z.output<typeof beaconSchema>;

/**
 * A beacon's campaign as the visits count it, cleaned as the quote form cleans the lead's own
 * utm_campaign (so a visit's campaign and its lead's meet in the Reports): no control characters,
 * line breaks or invisible and direction-changing formatting (a U+202E would turn the report's text
 * around), on one line, trimmed; never longer than the beacon allows.
 */
export function visitCampaign(raw: string): string {
  return cleanOneLine(raw)
    .slice(0, CAMPAIGN_MAX)
    .replace(/[\uD800-\uDBFF]$/, '');
}
