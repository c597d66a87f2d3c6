/**
 * The short code each offer's text carries ("K7P"), so a reply can name its job. A letter, a digit
 * and a letter, from characters that are not mistaken for one another on a small screen (no O/0,
 * I/1/L, S/5, Z/2, B/8): always holding a digit, a code is never a word a partner might write, and
 * the shape tells it from "20min" or "3pm".
 */
import { createHash } from 'node:crypto';

const LETTERS = 'ACDEFGHJKMNPQRTUVWXY';
const DIGITS = '34679';

/** A code as a reply may write it, in any case, as a word of its own. */
export const JOB_CODE = new RegExp(`^[${LETTERS}][${DIGITS}][${LETTERS}]$`, 'i');

/**
 * The codes an offer tries in turn: the same list for the same offer (a retried send finds the code
 * it kept), starting at a place its id picks, so two offers rarely try the same code first.
 */
export function codeCandidates(offerId: string, count = 24): string[] {
  const size = LETTERS.length * DIGITS.length * LETTERS.length;
  const start = createHash('sha256').update(offerId).digest().readUInt32BE(0) % size;
  // A step coprime with the 2,000 codes walks all of them before repeating.
  return Array.from({ length: Math.min(count, size) }, (_, i) => {
    let n = (start + i * 7 * 11 * 13) % size;
    const last = LETTERS[n % LETTERS.length]!;
    n = Math.floor(n / LETTERS.length);
    const digit = DIGITS[n % DIGITS.length]!;
    n = Math.floor(n / DIGITS.length);
    return `${LETTERS[n]!}${digit}${last}`;
  });
}
