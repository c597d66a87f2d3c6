import { words } from '../app-words.ts';
import { labelOf } from './json-schema.ts';

/** A field's path as the owner reads it: "FAQ › 4 › Answer" for faq.3.answer. */
export function fieldName(path: string): string {
  if (!path || path === '(entry)') return words.site.wholeEntry;
  if (path === 'body') return words.site.body;
  return path
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : labelOf(part)))
    .join(' › ');
}
