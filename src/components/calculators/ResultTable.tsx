interface Props {
  caption: string;
  /** Column headings, the first one over the row headings. */
  columns: string[];
  /** Each row: its heading, then one cell per remaining column. */
  rows: string[][];
  className?: string;
}

/** A calculator's result table: scrolls on its own on a narrow screen, first cell of each row a row heading. */
export function ResultTable({ caption, columns, rows, className = '' }: Props) {
  return (
    <div className={`table-wrap bg-white ${className}`.trim()} role="group" aria-label={caption} tabIndex={0}>
      <table className="data-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([heading = '', ...cells]) => (
            <tr key={heading}>
              <th scope="row" className="!bg-transparent">
                {heading}
              </th>
              {cells.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
