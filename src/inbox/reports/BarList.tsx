import { scaleLinear } from 'd3-scale';
import { words } from '../app-words.ts';
import { axisText, barFill } from './colours.ts';
import { useWidth } from './useWidth.ts';
import { clip, textWidth } from './measure.ts';
import { ShowNumbers } from './ShowNumbers.tsx';
import { DataTable, type TableRow } from './DataTable.tsx';

export interface BarRow {
  key: string;
  label: string;
  value: number;
  /** The value as written, at the bar's end and in the table. */
  valueText: string;
  /** A second figure (a share, a count of jobs), beside the value and in its own column. */
  note?: string;
  /** What the bar's end says, with its unit ("5 leads (28%)"); the value and its note when not given. */
  endText?: string;
}

interface BarListProps {
  /** Names the chart and its table. */
  title: string;
  labelHeading: string;
  valueHeading: string;
  noteHeading?: string;
  /** In the order to show them; only the first `limit` are drawn. */
  rows: BarRow[];
  limit?: number;
  /** A fuller table than the bars' label, value and note (more figures per row); it lists every row. */
  table?: { columns: string[]; rows: TableRow[] };
}

/** Below this width the labels go above their bars, so long ones (page addresses) stay readable on a phone. */
const NARROW = 560;
/** The labels' and the figures' type sizes (px): text-sm and text-xs. */
const LABEL = 14;
const FIGURE = 12;

/** A horizontal bar chart of a breakdown (services, cities, pages, stages), with its numbers as a table. */
export function BarList({ title, labelHeading, valueHeading, noteHeading, rows, limit = rows.length, table }: BarListProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const shown = rows.slice(0, limit);
  const ends = shown.map((row) => row.endText ?? (row.note ? `${row.valueText} (${row.note})` : row.valueText));
  const narrow = width < NARROW;
  const labelRoom = narrow ? 0 : Math.round(Math.min(width * 0.35, 12 + Math.max(0, ...shown.map((row) => textWidth(row.label, LABEL)))));
  const endRoom = 8 + Math.max(0, ...ends.map((end) => textWidth(end, FIGURE, 600)));
  const rowHeight = narrow ? 46 : 32;
  const barHeight = narrow ? 18 : 20;
  const barTop = narrow ? 22 : 6;
  const height = shown.length * rowHeight;
  const x = scaleLinear()
    .domain([0, Math.max(1, ...shown.map((row) => row.value))])
    .range([labelRoom, Math.max(labelRoom + 1, width - endRoom)]);

  if (rows.length === 0) return <p className="mt-3 text-slate-700">{words.reports.nothing}</p>;
  return (
    <>
      <div ref={ref} className="mt-3 w-full" style={{ minHeight: height }}>
        {width > 0 && (
          <svg role="img" aria-label={words.reports.bars(title, shown.map((row, i) => `${row.label}: ${ends[i]}`).join('; '))} width={width} height={height}>
            {shown.map((row, i) => {
              const top = i * rowHeight;
              return (
                <g key={row.key}>
                  <title>{`${row.label}: ${ends[i]}`}</title>
                  <text x={0} y={narrow ? top + 15 : top + barTop + barHeight / 2} dy={narrow ? undefined : '0.32em'} className="fill-slate-900 text-sm">
                    {clip(row.label, narrow ? width : labelRoom - 8, LABEL)}
                  </text>
                  <rect
                    x={labelRoom}
                    y={top + barTop}
                    width={Math.max(row.value > 0 ? 2 : 0, x(row.value) - labelRoom)}
                    height={barHeight}
                    rx={2}
                    className={barFill}
                  />
                  <text x={x(row.value) + 6} y={top + barTop + barHeight / 2} dy="0.32em" className={`${axisText} font-semibold`}>
                    {ends[i]}
                  </text>
                </g>
              );
            })}
          </svg>
        )}
      </div>
      {rows.length > shown.length && <p className="mt-1 text-sm text-slate-700">{words.reports.topOf(shown.length, rows.length)}</p>}
      <ShowNumbers>
        {table ? (
          <DataTable caption={title} columns={table.columns} rows={table.rows} />
        ) : (
          <DataTable
            caption={title}
            columns={noteHeading ? [labelHeading, valueHeading, noteHeading] : [labelHeading, valueHeading]}
            rows={shown.map((row) => ({ key: row.key, cells: noteHeading ? [row.label, row.valueText, row.note ?? ''] : [row.label, row.valueText] }))}
          />
        )}
      </ShowNumbers>
    </>
  );
}
