/**
 * The published price ranges the guides quote, each one field of the business details: the price
 * guide's tables, its Quick Answer and FAQ, and any other page that mentions a price all write it
 * from here (`{price:displayFridge}` in a content string, `<Price of="displayFridge" />` in a
 * guide's text), so changing a price once changes it everywhere.
 */
import { z } from 'zod';

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

const dollars = (what: string) => z.number().int().min(1).max(10_000_000).describe(what);

const priceSchema = (label: string) =>
  z
    .strictObject({
      form: z.enum(PRICE_FORMS).describe('How the price is worded: between two figures, "from about" one figure, or "over" one figure'),
      from: dollars('The figure in New Zealand dollars (the lower one of a range)'),
      to: dollars('The upper figure of a range, in New Zealand dollars').optional(),
    })
    .superRefine((p, ctx) => {
      if (p.form === 'between' && p.to === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Give the upper figure of the range' });
      else if (p.form === 'between' && p.to! <= p.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must be more than the lower figure' });
      else if (p.form !== 'between' && p.to !== undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Only a range has an upper figure' });
    })
    .describe(label);

export const guidePricesSchema = z
  .strictObject(Object.fromEntries(PRICE_KEYS.map((key) => [key, priceSchema(PRICE_LABELS[key])])) as Record<PriceKey, ReturnType<typeof priceSchema>>)
  .describe('The price ranges the guides quote: change one here and every page that mentions it follows');

export type GuidePrice = z.infer<ReturnType<typeof priceSchema>>;
export type GuidePrices = z.infer<typeof guidePricesSchema>;

const grouped = new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 0 });

/** An amount as the guides write it: "NZ$1,500". */
export const nzDollars = (amount: number) => `NZ$${grouped.format(amount)}`;

/** A price as the pages write it: "NZ$1,500 to NZ$4,000", "from about NZ$6,500", "over NZ$40,000". */
export function priceText(price: GuidePrice): string {
  if (price.form === 'between') return `${nzDollars(price.from)} to ${nzDollars(price.to ?? price.from)}`;
  return `${price.form} ${nzDollars(price.from)}`;
}
