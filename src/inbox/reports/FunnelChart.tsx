import { funnelStages, type Insight } from '../../../core/lead/insight.ts';
import { lostReasonLabels, statusLabels } from '../../../core/lead/status.ts';
import { words } from '../app-words.ts';
import { count, percent } from './format.ts';
import { BarList } from './BarList.tsx';
import { DataTable } from './DataTable.tsx';

const w = words.reports.funnel;

/** How far the range's leads got, New to Won, as shares of New; then the lost ones and why. */
export function FunnelChart({ funnel, lost, lostReasons }: Pick<Insight, 'funnel' | 'lost' | 'lostReasons'>) {
  const reached = (stage: string) => funnel.find((f) => f.stage === stage)?.count ?? 0;
  const started = reached('new');
  const reasons = lostReasons.filter((r) => r.count > 0).sort((a, b) => b.count - a.count);
  return (
    <>
      <BarList
        title={`${words.reports.funnel.heading}: ${w.chart}`}
        labelHeading={w.stage}
        valueHeading={w.leads}
        noteHeading={w.ofNew}
        rows={funnelStages.map((stage) => ({
          key: stage,
          label: statusLabels[stage],
          value: reached(stage),
          valueText: count(reached(stage)),
          note: percent(reached(stage), started),
          endText: w.bar(reached(stage), count(reached(stage)), percent(reached(stage), started)),
        }))}
      />
      <p className="mt-4 font-semibold text-slate-900">{w.lost(lost)}</p>
      {reasons.length > 0 && (
        <DataTable
          caption={w.lostReasons}
          columns={[w.reason, w.leads]}
          rows={reasons.map((r) => ({ key: r.reason, cells: [lostReasonLabels[r.reason] ?? r.reason, count(r.count)] }))}
        />
      )}
    </>
  );
}
