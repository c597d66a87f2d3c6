import { useEffect, type RefObject } from 'react';
import { cellsOf, columnButtons, rowButtons } from './table-parts.ts';

function tabStop(element: HTMLElement, on: boolean) {
  // The attribute, not the property: a text box's property reads -1 before any attribute is set.
  const wanted = on ? '0' : '-1';
  if (element.getAttribute('tabindex') !== wanted) element.setAttribute('tabindex', wanted);
}

/** Where a cell's text box is in its table, if `element` is one. */
function placeOf(element: EventTarget | null, root: HTMLElement): { table: HTMLTableElement; row: number; column: number } | undefined {
  if (!(element instanceof HTMLElement) || !element.isContentEditable) return;
  const table = element.closest('table');
  if (!table || !root.contains(table)) return;
  const cells = cellsOf(table);
  for (const [row, line] of cells.entries()) {
    const column = line.indexOf(element);
    if (column !== -1) return { table, row, column };
  }
  return undefined;
}

/** Whether the collapsed caret in `box` has no words before it (start) or after it (end). */
function caretAt(box: HTMLElement, end: 'start' | 'end'): boolean {
  const selection = getSelection();
  if (!selection || selection.rangeCount === 0 || !selection.isCollapsed) return false;
  const caret = selection.getRangeAt(0);
  const rest = document.createRange();
  rest.selectNodeContents(box);
  if (end === 'start') rest.setEnd(caret.startContainer, caret.startOffset);
  else rest.setStart(caret.endContainer, caret.endOffset);
  return rest.toString().length === 0;
}

/**
 * Gives a cell the focus with the caret at the start or end of its words. The editor library puts
 * the caret at the start of a cell it makes active, after the focus has moved: the end is set once
 * it has drawn.
 */
function caretInto(box: HTMLElement, end: 'start' | 'end') {
  box.focus();
  if (end === 'end') requestAnimationFrame(() => document.activeElement === box && caretAtEnd(box));
}

function caretAtEnd(box: HTMLElement) {
  const texts = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  let last: Node | null = null;
  for (let node = texts.nextNode(); node; node = texts.nextNode()) last = node;
  const range = document.createRange();
  if (last) range.setStart(last, last.textContent!.length);
  else range.selectNodeContents(box);
  range.collapse(!last);
  getSelection()?.removeAllRanges();
  getSelection()?.addRange(range);
}

/**
 * A table in the article editor is one stop for Tab, as a grid is: the cell last used (the first at
 * the start) takes the focus, the arrow keys go from cell to cell (Up and Down always, Left and Right
 * at the end of a cell's words) and Enter goes down, as the editor library has it. The buttons for a
 * row, a column and the table are in the Tab order only for the table last entered, and only those
 * of the cell's row and column: the price guide's eleven tables were 198 stops of Tab between the
 * text and the buttons after it. Written by hand because the editor library makes every cell
 * and button a stop of its own.
 */
export function useTableKeys(box: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const current = new WeakMap<HTMLTableElement, { row: number; column: number }>();
    let entered: HTMLTableElement | null = null;

    const arrange = (table: HTMLTableElement) => {
      const cells = cellsOf(table);
      if (cells.length === 0) return;
      const at = current.get(table) ?? { row: 0, column: 0 };
      const row = Math.min(at.row, cells.length - 1);
      const column = Math.min(at.column, cells[row]!.length - 1);
      cells.forEach((line, r) => line.forEach((cell, c) => cell && tabStop(cell, r === row && c === column)));
      const open = table === entered;
      // The column and row options (each opens a menu), then the table's own buttons (remove, add a row or a column).
      columnButtons(table).forEach((button, c) => tabStop(button, open && c === column));
      rowButtons(table).forEach((button, r) => button && tabStop(button, open && r === row));
      table.querySelectorAll<HTMLElement>('[data-tool-cell] button:not([aria-haspopup])').forEach((button) => tabStop(button, open));
    };
    const arrangeAll = () => root.querySelectorAll('table').forEach(arrange);

    const entering = (event: FocusEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const table = target?.closest('table') ?? null;
      if (!table || !root.contains(table)) return;
      const place = placeOf(target, root);
      if (place) current.set(table, { row: place.row, column: place.column });
      const left = entered;
      entered = table;
      if (left && left !== table) arrange(left);
      arrange(table);
    };

    const moving = (event: KeyboardEvent) => {
      if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
      const place = placeOf(event.target, root);
      if (!place) return;
      const cell = event.target as HTMLElement;
      const step: Record<string, [number, number, 'start' | 'end'] | undefined> = {
        ArrowUp: [-1, 0, 'end'],
        ArrowDown: [1, 0, 'end'],
        ArrowLeft: caretAt(cell, 'start') ? [0, -1, 'end'] : undefined,
        ArrowRight: caretAt(cell, 'end') ? [0, 1, 'start'] : undefined,
      };
      const move = step[event.key];
      if (!move) return;
      const next = cellsOf(place.table)[place.row + move[0]]?.[place.column + move[1]];
      if (!next) return;
      // Stopped before the editor library hears it, which would move within the cell or out of the table.
      event.preventDefault();
      event.stopPropagation();
      caretInto(next, move[2]);
    };

    arrangeAll();
    const watch = new MutationObserver(arrangeAll);
    watch.observe(root, { childList: true, subtree: true });
    root.addEventListener('focusin', entering);
    root.addEventListener('keydown', moving, { capture: true });
    return () => {
      watch.disconnect();
      root.removeEventListener('focusin', entering);
      root.removeEventListener('keydown', moving, { capture: true });
    };
  }, [box]);
}
