import { useEffect, useState } from 'react';
import { words } from '../app-words.ts';

export interface TableRow {
  key: string;
  /** The row's name, then its figures, one per column after the first. */
  cells: string[];
}

interface DataTableProps {
  caption: string;
  /** The first column names the rows; the others hold figures, aligned right. */
  columns: string[];
  rows: TableRow[];
}

/** From this many columns a table does not fit a phone: below the md breakpoint its rows are stacked, each figure under its heading. */
const STACK_FROM = 4;

/**
 * Whether the element scrolls sideways and has more to show to the right: the table's cue. Kept up
 * to date as it is resized or scrolled.
 */
function useMoreToTheRight(): [(element: HTMLElement | null) => void, boolean] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    if (!element) return;
    const check = () => setMore(element.scrollWidth - element.clientWidth - element.scrollLeft > 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    element.addEventListener('scroll', check, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', check);
    };
  }, [element]);
  return [setElement, more];
}

/**
 * A chart's numbers as a real table. On a phone a table of four columns or more becomes a list
 * instead: one block per row, each figure beside its column's heading, so nothing is cut off and
 * every figure keeps its unit. A table still wider than its box scrolls sideways on its own, with a
 * visible cue while there is more to the right.
 */
export function DataTable({ caption, columns, rows }: DataTableProps) {
  const stack = columns.length >= STACK_FROM;
  const [scroller, more] = useMoreToTheRight();
  return (
    <div className="mt-2">
      <div className={stack ? 'hidden md:block' : undefined}>
        {/* Focusable so a keyboard can scroll it when it is wider than the screen (axe: scrollable-region-focusable). */}
        <div ref={scroller} role="group" aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-md border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="px-3 py-2 text-left font-semibold text-brand-900">{caption}</caption>
            <thead className="bg-slate-100">
              <tr>
                {columns.map((heading, i) => (
                  <th key={heading} scope="col" className={`px-3 py-2 font-semibold text-slate-900 ${i ? 'text-right' : ''}`}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="px-3 py-2 font-normal break-words text-slate-900">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className="px-3 py-2 text-right whitespace-nowrap text-slate-800 tabular-nums">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {more && (
          <p aria-hidden="true" className="mt-1 text-right text-sm font-semibold text-slate-700">
            {words.reports.scrollCue}
          </p>
        )}
      </div>
      {stack && (
        <div role="group" aria-label={caption} className="rounded-md border border-slate-200 md:hidden">
          <p className="px-3 py-2 text-sm font-semibold text-brand-900">{caption}</p>
          <ul className="divide-y divide-slate-200 border-t border-slate-200 text-sm">
            {rows.map((row) => (
              <li key={row.key} className="px-3 py-2">
                <p className="font-semibold break-words text-slate-900">{row.cells[0]}</p>
                <dl className="mt-1 grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-0.5">
                  {columns.slice(1).map((heading, i) => (
                    <div key={heading} className="contents">
                      <dt className="text-slate-700">{heading}</dt>
                      <dd className="text-right text-slate-900 tabular-nums">{row.cells[i + 1]}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
