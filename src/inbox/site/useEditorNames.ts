import { useEffect, type RefObject } from 'react';
import { words } from '../app-words.ts';
import { cellsOf, columnButtons, rowButtons } from './table-parts.ts';

const w = words.site.format;

/** The field's own names for the editing area, which the editor library draws without them. */
export interface TextNames {
  id: string;
  labelId: string;
  describedBy: string;
  invalid: boolean;
}

/**
 * The field's id, label, help and error on the editing area, and names for the parts of the
 * article editor's tables that the editor library leaves unnamed or names alike: each cell's text
 * box ("Row 2, column 1"), each row's and column's options, the buttons that add a row or a
 * column, and the empty cells its tools sit in (made presentational, as they hold no data).
 * Attributes only, set again whenever the tables change, so the library keeps drawing its own
 * elements. Written by hand because the library offers no way to name them.
 */
export function useEditorNames(box: RefObject<HTMLElement | null>, { id, labelId, describedBy, invalid }: TextNames) {
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const name = () => {
      const area = root.querySelector('[contenteditable="true"]');
      if (area) {
        const wanted: [string, string | null][] = [
          ['id', id],
          ['aria-labelledby', labelId],
          ['aria-describedby', describedBy],
          ['aria-invalid', invalid ? 'true' : null],
        ];
        for (const [attribute, value] of wanted)
          if (area.getAttribute(attribute) !== value) {
            if (value === null) area.removeAttribute(attribute);
            else area.setAttribute(attribute, value);
          }
      }
      for (const table of root.querySelectorAll('table')) {
        cellsOf(table).forEach((line, r) =>
          line.forEach((text, c) => {
            const label = r === 0 ? w.headingCell(c + 1) : w.cell(r, c + 1);
            if (text && text.getAttribute('aria-label') !== label) text.setAttribute('aria-label', label);
          }),
        );
        for (const cell of table.querySelectorAll('thead th, tfoot th, [data-tool-cell]'))
          if (cell.getAttribute('role') !== 'none') cell.setAttribute('role', 'none');
        const buttons: (readonly [Element | null, string])[] = [
          ...columnButtons(table).map((button, c) => [button, w.columnOptions(c + 1)] as const),
          ...rowButtons(table).map((button, r) => [button, w.rowOptions(r)] as const),
          ...[...table.querySelectorAll('tbody button[class*="addColumnButton"]')].map((button) => [button, w.addColumn] as const),
          ...[...table.querySelectorAll('tfoot button[class*="addRowButton"]')].map((button) => [button, w.addRow] as const),
        ];
        // Named as the tooltip reads, so a spoken "click" finds what the pointer shows.
        for (const [button, label] of buttons) {
          if (!button) continue;
          for (const attribute of ['aria-label', 'title']) if (button.getAttribute(attribute) !== label) button.setAttribute(attribute, label);
          // A row's or column's options open in a box of their own, named as the button that opened it.
          const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
          if (menu && menu.getAttribute('aria-label') !== label) menu.setAttribute('aria-label', label);
        }
      }
    };
    name();
    const watch = new MutationObserver(name);
    // A menu opens outside the text (the editor library puts its boxes at the end of the page): it is
    // named when its button says it is open.
    watch.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-expanded'] });
    return () => watch.disconnect();
  }, [box, id, labelId, describedBy, invalid]);
}
