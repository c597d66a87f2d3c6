/**
 * The figures the business details hold, as the pages write them, and where free text repeats
 * one: a repeated figure would stay behind when the field changes, so the site editor warns and
 * offers to put the field's token in its place.
 */
import type { BusinessDetails } from './business-details.ts';
import { PRICE_KEYS, nzDollars, priceText } from './guide-prices.ts';
import { priceLabel, responseLabel, tokenLabels } from './token-labels.ts';
import { leadCities, type LeadCity } from './lead/fields.ts';
import { clockText } from './clock-text.ts';

/** One figure: what it is, the phrases that are it whole (replaceable by its token), and parts that only warn. */
export interface Figure {
  label: string;
  whole: string[];
  parts: string[];
  /** What to write in its place in a one-line or plain text field, so the text follows the field; null where none says it. */
  token: string | null;
  /** The same in an article's or guide's text: a block. */
  block: string | null;
  /** What its token or block shows on the site now, as the owner reads it there; null where it has neither. */
  shows: string | null;
}

/** Every figure of the details, as the pages write it. */
export function figuresOf(d: BusinessDetails): Figure[] {
  const line = d.emergencyLine;
  const digits = line.digits.replace(/\s/g, '');
  const figures: Figure[] = [
    {
      label: tokenLabels.emergencyLine,
      whole: [...new Set([line.shownAs, line.digits, digits, `+64${digits.slice(1)}`])],
      parts: [],
      token: '{emergencyLine}',
      block: '<EmergencyLine />',
      shows: line.shownAs,
    },
    { label: tokenLabels.email, whole: [d.email], parts: [], token: '{email}', block: '<Email />', shows: d.email },
    // "within 24 hours", "in 24 hours", "inside 24 hours": the promise, as the pages put it.
    ...['within', 'in', 'inside'].map((word) => ({
      label: tokenLabels.quoteWithin,
      whole: [`${word} ${d.promises.quoteWithinHours} hours`],
      parts: [],
      token: `${word} {quoteWithin}`,
      block: `${word} <QuoteWithin />`,
      shows: `${d.promises.quoteWithinHours} hours`,
    })),
    {
      label: tokenLabels.emailReplyWithin,
      whole: [`${d.promises.replyWithinHours} hours in business hours`],
      parts: [],
      token: '{emailReplyWithin}',
      block: null,
      shows: `${d.promises.replyWithinHours} hours in business hours`,
    },
  ];
  // Cities with one target share one figure: "2-4 hours" is Auckland's, Wellington's and Christchurch's.
  const byRange = new Map<string, LeadCity[]>();
  for (const city of leadCities) {
    const { from, to } = d.responseTargets[city];
    if (from !== to) byRange.set(`${from}-${to}`, [...(byRange.get(`${from}-${to}`) ?? []), city]);
  }
  for (const [range, cities] of byRange) {
    figures.push({
      label: responseLabel(cities),
      whole: [`${range} hours`, `${range.replace('-', '–')} hours`],
      parts: [],
      token: `{response${cities[0]!}}`,
      block: null,
      shows: `${range} hours`,
    });
  }
  for (const key of PRICE_KEYS) {
    const price = d.guidePrices[key];
    const amounts = [price.from, ...(price.to === undefined ? [] : [price.to])].map(nzDollars);
    figures.push({
      label: priceLabel(key),
      whole: [priceText(price)],
      parts: amounts,
      token: `{price:${key}}`,
      block: `<Price of="${key}" />`,
      shows: priceText(price),
    });
  }
  // As the site writes them, "6:00pm": a bare "8am" is as likely a fridge log's reading.
  const times = d.officeHours.flatMap((row) => (row.opens && row.closes ? [clockText(row.opens), clockText(row.closes)] : []));
  if (times.length > 0) figures.push({ label: 'the office hours', whole: [], parts: [...new Set(times)], token: null, block: null, shows: null });
  return figures;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A phrase standing on its own: no letter or digit joined to either end. */
const standalone = (phrases: string[]) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${phrases.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu');

/** The figures a text repeats, each once. */
export function repeatsIn(text: string, figures: readonly Figure[]): Figure[] {
  return figures.filter((f) => {
    const phrases = [...f.whole, ...f.parts].filter((p) => p.length > 0);
    return phrases.length > 0 && standalone(phrases).test(text);
  });
}

/** The text with each whole repeat of a figure replaced by its token (`as: 'block'` in an article's text), where it has one. */
export function withTokens(text: string, figures: readonly Figure[], as: 'token' | 'block' = 'token'): string {
  let out = text;
  for (const f of figures) {
    const by = f[as];
    if (by && f.whole.length > 0) out = out.replace(standalone(f.whole), () => by);
  }
  return out;
}

/** A token or block as a text holds it, what it stands for, and what it shows on the site now. */
export interface TokenReading {
  written: string;
  label: string;
  shows: string;
}

/** The blocks an article's text can hold for the figures ("within <QuoteWithin />" is `<QuoteWithin />`), each once. */
export function blockReadings(figures: readonly Figure[]): TokenReading[] {
  const found = new Map<string, TokenReading>();
  for (const f of figures) {
    const written = /<[^>]+\/>/.exec(f.block ?? '')?.[0];
    if (written && f.shows !== null && !found.has(written)) found.set(written, { written, label: f.label, shows: f.shows });
  }
  return [...found.values()];
}

/**
 * The tokens and blocks a text holds, each once, so the owner who sees `{price:displayFridge}` in
 * the box is told it reads "NZ$1,500 to NZ$4,000" on the page and follows Business details.
 */
export function readingsIn(text: string, readings: readonly TokenReading[]): TokenReading[] {
  return readings.filter((r) => text.includes(r.written));
}
