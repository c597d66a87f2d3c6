/**
 * A New Zealand business number as the owner types it once, as digits: what a phone dials
 * (international form) and what a word shown in its place ("0800 FRIDGE") spells on a keypad.
 */

const KEYPAD: Record<string, string> = Object.fromEntries(
  ['abc', 'def', 'ghi', 'jkl', 'mno', 'pqrs', 'tuv', 'wxyz'].flatMap((letters, i) => [...letters].map((letter) => [letter, String(i + 2)])),
);

/** The digits a number shown with letters dials ("0800 FRIDGE" is 0800374343); anything but digits and letters drops out. */
export function keypadDigits(shown: string): string {
  return [...shown.toLowerCase()].map((c) => (/\d/.test(c) ? c : (KEYPAD[c] ?? ''))).join('');
}

/** What a phone dials for a national number, in international form: +64 and the digits without their first 0. */
export function dialledForm(digits: string): string {
  return `+64${digits.replace(/\D/g, '').slice(1)}`;
}
