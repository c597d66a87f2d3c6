import { useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { words } from '../app-words.ts';
import { jobAppWords } from '../job-app-words.ts';
import { ui } from '../ui.ts';
import { Alert, errorMessage } from '../Alert.tsx';

const w = jobAppWords.report;

/** The period's leads sent to the job app, those it did not take, and those still on their way. */
export function JobAppFigures({ from, to }: { from: string; to: string }) {
  const report = useQuery({ queryKey: ['reports', 'job-app', from, to], queryFn: () => api('GET /reports/job-app', { querystring: { from, to } }) });
  const figures = report.data;
  const rows = figures
    ? ([
        [w.sent, figures.sent],
        [w.failed, figures.failed],
        [w.waiting, figures.waiting],
      ] as const)
    : [];
  return (
    <section aria-labelledby="job-app-report" className={`${ui.card} mt-6`}>
      <h2 id="job-app-report" className={ui.h2}>
        {w.heading}
      </h2>
      <Alert message={errorMessage(report.error, words.tryAgain)} />
      {figures && figures.sent + figures.failed + figures.waiting === 0 && <p className="mt-2 text-slate-700">{w.none}</p>}
      {figures && figures.sent + figures.failed + figures.waiting > 0 && (
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          {rows.map(([label, count]) => (
            <div key={label} className="contents">
              <dt className="text-slate-700">{label}</dt>
              <dd className="text-right font-semibold text-slate-900 tabular-nums">{count}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
