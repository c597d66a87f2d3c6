/**
 * The published price ranges the guides quote, each one field of the business details: the price
 * guide's tables, its Quick Answer and FAQ, and any other page that mentions a price all write it
 * from here (`{price:displayFridge}` in a content string, `<Price of="displayFridge" />` in a
 * guide's text), so changing a price once changes it everywhere. Plain data and words, no schema,
 * so the inbox's site editor can name and write prices without loading zod.
 */

/** Each price the site quotes, by its key, with the words the owner's form labels it with. */
export const PRICE_LABELS = {
  displayFridge: 'Standard display fridge',
  uprightFridge: 'Upright (reach-in) fridge, single or double door',
  smallWalkInChiller: 'Small walk-in chiller, 1.2 × 1.2 × 2.2 m, with basic installation',
  mediumWalkInChiller: 'Medium walk-in chiller, 2.0 × 2.0 × 2.2 m',
  largeCoolRoom: 'Larger custom cool room for a supermarket or cold storage',
  walkInLabour: 'Installation labour for a walk-in room',
} as const;
export type PriceKey = keyof typeof PRICE_LABELS;
export const PRICE_KEYS = Object.keys(PRICE_LABELS) as PriceKey[];

/** How a price is worded: a range, or one figure the price starts at or passes. */
export const PRICE_FORMS = ['between', 'from about', 'over'] as const;

/** One price as the business details keep it (their schema, in business-details.ts, checks it). */
export interface GuidePrice {
  form: (typeof PRICE_FORMS)[number];
  from: number;
  to?: number | undefined;
}

const grouped = new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 0 });

/** An amount as the guides write it: "NZ$1,500". */
export const nzDollars = (amount: number) => `NZ$${grouped.format(amount)}`;

/** A price as the pages write it: "NZ$1,500 to NZ$4,000", "from about NZ$6,500", "over NZ$40,000". */
export function priceText(price: GuidePrice): string {
  if (price.form === 'between') return `${nzDollars(price.from)} to ${nzDollars(price.to ?? price.from)}`;
  return `${price.form} ${nzDollars(price.from)}`;
}
