import type { Insight, ValueCount } from '../../../core/lead/insight.ts';
import { words } from '../app-words.ts';
import { money } from './format.ts';
import { BarList, type BarRow } from './BarList.tsx';

const w = words.reports.wonValue;

function valueRows(values: ValueCount[]): BarRow[] {
  return values.map((v) => ({ key: v.label, label: v.label, value: v.cents, valueText: money(v.cents), note: words.reports.jobsCount(v.count) }));
}

/** What the range's won jobs were worth, by source and by campaign. */
export function WonValue({ won }: { won: Insight['won'] }) {
  if (won.count === 0) return <p className="mt-3 text-slate-700">{w.empty}</p>;
  return (
    <>
      <p className="mt-1 text-slate-700">{w.intro(won.count, money(won.cents))}</p>
      <div className="mt-2 grid gap-x-8 gap-y-4 lg:grid-cols-2">
        <div className="min-w-0">
          <h3 className="mt-2 font-bold text-brand-900">{w.bySource}</h3>
          <BarList title={w.bySource} labelHeading={w.source} valueHeading={w.value} noteHeading={w.jobs} rows={valueRows(won.bySource)} />
        </div>
        <div className="min-w-0">
          <h3 className="mt-2 font-bold text-brand-900">{w.byCampaign}</h3>
          <BarList title={w.byCampaign} labelHeading={w.campaign} valueHeading={w.value} noteHeading={w.jobs} rows={valueRows(won.byCampaign)} limit={10} />
        </div>
      </div>
    </>
  );
}
