/**
 * What a version changed, field by field, for a person: each changed entry's fields that differ
 * (by their path, "faq.3.answer"), each side as the text it holds, long texts shortened.
 */
import { titleOf, type ContentEntry, type EntryKey } from './content.ts';

/** The longest side of a change shown; the whole entry is one press away in its editor. */
const SIDE_MAX = 400;

function leaves(value: unknown, path: string, out: Map<string, string>): void {
  if (Array.isArray(value)) {
    if (value.length === 0) out.set(path, '(none)');
    value.forEach((v, i) => leaves(v, path ? `${path}.${i}` : String(i), out));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) leaves(v, path ? `${path}.${k}` : k, out);
  } else if (value !== undefined) {
    out.set(path, String(value));
  }
}

function short(text: string | undefined): string | null {
  if (text === undefined) return null;
  return text.length > SIDE_MAX ? `${text.slice(0, SIDE_MAX - 1)}…` : text;
}

export interface FieldChange {
  path: string;
  before: string | null;
  after: string | null;
}

/** The fields that differ between two versions of one entry. */
export function fieldChanges(before: ContentEntry | undefined, after: ContentEntry | undefined): FieldChange[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  if (before) leaves({ ...before.data, ...(before.body === undefined ? {} : { body: before.body }) }, '', a);
  if (after) leaves({ ...after.data, ...(after.body === undefined ? {} : { body: after.body }) }, '', b);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths.filter((p) => a.get(p) !== b.get(p)).map((path) => ({ path, before: short(a.get(path)), after: short(b.get(path)) }));
}

/** Each changed entry with its changed fields. */
export function versionDiffOf(before: ReadonlyMap<EntryKey, ContentEntry>, after: ReadonlyMap<EntryKey, ContentEntry>, changed: readonly EntryKey[]) {
  return changed.map((key) => {
    const entry = after.get(key) ?? before.get(key);
    return { key, title: entry ? titleOf(entry) : key, fields: fieldChanges(before.get(key), after.get(key)) };
  });
}
