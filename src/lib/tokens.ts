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

/** Each token's text, read when it is filled in, so the lead server fills in the published details. */
const tokenValues = {
  business: () => business.name,
  email: () => business.email,
  emergencyLine: () => business.emergencyLine.display,
  emergencyDigits: () => business.emergencyLine.digits,
  emergencyTel: () => business.emergencyLine.href,
  howWeWork: () => howWeWork,
  leadRetention: () => `${business.leadRetentionDays / 365} years`,
  heldJob: () => `${business.heldJobDays} days`,
  whileYouWait: () => whileYouWait,
  quoteWithin: () => business.promises.quoteWithin,
  emailReplyWithin: () => business.promises.emailReplyWithin,
  ...(Object.fromEntries(leadCities.map((city) => [`response${city}`, () => rangeText(city)])) as Record<`response${LeadCity}`, () => string>),
  responseRegional: () => hoursText(business.responseHours.regional),
  ...(Object.fromEntries(PRICE_KEYS.map((key) => [`price:${key}`, () => priceText(business.prices[key])])) as Record<`price:${PriceKey}`, () => string>),
} satisfies Record<string, () => string>;

const tokenNames = Object.keys(tokenValues) as (keyof typeof tokenValues)[];

const TOKEN = new RegExp(`\\{(${tokenNames.join('|')})\\}`, 'g');

export function fillTokens(text: string): string {
  return text.replace(TOKEN, (_, name: keyof typeof tokenValues) => tokenValues[name]());
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
