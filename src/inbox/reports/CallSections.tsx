import { useQuery } from '@tanstack/react-query';
import type { CallReport } from '../../../core/inbox-api/contract.ts';
import { api } from '../api.ts';
import { words } from '../app-words.ts';
import { Alert, errorMessage } from '../Alert.tsx';
import { count, percent } from './format.ts';
import { ReportSection } from './ReportSection.tsx';
import { BarList } from './BarList.tsx';
import { DataTable } from './DataTable.tsx';
import { FigureTiles } from './FigureTiles.tsx';

const w = words.reports.calls;

/** How the range's people reached the business: visitors, then form requests and calls side by side (the visits' figures, already read). */
function ContactFunnel({ from, to, calls }: { from: string; to: string; calls: number }) {
  const visits = useQuery({ queryKey: ['visits', from, to], queryFn: () => api('GET /visits', { querystring: { from, to } }) });
  if (!visits.data) return null;
  const rows = [
    { key: 'visitors', label: w.visitors, value: visits.data.visitors },
    { key: 'forms', label: w.formRequests, value: visits.data.quotes },
    { key: 'calls', label: w.calls, value: calls },
  ];
  return <BarList title={w.funnel} labelHeading={w.stage} valueHeading={w.count} rows={rows.map((r) => ({ ...r, valueText: count(r.value) }))} />;
}

/** The figures of the missed calls: how many, how many were called back, and how fast. */
function CallBackFigures({ callBacks }: { callBacks: CallReport['callBacks'] }) {
  const figures = [
    { label: w.missed, value: count(callBacks.missed) },
    { label: w.calledBack, value: count(callBacks.calledBack) },
    { label: w.median, value: callBacks.medianMinutes === null ? '–' : w.minutes(callBacks.medianMinutes) },
    { label: w.within15, value: percent(callBacks.within15, callBacks.missed) },
  ];
  return <FigureTiles figures={figures} />;
}

/** The range's calls: beside the form requests, by number dialled and day, and how long missed callers waited. Nothing while the business has had no calls. */
export function CallSections({ from, to }: { from: string; to: string }) {
  const query = useQuery({ queryKey: ['reports', 'calls', from, to], queryFn: () => api('GET /reports/calls', { querystring: { from, to } }) });
  if (query.error) return <Alert message={errorMessage(query.error, words.tryAgain)} />;
  const report = query.data;
  if (!report || report.numbers.length === 0) return null;
  const total = report.numbers.reduce((n, r) => n + r.answered + r.missed, 0);
  return (
    <div className="mt-6 grid gap-6">
      <ReportSection title={w.heading}>
        <p className="mt-1 text-slate-700">{w.intro}</p>
        <CallBackFigures callBacks={report.callBacks} />
        <ContactFunnel from={from} to={to} calls={total} />
      </ReportSection>
      <ReportSection title={w.byNumber}>
        <DataTable
          caption={w.byNumber}
          columns={[w.number, w.answered, w.missedColumn]}
          rows={report.numbers.map((r) => ({ key: r.dialled, cells: [w.numberName(r.dialled, r.source), count(r.answered), count(r.missed)] }))}
        />
      </ReportSection>
      <ReportSection title={w.byDay}>
        <DataTable
          caption={w.byDay}
          columns={[w.day, w.number, w.answered, w.missedColumn]}
          rows={report.days.map((d) => ({
            key: `${d.date}|${d.dialled}`,
            cells: [d.date, w.numberName(d.dialled, d.source), count(d.answered), count(d.missed)],
          }))}
        />
      </ReportSection>
    </div>
  );
}
