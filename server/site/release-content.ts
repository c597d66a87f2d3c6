/**
 * The release's own content entries, read from its files once per process: the site editor lays
 * the owner's versions over them, and the price reminders read the guides' date lines from them.
 */
import { join, resolve } from 'node:path';
import { readEntries, RELEASE_CONTENT_DIR, type ContentEntry, type EntryKey } from './content.ts';

const PROJECT_ROOT = resolve(import.meta.dirname, '../..');
const read = new Map<string, ReadonlyMap<EntryKey, ContentEntry>>();

export function releaseContent(root = PROJECT_ROOT): ReadonlyMap<EntryKey, ContentEntry> {
  let entries = read.get(root);
  if (!entries) {
    entries = readEntries(join(root, RELEASE_CONTENT_DIR));
    read.set(root, entries);
  }
  return entries;
}
