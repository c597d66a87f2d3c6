/**
 * What a visit beacon carries, as plain data the page's script and the lead server share (no zod
 * here: the script on every public page must stay small). The server's schema is beacon-schema.ts.
 */

/** Where the beacon goes: the lead server's own origin, the same host as the page. */
export const BEACON_PATH = '/visit';

/** The largest beacon body the server reads; a real one is a few hundred bytes. */
export const BEACON_MAX_BYTES = 1024;

/**
 * view: the page was seen; seen: its quote form scrolled into view; started: a field of the form
 * was first touched; vital: one Core Web Vital of the page, measured in the visitor's browser.
 */
export const beaconKinds = ['view', 'seen', 'started', 'vital'] as const;
export type BeaconKind = (typeof beaconKinds)[number];

/** The Core Web Vitals kept: Largest Contentful Paint (ms), Interaction to Next Paint (ms), Cumulative Layout Shift. */
export const vitalMetrics = ['LCP', 'INP', 'CLS'] as const;
export type VitalMetric = (typeof vitalMetrics)[number];

/**
 * Each metric's scale: values are kept as counts in buckets `step` wide (the last bucket holds
 * everything from `step × buckets` up), so only a histogram reaches the database and the 75th
 * percentile is read from it to within one step. `good` and `poor` are Google's thresholds: at or
 * under `good` is good, over `poor` is poor, between them needs improvement.
 */
export const vitalScales: Record<VitalMetric, { step: number; buckets: number; good: number; poor: number; unit: 'ms' | '' }> = {
  LCP: { step: 100, buckets: 100, good: 2500, poor: 4000, unit: 'ms' },
  INP: { step: 10, buckets: 100, good: 200, poor: 500, unit: 'ms' },
  CLS: { step: 0.01, buckets: 100, good: 0.1, poor: 0.25, unit: '' },
};

/** The kinds of page the Web Vitals are kept by (a page's kind comes from the site's route list). */
export const pageKinds = ['home', 'page', 'product', 'city', 'guide', 'blog', 'article'] as const;
export type PageKind = (typeof pageKinds)[number];

/** One page of the site the visits count, as the build lists them. */
export interface SitePage {
  path: string;
  kind: PageKind;
}

/** The file the build writes with every counted page and its kind; the lead server reads it at start. */
export const SITE_PAGES_FILE = 'site-pages.json';

/** The first-touch values a beacon carries: what the source group and campaign are decided from. */
export interface BeaconTouch {
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  /** '1' when the visit came with a Google Ads click; the click id itself is not sent. */
  gclid: string;
  /** The referring site's origin only. */
  referrer: string;
}

export interface Beacon extends Partial<BeaconTouch> {
  kind: BeaconKind;
  /** The page's path, "/auckland". */
  path: string;
  /** With `kind: 'vital'`. */
  metric?: VitalMetric;
  value?: number;
}

/** A page's path as the counts keep it: "/auckland/" and "/auckland" are the same page. */
export function pagePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
