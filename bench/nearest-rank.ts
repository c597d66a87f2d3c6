/** The p-th percentile (0-100) of sorted timings by nearest rank: always one of the measured values. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
