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

/** A chart's numbers: a real table, scrolling sideways on its own when wider than a phone. */
export function DataTable({ caption, columns, rows }: DataTableProps) {
  return (
    // Focusable so a keyboard can scroll it when it is wider than the screen (axe: scrollable-region-focusable).
    <div role="group" aria-label={caption} tabIndex={0} className="mt-2 overflow-x-auto rounded-md border border-slate-200">
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
  );
}
