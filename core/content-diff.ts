/**
 * What differs between two versions of a content entry, field by field, for a person: each field
 * that differs by its path ("faq.3.answer"), each side as the text it holds, long texts shortened.
 * The versions list and the editor's "someone else published this" panel both show it.
 */

/** The longest side of a change shown; the whole entry is one press away in its editor. */
const SIDE_MAX = 400;

/** An entry's content: its fields and, for an article, its text. */
export interface ComparableContent {
  data: Record<string, unknown>;
  body?: string | undefined;
}

export interface FieldChange {
  path: string;
  before: string | null;
  after: string | null;
}

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

function flat(content: ComparableContent | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (content) leaves({ ...content.data, ...(content.body === undefined ? {} : { body: content.body }) }, '', out);
  return out;
}

function short(text: string | undefined): string | null {
  if (text === undefined) return null;
  return text.length > SIDE_MAX ? `${text.slice(0, SIDE_MAX - 1)}…` : text;
}

/** The fields that differ between two versions of one entry. */
export function fieldChanges(before: ComparableContent | undefined, after: ComparableContent | undefined): FieldChange[] {
  const a = flat(before);
  const b = flat(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths.filter((p) => a.get(p) !== b.get(p)).map((path) => ({ path, before: short(a.get(path)), after: short(b.get(path)) }));
}
