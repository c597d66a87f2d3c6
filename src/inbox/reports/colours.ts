/**
 * The charts' colours, from the site's Tailwind theme: one per lead source, apart in hue and in
 * lightness (so they stay apart with common colour blindness), each at least 3:1 against white,
 * and always named in a legend or table as well.
 */
import type { LeadSource } from '../../../core/lead/insight.ts';

export const sourceFill: Record<LeadSource, string> = {
  google_ads: 'fill-brand-600',
  search: 'fill-amber-600',
  direct: 'fill-slate-500',
  social: 'fill-pink-500',
  referral: 'fill-emerald-700',
};

/** The same colours for the legend's HTML swatches. */
export const sourceSwatch: Record<LeadSource, string> = {
  google_ads: 'bg-brand-600',
  search: 'bg-amber-600',
  direct: 'bg-slate-500',
  social: 'bg-pink-500',
  referral: 'bg-emerald-700',
};

/** Single-series bars. */
export const barFill = 'fill-brand-600';

/** The response chart's two lines: solid blue and dashed orange. */
export const businessStroke = 'stroke-brand-600';
export const businessDot = 'fill-brand-600';
export const afterStroke = 'stroke-amber-600';
export const afterDot = 'fill-amber-600';

/** Axis text, grid lines and the baseline. */
export const axisText = 'fill-slate-700 text-xs';
export const gridLine = 'stroke-slate-200';
export const baseLine = 'stroke-slate-500';
