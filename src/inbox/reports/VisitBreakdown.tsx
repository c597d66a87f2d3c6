import type { VisitRow } from '../../../core/visit/visit-figures.ts';
import { words } from '../app-words.ts';
import { fewVisitors } from '../../../core/visit/visit-figures.ts';
import { count, quoteRateCell, quoteRateText } from './format.ts';
import { BarList } from './BarList.tsx';

const w = words.reports.visits;

interface VisitBreakdownProps {
  title: string;
  /** What the rows are: page, source, campaign, device. */
  column: string;
  rows: VisitRow[];
  limit?: number;
}

/** Visitors of each page, source, campaign or device as bars with their quote rate; every figure in the table. */
export function VisitBreakdown({ title, column, rows, limit }: VisitBreakdownProps) {
  return (
    <BarList
      title={title}
      labelHeading={column}
      valueHeading={w.visitors}
      noteHeading={w.rate}
      rows={rows.map((r) => ({
        key: r.label,
        label: r.label,
        value: r.visitors,
        valueText: count(r.visitors),
        note: w.rateNote(quoteRateText(r.quotes, r.visitors), fewVisitors(r.visitors)),
        endText: w.visitorsBar(r.visitors, count(r.visitors), w.rateNote(quoteRateText(r.quotes, r.visitors), fewVisitors(r.visitors))),
      }))}
      {...(limit === undefined ? {} : { limit })}
      table={{
        columns: [column, w.visitors, w.views, w.quotes, w.rate],
        rows: rows.map((r) => ({
          key: r.label,
          cells: [r.label, count(r.visitors), count(r.views), count(r.quotes), quoteRateCell(r.quotes, r.visitors)],
        })),
      }}
    />
  );
}
