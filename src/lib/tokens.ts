/**
 * Content files name business facts by token instead of repeating them, so a change of e-mail
 * or phone number is one edit in core/business.ts. `{business}`, `{email}`, `{emergencyLine}`,
 * `{emergencyDigits}`, `{emergencyTel}` (the call link's href), `{howWeWork}` (who does the work),
 * `{leadRetention}` (how long quote requests are kept) and `{heldJob}` (how long at most a partner's
 * link shows the customer) and `{whileYouWait}` (what to do until a technician arrives) are replaced wherever they appear in a content string.
 */
import { business } from '../config/site.ts';
import { howWeWork, whileYouWait } from '../../core/business.ts';

export const tokens: Record<string, string> = {
  business: business.name,
  email: business.email,
  emergencyLine: business.emergencyLine.display,
  emergencyDigits: business.emergencyLine.digits,
  emergencyTel: business.emergencyLine.href,
  howWeWork,
  leadRetention: `${business.leadRetentionDays / 365} years`,
  heldJob: `${business.heldJobDays} days`,
  whileYouWait,
};

const TOKEN = new RegExp(`\\{(${Object.keys(tokens).join('|')})\\}`, 'g');

export function fillTokens(text: string): string {
  return text.replace(TOKEN, (_, name: string) => tokens[name] ?? _);
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
