/** What a version changed: each changed entry, by its title, with its changed fields. */
import { fieldChanges } from '../../core/content-diff.ts';
import { titleOf, type ContentEntry, type EntryKey } from './content.ts';

export function versionDiffOf(before: ReadonlyMap<EntryKey, ContentEntry>, after: ReadonlyMap<EntryKey, ContentEntry>, changed: readonly EntryKey[]) {
  return changed.map((key) => {
    const entry = after.get(key) ?? before.get(key);
    return { key, title: entry ? titleOf(entry) : key, fields: fieldChanges(before.get(key), after.get(key)) };
  });
}
