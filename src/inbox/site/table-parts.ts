/**
 * The parts of a table as the editor library draws it, found one way for the hooks that name them
 * (useEditorNames) and put them in the Tab order (useTableKeys): its rows hold a tool cell (the
 * row's options) before the cells, and its head holds each column's options.
 */

/** A table's cell text boxes by row (the heading row first) and column; null where a cell is still being drawn. */
export function cellsOf(table: Element): (HTMLElement | null)[][] {
  return [...table.querySelectorAll(':scope > tbody > tr')].map((row) =>
    [...row.children].filter((cell) => !cell.hasAttribute('data-tool-cell')).map((cell) => cell.querySelector<HTMLElement>('[contenteditable="true"]')),
  );
}

/** Each column's options button, in column order. */
export const columnButtons = (table: Element) => [...table.querySelectorAll<HTMLElement>(':scope > thead button[aria-haspopup]')];

/** Each row's options button, in row order (the heading row first); null where one is still being drawn. */
export const rowButtons = (table: Element) =>
  [...table.querySelectorAll(':scope > tbody > tr')].map((row) => row.querySelector<HTMLElement>(':scope > [data-tool-cell] button[aria-haspopup]'));
