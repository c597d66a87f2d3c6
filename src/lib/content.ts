/**
 * Reads content entries with their business-fact tokens filled in (see src/lib/tokens.ts), so a
 * template that shows copy reads it through these (astro:content itself is still used for types
 * and for rendering MDX bodies).
 */
import { getCollection, getEntry, type CollectionEntry, type DataCollectionKey } from 'astro:content';
import { fillTokensDeep } from './tokens.ts';
import type { CollectionName } from './content-schemas.ts';
import { countWords, readingMinutes } from './word-count.ts';

type Key = Exclude<CollectionName, 'calculators'>;

function filled<C extends Key>(entry: CollectionEntry<C>): CollectionEntry<C> {
  return { ...entry, data: fillTokensDeep(entry.data) };
}

export async function entries<C extends Key>(collection: C): Promise<CollectionEntry<C>[]> {
  const all = (await getCollection(collection)) as CollectionEntry<C>[];
  return all.map((e) => filled(e));
}

export async function entry<C extends Key>(collection: C, id: string): Promise<CollectionEntry<C>> {
  const found = (await getEntry(collection as DataCollectionKey, id)) as CollectionEntry<C> | undefined;
  if (!found) throw new Error(`Missing content: ${collection}/${id}`);
  return filled(found);
}

/** Word count and reading time of an MDX entry (blog and guides). */
export function readingStats(body: string | undefined, fixedMinutes?: number): { words: number; minutes: number } {
  const words = countWords(body ?? '');
  return { words, minutes: fixedMinutes ?? readingMinutes(words) };
}

/** Blog articles, newest first. */
export async function articles(): Promise<CollectionEntry<'blog'>[]> {
  return (await entries('blog')).sort((a, b) => b.data.date.getTime() - a.data.date.getTime());
}
