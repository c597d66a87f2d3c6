/**
 * What differs between two versions of a content entry, field by field, for a person: each field
 * that differs by its path ("faq.3.answer"), each side as the text it holds, long texts shortened.
 * An article's text is shown by the paragraphs that differ, as words without their marks. The
 * versions list and the editor's "someone else published this" panel both show it.
 */
import { PRICE_LABELS } from './guide-prices.ts';

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
  if (content) leaves(content.data, '', out);
  return out;
}

/** A block in words: `<Price of="displayFridge" />` is "[price: Standard display fridge]", `<EmergencyLine />` "[emergency line]". */
function blockWords(tag: string, setting: string | undefined): string {
  if (tag === 'Price' && setting && setting in PRICE_LABELS) return `[price: ${PRICE_LABELS[setting as keyof typeof PRICE_LABELS]}]`;
  return `[${tag.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase()}]`;
}

/**
 * An article's text as a person reads it: no heading, list or quote marks, no bold, a link as its
 * words, a table row as its cells, a block in words, and no escapes.
 */
export function plainWords(markdown: string): string {
  return markdown
    .split('\n')
    .filter((line) => !/^\s*\|?\s*:?-{3,}/.test(line))
    .map((line) =>
      line
        .replace(/^\s*(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s?)/, '')
        .replace(/^\s*\|(.*)\|\s*$/, (_, cells: string) =>
          cells
            .split(/(?<!\\)\|/)
            .map((cell) => cell.trim())
            .join(' · '),
        )
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/(\*\*?)(\S(?:.*?\S)?)\1/g, '$2')
        .replace(/<([A-Z]\w*)(?:\s+\w+="([^"]*)")?\s*\/>/g, (_, tag: string, setting: string | undefined) => blockWords(tag, setting))
        .replace(/\\([\\`*_{}[\]()#+\-.!|=<>])/g, '$1'),
    )
    .join('\n');
}

/**
 * The paragraphs of two texts that differ, each side as words; those the same at the start and the
 * end are left out. Paragraphs are compared as words first, so a table whose columns were only
 * padded again is the same paragraph; where only marks changed (a line made a heading, words made
 * bold), the paragraphs whose marks differ are shown.
 */
function changedParagraphs(before: string, after: string): [string, string] {
  const paragraphs = (text: string) =>
    text
      .trim()
      .split(/\n\s*\n/)
      .map((raw) => ({ raw: raw.trim(), words: plainWords(raw) }));
  const a = paragraphs(before);
  const b = paragraphs(after);
  const differing = (same: (p: (typeof a)[number]) => string) => {
    let start = 0;
    while (start < a.length && start < b.length && same(a[start]!) === same(b[start]!)) start++;
    let end = 0;
    while (end < a.length - start && end < b.length - start && same(a[a.length - 1 - end]!) === same(b[b.length - 1 - end]!)) end++;
    const side = (list: typeof a) => list.map((p) => p.words).join('\n\n');
    return [side(a.slice(start, a.length - end)), side(b.slice(start, b.length - end))] as [string, string];
  };
  const byWords = differing((p) => p.words.replace(/\s+/g, ' ').trim());
  return byWords[0] !== byWords[1] ? byWords : differing((p) => p.raw);
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
  const changes = paths.filter((p) => a.get(p) !== b.get(p)).map((path) => ({ path, before: short(a.get(path)), after: short(b.get(path)) }));
  const [was, now] = [before?.body, after?.body];
  if (was !== now) {
    const [left, right] = was !== undefined && now !== undefined ? changedParagraphs(was, now) : [was && plainWords(was), now && plainWords(now)];
    changes.push({ path: 'body', before: left ? short(left) : null, after: right ? short(right) : null });
  }
  return changes;
}
