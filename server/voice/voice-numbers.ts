/**
 * The numbers the business advertises, each with the name of where it is advertised ("Website",
 * "Google Ads", "Van signage"), as TWILIO_VOICE_NUMBERS gives them: `+6480037434=Website,+6495550101=Google Ads`.
 * A call's source is the name of the number it dialled, so the Reports can count calls by where they came from.
 */
import { z } from 'zod';

const E164 = /^\+[1-9]\d{6,14}$/;
/** A source name: a few plain words, as the Reports show it. */
const NAME = /^[\p{L}\p{N}][\p{L}\p{N} .&'/-]{0,39}$/u;

/** Parses the setting: a map from each number (E.164) to its source name, or a sentence saying what is wrong. */
export function parseVoiceNumbers(value: string): Map<string, string> | string {
  const map = new Map<string, string>();
  for (const entry of value.split(',')) {
    if (entry.trim() === '') continue;
    const at = entry.indexOf('=');
    const number = (at < 0 ? entry : entry.slice(0, at)).replace(/\s+/g, '');
    const name = at < 0 ? '' : entry.slice(at + 1).trim();
    if (!E164.test(number)) return 'must list numbers in E.164 form (+64…), each followed by = and its source name, separated by commas';
    if (!NAME.test(name)) return 'must give each number a source name of 1 to 40 letters, digits or spaces, such as +6480037434=Website';
    if (map.has(number)) return 'lists a number twice';
    map.set(number, name);
  }
  return map;
}

/** The setting as a zod field: unset or empty is an empty map (voice off). */
export const voiceNumbersSetting = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const parsed = parseVoiceNumbers(v ?? '');
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  });
