/**
 * What the Reports say about visits, in the shape the inbox's Reports view and the weekly digest
 * share: visitors, views and quotes by page, source, campaign and device (the quote rate is quotes
 * per visitor), the quote form's funnel per page, and the Web Vitals at the 75th percentile.
 */
import { vitalScales, type PageKind, type VitalMetric } from './beacon-fields.ts';

/** The devices the site tells apart (the same rule as a lead's device). */
export const visitDevices = ['mobile', 'desktop'] as const;
export type VisitDevice = (typeof visitDevices)[number];
export const deviceLabels: Record<VisitDevice, string> = { mobile: 'Mobile', desktop: 'Desktop' };

/**
 * The campaign a visit is counted under while its own campaign has not earned a row: the beacon's
 * campaign is anyone's text, so only campaigns with evidence, a bounded number a day, become rows
 * of their own (the rest are counted here). Stored as is and shown as is, like "(none)" for no campaign.
 */
export const OTHER_CAMPAIGN = '(other)';

/**
 * Quote requests per visitor, or null where the figures say nothing of the kind: no visitors, or more
 * quote requests than visitors. The second happens when the requests came from visits that were
 * never counted (a browser without script, a campaign tag typed by hand, someone posting forms
 * straight at the server); a share of people cannot pass 100 %, so no rate is shown rather than 400 %.
 */
export function quoteRate(quotes: number, visitors: number): number | null {
  return visitors > 0 && quotes <= visitors ? quotes / visitors : null;
}

/**
 * Below this many visitors a rate says little (one quote request more or less moves it by five
 * points or more), so the Reports and the digest say it came from few visitors.
 */
export const FEW_VISITORS = 20;

/** Whether a rate over this many visitors (or form views) is too thin to read much into. */
export function fewVisitors(visitors: number): boolean {
  return visitors > 0 && visitors < FEW_VISITORS;
}

export interface VisitRow {
  label: string;
  /** Visitors a day, added up over the range's days: the same person on two days counts twice. */
  visitors: number;
  views: number;
  /** Quote requests (spam left out) from this page, source, campaign or device in the range. */
  quotes: number;
}

export interface FormFunnelRow {
  page: string;
  /** Page views in which the quote form scrolled into view. */
  seen: number;
  /** Page views in which a field of the form was touched. */
  started: number;
  /** Quote requests stored from the page. */
  sent: number;
}

export interface VitalFigure {
  metric: VitalMetric;
  /** Null: every kind of page together. */
  kind: PageKind | null;
  /** Null: both devices together. */
  device: VisitDevice | null;
  samples: number;
  /** The 75th percentile (ms, or the layout shift score), null with no samples. */
  p75: number | null;
}

export interface VisitReport {
  /** First and last New Zealand dates of the range, inclusive. */
  from: string;
  to: string;
  visitors: number;
  views: number;
  quotes: number;
  /** Biggest first, by visitors. */
  byPage: VisitRow[];
  /** In the order of the five sources. */
  bySource: VisitRow[];
  byCampaign: VisitRow[];
  byDevice: VisitRow[];
  /** Pages whose form was seen or that sent a quote, most seen first. */
  formFunnel: FormFunnelRow[];
  /** Every metric over all pages first, then by kind of page and device. */
  vitals: VitalFigure[];
}

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

/** Google's reading of a 75th percentile: good at or under its threshold, poor over the second. */
export function vitalRating(metric: VitalMetric, p75: number): VitalRating {
  const { good, poor } = vitalScales[metric];
  return p75 <= good ? 'good' : p75 <= poor ? 'needs-improvement' : 'poor';
}

/**
 * The bucket a measured value falls in: 0 holds exactly 0 (a page that never shifted), bucket k
 * holds values from (k − 1) × step up to k × step, and the last, past the scale, everything above.
 */
export function vitalBucket(metric: VitalMetric, value: number): number {
  const { step, buckets } = vitalScales[metric];
  if (value <= 0) return 0;
  return Math.min(buckets + 1, Math.floor(value / step + 1e-9) + 1);
}

/**
 * The 75th percentile of a histogram of counts by bucket, interpolated inside its bucket (so it is
 * right to within one step); the zero bucket reads as 0 and the last, open one as its lower edge.
 * Null with no samples.
 */
export function p75OfBuckets(metric: VitalMetric, counts: ReadonlyMap<number, number>): number | null {
  const { step, buckets } = vitalScales[metric];
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const target = 0.75 * total;
  let below = 0;
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
    const n = counts.get(bucket)!;
    if (below + n >= target) {
      if (bucket === 0) return 0;
      if (bucket > buckets) return buckets * step;
      const value = (bucket - 1 + (target - below) / n) * step;
      return metric === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value);
    }
    below += n;
  }
  return buckets * step;
}
