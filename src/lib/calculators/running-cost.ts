/** Running cost and savings: kWh a day × 365 × price, and the 25-30% saving range the business quotes, in dollars a year. */
import { roundCents } from './format.ts';
import type { Range } from './restaurant.ts';

export interface RunningCostRules {
  daysPerYear: number;
  /** Saving as fractions of the annual cost (0.25-0.3). */
  saving: Range;
}

export interface RunningCost {
  kwhPerYear: number;
  costPerYear: number;
  saving: Range;
  /** Annual cost after the saving: low is after the larger saving. */
  costAfter: Range;
}

export function runningCost(kwhPerDay: number, pricePerKwh: number, rules: RunningCostRules): RunningCost {
  const kwhPerYear = kwhPerDay * rules.daysPerYear;
  const costPerYear = roundCents(kwhPerYear * pricePerKwh);
  const saving = { low: roundCents(costPerYear * rules.saving.low), high: roundCents(costPerYear * rules.saving.high) };
  return { kwhPerYear, costPerYear, saving, costAfter: { low: roundCents(costPerYear - saving.high), high: roundCents(costPerYear - saving.low) } };
}
