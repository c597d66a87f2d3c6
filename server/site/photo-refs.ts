/** The owner's photos an entry shows, found wherever its schema allows one (a hero, an article). */
import { PHOTO_ID } from '../../core/photo-sizes.ts';
import type { ContentEntry } from './content.ts';

export interface PhotoRef {
  /** Where in the entry's fields, as the form names a field ("blocks.0.photo.id"). */
  path: string;
  id: string;
}

/** Every photo an entry's fields name, with where. Walked without recursion, so no depth can overflow the stack. */
export function photoRefsOf(entry: Pick<ContentEntry, 'data'>): PhotoRef[] {
  const refs: PhotoRef[] = [];
  const stack: [unknown, string][] = [[entry.data, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    const record = value as Record<string, unknown>;
    const photo = record['photo'];
    if (photo !== null && typeof photo === 'object' && typeof (photo as Record<string, unknown>)['id'] === 'string') {
      const id = (photo as Record<string, string>)['id']!;
      if (PHOTO_ID.test(id)) refs.push({ path: `${path}photo.id`, id });
    }
    for (const [key, child] of Object.entries(record)) stack.push([child, `${path}${key}.`]);
  }
  return refs;
}

/** The photos any of these entries show, each once. */
export function photoIdsOf(entries: Iterable<Pick<ContentEntry, 'data'>>): string[] {
  const ids = new Set<string>();
  for (const entry of entries) for (const ref of photoRefsOf(entry)) ids.add(ref.id);
  return [...ids].sort();
}
