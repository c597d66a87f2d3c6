import { words } from '../app-words.ts';
import { labelOf } from './json-schema.ts';

/** One page's change on a version card: "Commercial Fridge Prices NZ: Heading, FAQ › 3 and 2 more". */
export function changeSummary(change: { title: string; fields: readonly string[]; more: number }): string {
  if (change.fields.length === 0) return change.title;
  return `${change.title}: ${words.site.versions.fieldList(change.fields.map(fieldName), change.more)}`;
}

/** A field's path as the owner reads it: "FAQ › 4 › Answer" for faq.3.answer. */
export function fieldName(path: string): string {
  if (!path || path === '(entry)') return words.site.wholeEntry;
  if (path === 'body') return words.site.body;
  return path
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : labelOf(part)))
    .join(' › ');
}
