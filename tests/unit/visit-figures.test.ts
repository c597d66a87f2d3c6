/** The Web Vitals' histograms: which bucket a value falls in, the 75th percentile read back, and Google's rating of it. */
import { describe, expect, it } from 'vitest';
import { p75OfBuckets, quoteRate, vitalBucket, vitalRating } from '../../core/visit/visit-figures.ts';
import type { VitalMetric } from '../../core/visit/beacon-fields.ts';

function histogram(metric: VitalMetric, values: number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(vitalBucket(metric, v), (counts.get(vitalBucket(metric, v)) ?? 0) + 1);
  return counts;
}

describe('Web Vitals histograms', () => {
  it('keeps a page that never shifted at 0, not at a bucket’s middle', () => {
    expect(p75OfBuckets('CLS', histogram('CLS', [0, 0, 0, 0.3]))).toBe(0);
    expect(p75OfBuckets('CLS', new Map())).toBeNull();
  });

  it('reads the 75th percentile to within one step of the exact one', () => {
    const values = Array.from({ length: 200 }, (_, i) => 400 + ((i * 7919) % 3000));
    const sorted = [...values].sort((a, b) => a - b);
    const exact = sorted[Math.ceil(0.75 * sorted.length) - 1]!;
    expect(Math.abs(p75OfBuckets('LCP', histogram('LCP', values))! - exact)).toBeLessThanOrEqual(100);
  });

  it('puts values past the scale in the last bucket and reads it as the scale’s end', () => {
    expect(vitalBucket('INP', 5_000)).toBe(vitalBucket('INP', 50_000));
    expect(p75OfBuckets('INP', histogram('INP', [5_000, 6_000, 7_000, 8_000]))).toBe(1_000);
  });

  it('rates at Google’s thresholds: good up to and including the first, poor over the second', () => {
    expect(vitalRating('LCP', 2500)).toBe('good');
    expect(vitalRating('LCP', 2501)).toBe('needs-improvement');
    expect(vitalRating('INP', 500)).toBe('needs-improvement');
    expect(vitalRating('INP', 501)).toBe('poor');
    expect(vitalRating('CLS', 0.1)).toBe('good');
    expect(vitalRating('CLS', 0.26)).toBe('poor');
  });
});

describe('the quote rate', () => {
  it('is quote requests per visitor, and nothing where it would pass 100 % or divide by no one', () => {
    expect(quoteRate(1, 3)).toBeCloseTo(1 / 3);
    expect(quoteRate(3, 3)).toBe(1);
    expect(quoteRate(0, 5)).toBe(0);
    expect(quoteRate(4, 1)).toBeNull();
    expect(quoteRate(0, 0)).toBeNull();
    expect(quoteRate(2, 0)).toBeNull();
  });
});
