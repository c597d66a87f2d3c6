/**
 * The business details the owner keeps in the site editor: the emergency line, the contact e-mail,
 * office hours, the promises, the response targets by area, the guides' date line and prices, and
 * the Google place ID that review requests link to. The release ships them as
 * `src/content/business/details.json`; the build, the content check and the editor's form all read
 * this schema, and `business.ts` serves the published values to everything else.
 */
import { z } from 'zod';
import { leadCities } from './lead/fields.ts';
import { WEEKDAYS } from './weekdays.ts';
import { PRICE_FORMS, PRICE_KEYS, PRICE_LABELS, type PriceKey } from './guide-prices.ts';
import { keypadDigits } from './phone-keypad.ts';

/** A 24-hour time, or empty for a closed day (one text field, so the form shows one box). */
const TIME_OR_EMPTY = /^(([01]\d|2[0-3]):[0-5]\d)?$/;
const hours = (what: string) => z.number().int().min(1).max(168).describe(what);

const openingRow = z
  .strictObject({
    days: z.string().trim().min(3).max(40).describe('The days as the contact page and footer write them ("Monday to Friday")'),
    shortDays: z.string().trim().min(2).max(12).describe('The same days, short, for the header on a phone ("Mon-Fri")'),
    weekdays: z
      .array(z.enum(WEEKDAYS))
      .min(1)
      .max(7)
      // Each day once, ticked rather than typed: the form draws a list of unique choices as tick boxes.
      .meta({ uniqueItems: true })
      .describe("The days this row covers (search engines and the inbox's clock read these)"),
    opens: z
      .string()
      .regex(TIME_OR_EMPTY, 'Write the time as 24-hour HH:MM, such as 07:00')
      .describe('Opening time (07:00 is 7:00am); empty on days the office is closed'),
    closes: z
      .string()
      .regex(TIME_OR_EMPTY, 'Write the time as 24-hour HH:MM, such as 18:00')
      .describe('Closing time (18:00 is 6:00pm); empty on days the office is closed'),
    whenClosed: z.string().trim().max(60).describe('What the site says on a closed day ("Emergency call-outs only"); empty on open days'),
  })
  .superRefine((row, ctx) => {
    if ((row.opens === '') !== (row.closes === '')) {
      ctx.addIssue({ code: 'custom', path: [row.opens === '' ? 'opens' : 'closes'], message: 'Give both times, or leave both empty for a closed day' });
    } else if (row.opens !== '' && row.opens >= row.closes) {
      ctx.addIssue({ code: 'custom', path: ['closes'], message: 'Closing time must be after opening time' });
    } else if (row.opens === '' && row.whenClosed.length < 3) {
      ctx.addIssue({ code: 'custom', path: ['whenClosed'], message: 'Say what happens on this closed day' });
    }
  });

const range = z
  .object({
    from: hours('Fastest target, in hours (the city page quotes it for the CBD)'),
    to: hours('Slowest target, in hours: the inbox holds urgent jobs to this'),
  })
  .refine((r) => r.from <= r.to, { path: ['to'], message: 'Must be at least the first figure' });

/** Each price the guides quote: a range, or one figure it starts at or passes, in whole NZ dollars. */
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
    // The editor draws it as a choice of wording with the figures that wording needs.
    .meta({ format: 'price' })
    .describe(label);

const guidePrices = z
  .strictObject(Object.fromEntries(PRICE_KEYS.map((key) => [key, priceSchema(PRICE_LABELS[key])])) as Record<PriceKey, ReturnType<typeof priceSchema>>)
  .describe('The price ranges the guides quote: change one here and every page that mentions it follows');

export const businessDetailsSchema = z.strictObject({
  emergencyLine: z
    .strictObject({
      digits: z
        .string()
        .trim()
        .regex(/^0[1-9][\d ]{5,16}$/, 'Digits and spaces only, starting with 0 ("0800 374 343")')
        .describe('The number as digits; phones dial it from these'),
      shownAs: z.string().trim().min(4).max(24).describe('How the site shows it: the digits, or a word the keypad spells ("0800 FRIDGE")'),
      // Versions published before the dialled form was worked out from the digits kept it here; it is not read.
      dialledAs: z.string().max(24).optional(),
    })
    // People dial what they read: a word must spell the digits on a phone's keypad, or callers reach someone else.
    .refine((line) => keypadDigits(line.shownAs) === line.digits.replace(/ /g, ''), {
      path: ['shownAs'],
      message: 'Must be the same number as the digits: each letter is the digit under it on a phone’s keypad (0800 FRIDGE is 0800 374 343)',
    })
    .meta({ format: 'phone' })
    .describe('The 24/7 emergency line, on every page, e-mail and text message'),
  email: z.email('An e-mail address such as quotes@example.co.nz').max(120).describe('The contact e-mail address the site shows'),
  officeHours: z
    .array(openingRow)
    .min(1)
    .max(7)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        const again: string[] = [];
        for (const day of row.weekdays) {
          if (seen.has(day)) again.push(day);
          seen.add(day);
        }
        if (again.length > 0) ctx.addIssue({ code: 'custom', path: [i, 'weekdays'], message: `Each day belongs to one row only: ${again.join(', ')}` });
      });
    })
    // The editor draws the rows as a week of days and writes the rows back from it.
    .meta({ format: 'hours' })
    .describe('Office hours in New Zealand time, one row per group of days'),
  promises: z
    .strictObject({
      quoteWithinHours: hours('Hours within which a quote is promised'),
      replyWithinHours: hours('Hours (in business hours) within which an e-mail is answered'),
    })
    .describe('What the site and the e-mails promise every customer'),
  responseTargets: z
    .strictObject({
      ...(Object.fromEntries(leadCities.map((city) => [city, range.describe(`Emergency response target around ${city}`)])) as Record<
        (typeof leadCities)[number],
        typeof range
      >),
      regional: hours('Emergency response target anywhere else, in hours'),
    })
    .describe('How soon an emergency is reached, by area'),
  guideDateLine: z
    .strictObject({
      updated: z.iso.date('A date as YYYY-MM-DD').describe("The day the prices were last verified: every guide's 'Last updated' line shows it"),
      note: z.string().trim().min(5).max(80).describe("The words after the date ('Information verified monthly')"),
    })
    .describe("The price guides' date line"),
  googlePlaceId: z
    .string()
    .trim()
    // Google's place IDs are letters, digits, _ and -; anything else could not be one, and never reaches a link.
    .regex(/^[A-Za-z0-9_-]{10,400}$/, 'The place ID as Google gives it, such as ChIJN1t_tDeuEmsRUsoyG83frY4')
    .optional()
    .describe(
      "Your Google Business Profile's place ID (find it with Google's Place ID Finder). Customers of won jobs are asked for a review only when it is set",
    ),
  guidePrices,
});

export type BusinessDetails = z.infer<typeof businessDetailsSchema>;
