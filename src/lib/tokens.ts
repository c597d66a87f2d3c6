/**
 * Content files name business facts by token instead of repeating them, so a change of e-mail,
 * phone number or promise is one edit of the business details. A token is its name in braces,
 * `{emergencyLine}`, replaced wherever it appears in a content string; the names are the keys
 * below: the business, its e-mail and emergency line (as read, as digits, as a call link), who
 * does the work, how long requests and a partner's view are kept, what to do while waiting, the
 * two promises ("24 hours"), each city's and the regional emergency target ("2-4 hours"), and each
 * price the guides quote (`{price:displayFridge}`: "NZ$1,500 to NZ$4,000").
 */
import { business } from '../config/site.ts';
import { hoursText, howWeWork, whileYouWait } from '../../core/business.ts';
import { leadCities, type LeadCity } from '../../core/lead/fields.ts';
import { rangeText } from '../../core/lead/response-targets.ts';
import { PRICE_KEYS, priceText, type PriceKey } from '../../core/guide-prices.ts';
import { priceLabel, responseLabel, tokenLabels } from '../../core/token-labels.ts';
import type { TokenReading } from '../../core/figure-repeats.ts';

/** Each token: what it stands for (in the site editor's words) and its text, read when it is filled in, so the lead server fills in the published details. */
const tokenValues = {
  business: [tokenLabels.business, () => business.name],
  email: [tokenLabels.email, () => business.email],
  emergencyLine: [tokenLabels.emergencyLine, () => business.emergencyLine.display],
  emergencyDigits: [tokenLabels.emergencyDigits, () => business.emergencyLine.digits],
  emergencyTel: [tokenLabels.emergencyTel, () => business.emergencyLine.href],
  howWeWork: [tokenLabels.howWeWork, () => howWeWork],
  leadRetention: [tokenLabels.leadRetention, () => `${business.leadRetentionDays / 365} years`],
  heldJob: [tokenLabels.heldJob, () => `${business.heldJobDays} days`],
  whileYouWait: [tokenLabels.whileYouWait, () => whileYouWait],
  quoteWithin: [tokenLabels.quoteWithin, () => business.promises.quoteWithin],
  emailReplyWithin: [tokenLabels.emailReplyWithin, () => business.promises.emailReplyWithin],
  ...(Object.fromEntries(leadCities.map((city): [string, TokenValue] => [`response${city}`, [responseLabel([city]), () => rangeText(city)]])) as Record<
    `response${LeadCity}`,
    TokenValue
  >),
  responseRegional: [tokenLabels.responseRegional, () => hoursText(business.responseHours.regional)],
  ...(Object.fromEntries(PRICE_KEYS.map((key): [string, TokenValue] => [`price:${key}`, [priceLabel(key), () => priceText(business.prices[key])]])) as Record<
    `price:${PriceKey}`,
    TokenValue
  >),
} satisfies Record<string, TokenValue>;
type TokenValue = readonly [label: string, text: () => string];

const tokenNames = Object.keys(tokenValues) as (keyof typeof tokenValues)[];

/** Every token with what it stands for and what it shows now, for the site editor to explain the ones a text holds. */
export function tokenReadings(): TokenReading[] {
  return tokenNames.map((name) => ({ written: `{${name}}`, label: tokenValues[name][0], shows: tokenValues[name][1]() }));
}

const TOKEN = new RegExp(`\\{(${tokenNames.join('|')})\\}`, 'g');

export function fillTokens(text: string): string {
  return text.replace(TOKEN, (_, name: keyof typeof tokenValues) => tokenValues[name][1]());
}

/** Replaces tokens in every string of a parsed content entry, keeping its shape and type. */
export function fillTokensDeep<T>(value: T): T {
  if (typeof value === 'string') return fillTokens(value) as T;
  if (Array.isArray(value)) return value.map((v) => fillTokensDeep(v)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillTokensDeep(v)])) as T;
  }
  return value;
}
