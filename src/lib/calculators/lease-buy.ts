/** Lease or buy: the lease-vs-buy article's comparison (its worked example: $15,000, $320 a month, 60 months, 28% tax), for any figures. */
import { roundCents } from './format.ts';

export interface LeaseBuyInput {
  price: number;
  monthly: number;
  months: number;
  /** Tax rate as a fraction (0.28 for 28%). */
  taxRate: number;
}

export interface LeaseBuyOption {
  upfront: number;
  total: number;
  taxValue: number;
  afterTax: number;
}

export interface LeaseBuyComparison {
  lease: LeaseBuyOption & { monthlyAfterTax: number };
  buy: LeaseBuyOption;
  /** Lease minus buy; negative when leasing costs less. */
  extraBeforeTax: number;
  extraAfterTax: number;
}

/** As in the article: every deduction fully used, no GST, fees, borrowing cost or end value. All sums in whole cents. */
export function compareLeaseBuy({ price, monthly, months, taxRate }: LeaseBuyInput): LeaseBuyComparison {
  const leaseTotal = roundCents(monthly * months);
  const lease = {
    upfront: 0,
    total: leaseTotal,
    taxValue: roundCents(leaseTotal * taxRate),
    afterTax: 0,
    monthlyAfterTax: roundCents(monthly * (1 - taxRate)),
  };
  lease.afterTax = roundCents(lease.total - lease.taxValue);
  const buyTax = roundCents(price * taxRate);
  const buy = { upfront: price, total: price, taxValue: buyTax, afterTax: roundCents(price - buyTax) };
  return { lease, buy, extraBeforeTax: roundCents(lease.total - buy.total), extraAfterTax: roundCents(lease.afterTax - buy.afterTax) };
}
