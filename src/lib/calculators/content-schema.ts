/**
 * What a calculator's copy file (src/content/calculators/*.yaml) holds: its figures, rules and
 * labels, checked by the content collection so a copy edit cannot break the arithmetic.
 */
import { z } from 'zod';
import { serviceTypes } from '../../../core/lead/schema.ts';

/** The interactive calculators (src/content/calculators/*.yaml), placed by a `calculator` block or `<Calculator tool="..." />` in MDX. */
export const calculatorTools = ['restaurantSizer', 'coolRoom', 'leaseBuy', 'runningCost'] as const;
export type CalculatorTool = (typeof calculatorTools)[number];
/** Each calculator as the site editor names it. */
export const CALCULATOR_LABELS: Record<CalculatorTool, string> = {
  restaurantSizer: 'Restaurant fridge and freezer sizer',
  coolRoom: 'Cool room size estimator',
  leaseBuy: 'Lease or buy',
  runningCost: 'Running cost and savings',
};

/** One figure a calculator asks for. Its default is also the worked example shown without JavaScript. */
const figureInputSchema = z.object({
  label: z.string().min(3).max(60).describe('The input’s visible label, exactly as the visitor reads it'),
  hint: z.string().max(160).optional().describe('A short line under the label (where to find the figure)'),
  default: z.number().describe('Value filled in at first; the no-JavaScript worked example uses it'),
  min: z.number().describe('Smallest accepted value'),
  max: z.number().describe('Largest accepted value; bigger figures get an inline message'),
  integer: z.boolean().default(false).describe('Only whole numbers (seats, months)'),
  money: z.boolean().default(false).describe('An amount in NZ$: written as "$2,000" in the worked example and the summary'),
  example: z.string().max(20).describe('A typical entry quoted in the "must be a number" message, e.g. "60"'),
});

const range = (what: string) => z.object({ low: z.number().min(0), high: z.number().min(0) }).describe(what);
const calculatorCopy = {
  heading: z.string().min(5).max(90).describe('The calculator’s heading'),
  intro: z.string().min(40).max(600).describe('The rule of thumb in words, shown to every visitor'),
  example: z
    .string()
    .min(10)
    .max(200)
    .describe(
      'The worked example shown where the calculator cannot run (a browser without scripts); a name in curly brackets is filled in with the calculator’s starting figure',
    ),
  summary: z
    .string()
    .min(10)
    .max(400)
    .describe('The one line the calculator writes into the quote form’s notes; a name in curly brackets is filled in with the visitor’s answer'),
  serviceType: z.enum(serviceTypes).optional().describe('Service type the quote button selects, where the tool makes it obvious'),
  note: z.string().max(700).optional().describe('Small print: assumptions and cited sources (with the date read)'),
};

export const calculatorSchema = z.discriminatedUnion('tool', [
  z.object({
    tool: z.literal('restaurantSizer'),
    ...calculatorCopy,
    inputs: z.object({ seats: figureInputSchema }),
    rules: z.object({
      litresPerSeat: range('Litres of refrigeration per seat: the range the business sizes a restaurant by (100-150)'),
      fridgeShare: z.number().min(0).max(1).describe('Chilled share of the total (0.7 in the business’s sizing); the rest is freezer'),
      bands: z
        .array(z.object({ key: z.string().regex(/^[a-z]+$/), minLitres: z.number().positive(), name: z.string().max(80) }))
        .min(1)
        .max(6)
        .describe('Bands of the business’s fridge sizing table the suggestion uses, with the smallest capacity and the name shown'),
      coolRooms: z
        .array(z.object({ key: z.string().regex(/^[a-z]+$/), side: z.number().positive(), name: z.string().max(80) }))
        .min(1)
        .max(4)
        .describe(
          'Cool rooms the business’s cool room sizing table gives for restaurants (square, side in metres), offered as the other way to hold the chilled share',
        ),
      coolRoomHeight: z
        .number()
        .positive()
        .describe('Internal height of a cool room in metres: the same figure as the cool room estimator’s internalHeight, whose note cites it'),
    }),
    labels: z.object({
      total: z.string().max(60),
      fridge: z.string().max(60).describe('{percent} is the fridge share'),
      freezer: z.string().max(60).describe('{percent} is the freezer share'),
      units: z.string().max(120).describe('{litres} is the upper end of the fridge range'),
      unitCount: z.string().max(40).describe('{count} and {name}'),
      litres: z.string().max(20).describe('{value}, e.g. "{value} L"'),
      coolRoom: z.string().max(60).describe('Label of the cool room alternative'),
      coolRoomValue: z.string().max(160).describe('{name}, {litres} (its volume) and {share} (percent of the fridge share it holds)'),
    }),
  }),
  z.object({
    tool: z.literal('coolRoom'),
    ...calculatorCopy,
    inputs: z.object({ purchases: figureInputSchema }),
    rules: z.object({
      cubicMetresPer1000: range('Cubic metres of cool room per $1000 of daily food purchases: the business’s rule of thumb (1.5-2)'),
      internalHeight: z.number().positive().describe('Assumed internal height in metres; cite its source in the note'),
      standardSides: z.array(z.number().positive()).min(1).max(6).describe('The standard square sizes the business installs (2, 3, 4 m)'),
      customMaxSide: z.number().positive().describe('Largest custom room side the business builds (20 m)'),
      customStep: z.number().positive().describe('Custom sides are rounded up to this step, in metres'),
    }),
    labels: z.object({
      volume: z.string().max(60),
      cubicMetres: z.string().max(20).describe('{value}, e.g. "{value} m³"'),
      sizesCaption: z.string().max(120).describe('{height} is the assumed internal height'),
      size: z.string().max(30),
      roomVolume: z.string().max(40),
      holds: z.string().max(40),
      yes: z.string().max(20),
      no: z.string().max(20),
      roomName: z.string().max(40).describe('{side}, e.g. "{side} m x {side} m"'),
      standard: z.string().max(200).describe('{room} and {volume}'),
      custom: z.string().max(200).describe('{room} and {volume}'),
      beyond: z.string().max(240).describe('{room} (the largest custom room) and {volume}'),
      beyondRoom: z.string().max(80).describe('Short form of `beyond` for the quote summary; {room} is the largest custom room'),
    }),
  }),
  z.object({
    tool: z.literal('leaseBuy'),
    ...calculatorCopy,
    inputs: z.object({ price: figureInputSchema, monthly: figureInputSchema, months: figureInputSchema, taxRate: figureInputSchema }),
    labels: z.object({
      caption: z.string().max(120),
      item: z.string().max(30),
      lease: z.string().max(30),
      buy: z.string().max(30),
      upfront: z.string().max(60),
      monthly: z.string().max(60),
      monthlyValue: z.string().max(60).describe('{amount} for {months} months'),
      none: z.string().max(20),
      total: z.string().max(60),
      taxValue: z.string().max(60).describe('{rate} is the tax rate'),
      afterTax: z.string().max(60),
      headline: z.string().max(200).describe('The totals in one sentence: {leaseTotal}, {leaseAfterTax}, {buyTotal}, {buyAfterTax}'),
      more: z.string().max(200).describe('Leasing costs more: {before} and {after}'),
      less: z.string().max(200).describe('Leasing costs less: {before} and {after}'),
      same: z.string().max(200),
    }),
  }),
  z.object({
    tool: z.literal('runningCost'),
    ...calculatorCopy,
    inputs: z.object({ kwhPerDay: figureInputSchema, pricePerKwh: figureInputSchema }),
    rules: z.object({
      daysPerYear: z.number().int().positive(),
      saving: range('Saving as fractions of the annual cost: the range the business quotes for an efficient replacement (0.25-0.3)'),
    }),
    labels: z.object({
      kwhPerYear: z.string().max(60),
      kwh: z.string().max(20).describe('{value}, e.g. "{value} kWh"'),
      costPerYear: z.string().max(60),
      saving: z.string().max(60).describe('{low} and {high} are the saving percentages'),
      costAfter: z.string().max(60),
      perYear: z.string().max(30).describe('{value}, e.g. "{value} a year"'),
    }),
  }),
]);
export type CalculatorContent = z.infer<typeof calculatorSchema>;
export type CalculatorOf<T extends CalculatorContent['tool']> = Extract<CalculatorContent, { tool: T }>;
export type FigureInput = z.infer<typeof figureInputSchema>;
