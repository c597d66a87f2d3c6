/** A repeated submission (a retry after a lost answer, a double click) is recognised by its content. */
import { hash } from 'node:crypto';
import { leadColumns, type Lead } from '../../core/lead/schema.ts';

/** How long the same form data counts as the same submission. */
export const REPEAT_WINDOW_MS = 10 * 60_000;

/** SHA-256 of every stored field and the spam flag: equal exactly when the stored lead would be. */
export function submissionKey(lead: Lead, spam: boolean): string {
  return hash('sha256', JSON.stringify([spam, ...leadColumns.map((c) => lead[c])]));
}
