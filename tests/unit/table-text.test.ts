/**
 * The site editor's table editor: a table in an article's text read into cells and written back,
 * exactly as it was for every table the release's articles and guides hold.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NEW_TABLE, tableAt, tableText, withTable, type Table } from '../../src/inbox/site/table-text.ts';
import { readEntries } from '../../src/lib/content-entries.ts';

const TEXT = 'Before.\n\n| Size | Price |\n|---|---:|\n| Small | NZ$1 \\| 2 |\n| Large |\n\nAfter.';

describe('a table in the text', () => {
  it('is read into cells from any of its lines, with a bar in a cell and each column’s alignment', () => {
    const at = tableAt(TEXT, TEXT.indexOf('Large'));
    expect(at).toEqual({
      from: TEXT.indexOf('| Size'),
      to: TEXT.indexOf('\n\nAfter'),
      rows: [
        ['Size', 'Price'],
        ['Small', 'NZ$1 | 2'],
        ['Large', ''],
      ],
      align: ['', 'right'],
    });
    expect(tableAt(TEXT, TEXT.indexOf('Price'))?.from).toBe(at?.from);
    // Not in a table, or rows with no `---` row under the first: none.
    expect(tableAt(TEXT, 2)).toBeNull();
    expect(tableAt('| a | b |\n| c | d |', 3)).toBeNull();
  });

  it('is written back with its bars, alignment and escaped bars, and put in place of the one it came from', () => {
    const at = tableAt(TEXT, TEXT.indexOf('Small'))!;
    const changed: Table = { rows: [...at.rows, ['Walk-in', 'ask | us']], align: at.align };
    const out = withTable({ text: TEXT, start: 0, end: 0 }, changed, at);
    expect(out.text).toBe('Before.\n\n| Size | Price |\n|---|---:|\n| Small | NZ$1 \\| 2 |\n| Large |  |\n| Walk-in | ask \\| us |\n\nAfter.');
    expect(out.text.slice(out.start, out.end)).toBe(tableText(changed));
    // A new table goes on lines of its own after the caret's line.
    const added = withTable({ text: 'One.\nTwo.', start: 1, end: 1 }, NEW_TABLE, null);
    expect(added.text).toBe('One.\n\n|  |  |\n|---|---|\n|  |  |\n\nTwo.');
    expect(withTable({ text: '', start: 0, end: 0 }, NEW_TABLE, null).text).toBe('|  |  |\n|---|---|\n|  |  |\n');
  });

  it('reads and writes every table of the release’s articles and guides as it is', () => {
    let tables = 0;
    for (const [key, entry] of readEntries(new URL('../../src/content', import.meta.url).pathname)) {
      const body = entry.body ?? '';
      for (const match of body.matchAll(/^\|.*(?:\n\|.*)*/gm)) {
        const at = tableAt(body, match.index);
        expect(at, `${key} at ${match.index}`).not.toBeNull();
        expect(tableText(at!), key).toBe(match[0]);
        tables++;
      }
    }
    expect(tables).toBeGreaterThan(20);
  });

  it('gives back the cells it was given, whatever they hold', () => {
    // Cells as written back: trimmed, and not ending in a backslash, which would escape the bar after it.
    const cell = fc.string({ unit: fc.constantFrom('a', ' ', '|', '\\', '-', ':', '1') }).map((s) => s.replace(/[\s\\]+$/, '').trim());
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }), fc.infiniteStream(cell), (columns, count, cells) => {
        const rows = Array.from({ length: count + 1 }, () => Array.from({ length: columns }, () => cells.next().value));
        const written = tableText({ rows, align: rows[0]!.map(() => '') });
        expect(tableAt(written, 0)?.rows).toEqual(rows);
      }),
    );
  });
});
