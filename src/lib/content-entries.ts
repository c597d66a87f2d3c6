/**
 * Content entries as plain values and as files: read from a content folder, written back to one
 * (the site editor's build, `site export`), each with its route and title for the editor's list.
 * An entry's data is what its YAML file (or an MDX file's frontmatter) holds, parsed to JSON values:
 * dates stay as the YYYY-MM-DD strings the files write, and the schemas coerce them.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { collectionFiles } from './content-files.ts';
import type { CollectionName } from './content-schemas.ts';
import { splitFrontmatter } from './word-count.ts';
import { fillTokens } from './tokens.ts';
import { routes } from '../config/site.ts';

export interface ContentEntry {
  collection: CollectionName;
  id: string;
  data: Record<string, unknown>;
  /** An article's or guide's Markdown body; absent for YAML entries. */
  body?: string | undefined;
}

/** "guides/commercial-fridge-prices-nz": the entry's collection and file name. */
export type EntryKey = string;

export const collectionNames = Object.keys(collectionFiles) as CollectionName[];

/** The business details' entry: one file, not a page. */
export const BUSINESS_DETAILS_KEY: EntryKey = 'business/details';

export function keyOf(entry: Pick<ContentEntry, 'collection' | 'id'>): EntryKey {
  return `${entry.collection}/${entry.id}`;
}

/** The collection and id an entry key names, or undefined for a key that names none. */
export function parseKey(key: string): { collection: CollectionName; id: string } | undefined {
  const m = /^([a-z]+)\/([a-z0-9][a-z0-9-]{0,80})$/.exec(key);
  if (!m || !(collectionNames as string[]).includes(m[1]!)) return undefined;
  return { collection: m[1] as CollectionName, id: m[2]! };
}

function fileName(entry: Pick<ContentEntry, 'collection' | 'id'>): string {
  return `${entry.id}.${collectionFiles[entry.collection]}`;
}

/** The entry's file in a content folder, relative to it. */
export function entryFile(entry: Pick<ContentEntry, 'collection' | 'id'>): string {
  return `${entry.collection}/${fileName(entry)}`;
}

/** Reads a file's text as an entry of the collection. */
export function entryFromText(collection: CollectionName, id: string, text: string): ContentEntry {
  if (collectionFiles[collection] === 'json') return { collection, id, data: JSON.parse(text) as Record<string, unknown> };
  if (collectionFiles[collection] === 'mdx') {
    const { frontmatter, body } = splitFrontmatter(text);
    return { collection, id, data: (parse(frontmatter) ?? {}) as Record<string, unknown>, body: body.replace(/^\n+/, '') };
  }
  return { collection, id, data: (parse(text) ?? {}) as Record<string, unknown> };
}

/** The entry as its file's text: JSON, YAML, or MDX with the data as frontmatter. */
export function entryText(entry: ContentEntry): string {
  if (collectionFiles[entry.collection] === 'json') return `${JSON.stringify(entry.data, null, 2)}\n`;
  const yaml = stringify(entry.data, { lineWidth: 0 });
  return collectionFiles[entry.collection] === 'mdx' ? `---\n${yaml}---\n\n${entry.body ?? ''}` : yaml;
}

/** A fingerprint of what the entry says (not how its file is laid out), to tell whether a release changed it. */
export function entryHash(entry: ContentEntry): string {
  return createHash('sha256')
    .update(JSON.stringify([entry.data, entry.body ?? null]))
    .digest('base64url')
    .slice(0, 22);
}

/** Every entry of a content folder, by key. */
export function readEntries(dir: string): Map<EntryKey, ContentEntry> {
  const entries = new Map<EntryKey, ContentEntry>();
  for (const collection of collectionNames) {
    const folder = join(dir, collection);
    if (!existsSync(folder)) continue;
    const ext = `.${collectionFiles[collection]}`;
    for (const name of readdirSync(folder).sort()) {
      if (!name.endsWith(ext)) continue;
      const entry = entryFromText(collection, name.slice(0, -ext.length), readFileSync(join(folder, name), 'utf8'));
      entries.set(keyOf(entry), entry);
    }
  }
  return entries;
}

/** Writes entries as files into a content folder (over any file of the same name). */
export function writeEntries(dir: string, entries: Iterable<ContentEntry>): void {
  for (const entry of entries) {
    const folder = join(dir, entry.collection);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, fileName(entry)), entryText(entry));
  }
}

/** The address of the page an entry is, or undefined for one shown inside other pages (a calculator, the business details). */
export function routeOf(entry: Pick<ContentEntry, 'collection' | 'id'>): string | undefined {
  switch (entry.collection) {
    case 'pages':
      return entry.id === 'index' ? '/' : `/${entry.id}`;
    case 'blog':
      return `/blog/${entry.id}`;
    case 'business':
    case 'calculators':
      return undefined;
    default:
      return `/${entry.id}`;
  }
}

/** The business details that one page shows best: a preview of a change to one opens there. */
const BUSINESS_DETAIL_PAGES: Readonly<Record<string, string>> = {
  guidePrices: routes.priceGuide,
  guideDateLine: routes.priceGuide,
  responseTargets: routes.emergency,
};

/**
 * The pages a preview of the entry shows, the one it opens on first: its own page; else the home
 * page. For the business details, each page that shows a detail changed from `live` best (the
 * prices on the price guide), the contact page for the rest, which states most of them; the contact
 * page when nothing has changed.
 */
export function previewRoutesOf(entry: Pick<ContentEntry, 'collection' | 'id' | 'data'>, live?: Pick<ContentEntry, 'data'>): string[] {
  const own = routeOf(entry);
  if (own) return [own];
  if (entry.collection !== 'business') return [routes.home];
  const keys = new Set([...Object.keys(entry.data), ...Object.keys(live?.data ?? {})]);
  const changed = [...keys].filter((key) => live && JSON.stringify(entry.data[key]) !== JSON.stringify(live.data[key]));
  // The pages that show one detail best come first, in their own order: a changed price opens the price guide.
  const best = Object.keys(BUSINESS_DETAIL_PAGES).filter((key) => changed.includes(key));
  const rest = changed.some((key) => !(key in BUSINESS_DETAIL_PAGES)) ? [routes.contact] : [];
  const shown = [...new Set([...best.map((key) => BUSINESS_DETAIL_PAGES[key]!), ...rest])];
  return shown.length > 0 ? shown : [routes.contact];
}

/** What the editor's list calls the entry: its page title, or a calculator's heading, with the business's details filled in. */
export function titleOf(entry: ContentEntry): string {
  if (entry.collection === 'business') return 'Business details';
  const { title, heading } = entry.data;
  return fillTokens(typeof title === 'string' ? title : typeof heading === 'string' ? heading : entry.id);
}

/** Every page address the entries make, for checking internal links. */
export function routesOf(entries: Iterable<ContentEntry>): Set<string> {
  const routes = new Set<string>();
  for (const entry of entries) {
    const route = routeOf(entry);
    if (route) routes.add(route);
  }
  return routes;
}
