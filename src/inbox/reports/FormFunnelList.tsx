import { fewVisitors, type FormFunnelRow } from '../../../core/visit/visit-figures.ts';
import { words } from '../app-words.ts';
import { count, percent } from './format.ts';
import { BarList } from './BarList.tsx';

const w = words.reports.formFunnel;

/** The quote form of each page: how often it was seen (the bars), started and sent; every page in the table. */
export function FormFunnelList({ rows }: { rows: FormFunnelRow[] }) {
  if (rows.length === 0) return <p className="mt-3 text-slate-700">{w.empty}</p>;
  return (
    <>
      <p className="mt-1 text-slate-700">{w.intro}</p>
      <BarList
        title={`${w.heading}: ${w.chart}`}
        labelHeading={w.page}
        valueHeading={w.seen}
        rows={rows.map((r) => ({ key: r.page, label: r.page, value: r.seen, valueText: w.barEnd(count(r.seen), count(r.started), count(r.sent)) }))}
        limit={10}
        table={{
          columns: [w.page, w.seen, w.started, w.sent, w.sentOfSeen],
          rows: rows.map((r) => ({
            key: r.page,
            cells: [r.page, count(r.seen), count(r.started), count(r.sent), fewVisitors(r.seen) ? w.fewSeen(percent(r.sent, r.seen)) : percent(r.sent, r.seen)],
          })),
        }}
      />
    </>
  );
}
