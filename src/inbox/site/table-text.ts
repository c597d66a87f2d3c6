/**
 * A table in an article's text, read into rows of cells for the table's own editor and written
 * back as the rows of `|` the build reads: `| a | b |`, then `|---|---|`, then a line a row. The
 * owner edits cells, never the bars. A bar inside a cell is kept as `\|`, and each column's
 * alignment (`:---`, `---:`) as it was.
 */
import { ownParagraph, type Selected } from './text-format.ts';

export type Align = '' | 'left' | 'right' | 'center';

export interface Table {
  /** The first row is the heading row; every row has as many cells as the table has columns. */
  rows: string[][];
  align: Align[];
}

/** A table found in the text: where its lines start and end, and what it holds. */
export interface TableAt extends Table {
  from: number;
  to: number;
}

const SEPARATOR_CELL = /^:?-+:?$/;
const isRow = (line: string) => line.trimStart().startsWith('|');

/** A row's cells: the text between bars not written as `\|`, trimmed, each `\|` read as a bar. */
function cellsOf(line: string): string[] {
  const inner = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

const alignOf = (cell: string): Align => {
  const left = cell.startsWith(':');
  const right = cell.endsWith(':');
  return left && right ? 'center' : left ? 'left' : right ? 'right' : '';
};

const separatorOf = (align: Align) => ({ '': '---', left: ':---', right: '---:', center: ':---:' })[align];

/** The table whose lines hold `caret` (a heading row, its `---` row, and the rows after), or null. */
export function tableAt(text: string, caret: number): TableAt | null {
  const lines = text.split('\n');
  const starts: number[] = [];
  lines.reduce((at, line) => (starts.push(at), at + line.length + 1), 0);
  let index = lines.findIndex((_, i) => caret >= starts[i]! && caret <= starts[i]! + lines[i]!.length);
  if (index === -1 || !isRow(lines[index]!)) return null;
  while (index > 0 && isRow(lines[index - 1]!)) index--;
  let last = index;
  while (last + 1 < lines.length && isRow(lines[last + 1]!)) last++;
  const separator = lines[index + 1] !== undefined && index + 1 <= last ? cellsOf(lines[index + 1]!) : [];
  if (separator.length === 0 || !separator.every((cell) => SEPARATOR_CELL.test(cell))) return null;
  const rows = [lines[index]!, ...lines.slice(index + 2, last + 1)].map(cellsOf);
  const columns = Math.max(separator.length, ...rows.map((row) => row.length));
  return {
    from: starts[index]!,
    to: starts[last]! + lines[last]!.length,
    rows: rows.map((row) => Array.from({ length: columns }, (_, i) => row[i] ?? '')),
    align: Array.from({ length: columns }, (_, i) => alignOf(separator[i] ?? '')),
  };
}

/** The table as the text writes it. */
export function tableText({ rows, align }: Table): string {
  const line = (cells: string[]) => `| ${cells.map((cell) => cell.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').trim()).join(' | ')} |`;
  const [heading = [], ...body] = rows;
  return [line(heading), `|${align.map(separatorOf).join('|')}|`, ...body.map(line)].join('\n');
}

/** An empty table to start from: a heading row and one row, two columns. */
export const NEW_TABLE: Table = {
  rows: [
    ['', ''],
    ['', ''],
  ],
  align: ['', ''],
};

/**
 * The text with `table` in place of the one at `at`, or (with none) on lines of its own after the
 * line the caret is on; the selection then covers the table.
 */
export function withTable({ text, start }: Selected, table: Table, at: Pick<TableAt, 'from' | 'to'> | null): Selected {
  const written = tableText(table);
  if (at) return { text: text.slice(0, at.from) + written + text.slice(at.to), start: at.from, end: at.from + written.length };
  return ownParagraph({ text, start, end: start }, written);
}
