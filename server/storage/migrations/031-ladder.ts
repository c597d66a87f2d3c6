import type { Dialect } from '../migrations.ts';

/**
 * Version 31: the people of the business can be woken for an urgent job nobody took.
 * - `users.mobile`: the person's own mobile number (a New Zealand mobile, in the form the
 *   partners' numbers are kept), empty when they gave none.
 */
export function migration(_dialect: Dialect): string[] {
  return ["ALTER TABLE users ADD COLUMN mobile TEXT NOT NULL DEFAULT ''"];
}
