/**
 * The owner's photos an entry shows, found wherever its schema allows one (a hero, an article).
 * Only the entry's data is read, so the lead server's storage (which keeps which photos are in use)
 * and the site editor share it without either knowing the other.
 */
import { PHOTO_ID } from './photo-sizes.ts';

/** What is read of an entry: its fields, as stored. */
export interface WithData {
  data: unknown;
}

export interface PhotoRef {
  /** Where in the entry's fields, as the form names a field ("blocks.0.photo.id"). */
  path: string;
  id: string;
}

/** Every photo an entry's fields name, with where. Walked without recursion, so no depth can overflow the stack. */
export function photoRefsOf(entry: WithData): PhotoRef[] {
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
export function photoIdsOf(entries: Iterable<WithData>): string[] {
  const ids = new Set<string>();
  for (const entry of entries) for (const ref of photoRefsOf(entry)) ids.add(ref.id);
  return [...ids].sort();
}
