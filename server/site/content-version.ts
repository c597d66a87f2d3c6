/**
 * A published version of the site's content as the lead server keeps it: the entries the owner
 * has changed, whole, laid over the release's own files. Version 0 is the release itself.
 */
import type { ContentEntry, EntryKey } from './content.ts';

export const VERSION_ACTIONS = ['publish', 'restore', 'verify'] as const;
export type VersionAction = (typeof VERSION_ACTIONS)[number];

export interface ContentVersion {
  number: number;
  /** Every entry the owner has changed, as published (the release's files give the rest). */
  entries: Record<EntryKey, ContentEntry>;
  /** For each of those, the hash of the release's entry it was edited over (absent for an entry the release lacks). */
  bases: Record<EntryKey, string>;
  /** The entries this version changed from the one before. */
  changed: EntryKey[];
  action: VersionAction;
  restoredFrom: number | null;
  authorEmail: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
}

/** The release's own content, before any edit. */
export const RELEASE_VERSION: ContentVersion = {
  number: 0,
  entries: {},
  bases: {},
  changed: [],
  action: 'publish',
  restoredFrom: null,
  authorEmail: null,
  createdAt: 0,
};

/** The content a version publishes: the release's entries with the version's laid over them. */
export function contentOf(release: ReadonlyMap<EntryKey, ContentEntry>, version: Pick<ContentVersion, 'entries'>): Map<EntryKey, ContentEntry> {
  const all = new Map(release);
  for (const [key, entry] of Object.entries(version.entries)) all.set(key, entry);
  return all;
}
