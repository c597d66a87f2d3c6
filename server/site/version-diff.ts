/** What a version changed: each changed entry, by its page's name, with its changed fields. */
import { fieldChanges } from '../../core/content-diff.ts';
import { pageNameOf, type ContentEntry, type EntryKey } from './content.ts';
import type { ContentVersion } from './content-version.ts';

/** How many of a page's changed fields a version's card names; the rest are counted. */
export const FIELDS_NAMED = 4;

export function versionDiffOf(before: ReadonlyMap<EntryKey, ContentEntry>, after: ReadonlyMap<EntryKey, ContentEntry>, changed: readonly EntryKey[]) {
  return changed.map((key) => {
    const entry = after.get(key) ?? before.get(key);
    return { key, title: entry ? pageNameOf(entry) : key, fields: fieldChanges(before.get(key), after.get(key)) };
  });
}

/**
 * The fields that differ between two versions of one entry, as a card names them: a list's item or
 * a group's field ("faq.3", "emergencyLine.digits"), not each word inside it, first come first.
 */
export function changedFieldsOf(before: ContentEntry | undefined, after: ContentEntry | undefined): { fields: string[]; more: number } {
  const paths = [...new Set(fieldChanges(before, after).map((c) => c.path.split('.').slice(0, 2).join('.')))];
  return { fields: paths.slice(0, FIELDS_NAMED), more: Math.max(0, paths.length - FIELDS_NAMED) };
}

/**
 * Each version's content beside the content of the version before it, for versions listed newest
 * first: `earlier` gives any version the list lacks (the one before its oldest).
 */
export function withBefore<V extends Pick<ContentVersion, 'number' | 'entries'>>(
  versions: readonly V[],
  earlier: ReadonlyMap<number, Pick<ContentVersion, 'entries'>>,
  contentOf: (version: Pick<ContentVersion, 'entries'>) => Map<EntryKey, ContentEntry>,
): { version: V; before: Map<EntryKey, ContentEntry>; after: Map<EntryKey, ContentEntry> }[] {
  const byNumber = new Map<number, Pick<ContentVersion, 'entries'>>(earlier);
  for (const v of versions) byNumber.set(v.number, v);
  const release = contentOf({ entries: {} });
  return versions.map((version) => {
    const previous = version.number <= 1 ? undefined : byNumber.get(version.number - 1);
    return { version, before: previous ? contentOf(previous) : release, after: contentOf(version) };
  });
}
