import { useEffect, type RefObject } from 'react';
import { words } from '../app-words.ts';

const w = words.site.format;

/** The field's own names for the editing area, which the editor library draws without them. */
export interface TextNames {
  id: string;
  labelId: string;
  describedBy: string;
  invalid: boolean;
}

/**
 * The field's id, label, help and error on the editing area, and names for the parts of the article editor's tables that the editor library leaves unnamed: each
 * cell's text box ("Row 2, column 1"), the buttons that add a row or a column, and the empty cells
 * its tools sit in (made presentational, as they hold no data). Attributes only, set again whenever
 * the tables change, so the library keeps drawing its own elements. Written by hand because the
 * library offers no way to name them.
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
        table.querySelectorAll('tbody > tr').forEach((row, r) => {
          [...row.children]
            .filter((cell) => !cell.hasAttribute('data-tool-cell'))
            .forEach((cell, c) => {
              const text = cell.querySelector('[contenteditable="true"]');
              const label = r === 0 ? w.headingCell(c + 1) : w.cell(r, c + 1);
              if (text && text.getAttribute('aria-label') !== label) text.setAttribute('aria-label', label);
            });
        });
        for (const cell of table.querySelectorAll('thead th, tfoot th, [data-tool-cell]'))
          if (cell.getAttribute('role') !== 'none') cell.setAttribute('role', 'none');
        for (const [selector, label] of [
          ['tbody button[class*="addColumnButton"]', w.addColumn],
          ['tfoot button[class*="addRowButton"]', w.addRow],
        ] as const)
          for (const button of table.querySelectorAll(selector)) if (button.getAttribute('aria-label') !== label) button.setAttribute('aria-label', label);
      }
    };
    name();
    const watch = new MutationObserver(name);
    watch.observe(root, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [box, id, labelId, describedBy, invalid]);
}
