/**
 * New Zealand mobile numbers, as a partner types them, to the E.164 form a text-message provider wants.
 *
 * A partner's phone is kept exactly as the owner typed it ("021 123 4567", "+64 21 123 4567", ...) and
 * is texted only when it is a mobile: a landline, a freephone or a premium number cannot take a text,
 * and sending to one costs money and fails. So the number is checked and normalised here, at the moment
 * of sending, rather than rewritten when it is saved.
 *
 * The national significant number (the digits after the trunk 0 or the country code 64) of a mobile is
 * 020, 021, 022, 027, 028 or 029 followed by 7 or 8 digits; 026 followed by 6 or 7; and a few older,
 * shorter ranges: 021 followed by 6 digits and 0275 followed by 5. That is 8 to 10 digits in all.
 */

const MOBILE_NSN = /^(?:2(?:[0-27-9]\d|6)\d{6,7}|2(?:1\d|75)\d{5})$/;

/** What may stand between the digits: spaces of any kind, dots, hyphens and dashes, parentheses. */
const SEPARATORS = /[\s.\-\u2010-\u2015\u2212()]/gu;

/** Longer than any way of writing a phone number; the rest is not looked at. */
const MAX_INPUT = 64;

/** The number in E.164 form (`+64211234567`) when `input` is a New Zealand mobile number, else null. */
export function nzMobileE164(input: string): string | null {
  if (typeof input !== 'string' || input.length > MAX_INPUT) return null;
  // NFKC turns full-width digits and the like into plain ASCII ones.
  const compact = input.normalize('NFKC').replace(SEPARATORS, '');
  const match = /^(\+?)(\d+)$/.exec(compact);
  if (!match) return null;
  const international = match[1] === '+';
  const digits = match[2] ?? '';
  let nsn: string;
  if (international) {
    if (!digits.startsWith('64')) return null;
    nsn = digits.slice(2);
  } else if (digits.startsWith('0064')) {
    nsn = digits.slice(4);
  } else if (digits.startsWith('64')) {
    nsn = digits.slice(2);
  } else if (digits.startsWith('0')) {
    nsn = digits;
  } else {
    return null;
  }
  // Written nationally the number keeps its trunk 0; written internationally it may too ("+64 (0)21 ...",
  // "+64 021 ..."). Either way one leading 0 is dropped, and no national number starts with another.
  if (nsn.startsWith('0')) nsn = nsn.slice(1);
  return MOBILE_NSN.test(nsn) ? `+64${nsn}` : null;
}

/** Whether `input` is a New Zealand mobile number, however it is written. */
export function isNzMobile(input: string): boolean {
  return nzMobileE164(input) !== null;
}
