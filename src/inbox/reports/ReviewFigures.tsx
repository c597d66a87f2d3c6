import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.ts';
import { words } from '../app-words.ts';
import { reviewWords } from '../review-words.ts';
import { ui } from '../ui.ts';
import { Alert, errorMessage } from '../Alert.tsx';
import { count } from './format.ts';
import { ReportSection } from './ReportSection.tsx';

const w = reviewWords.report;

export interface ReviewFiguresProps {
  /** New Zealand dates YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

/** Owners: the range's review requests sent, links opened and reminders, and the switch that turns requests off or on. */
export function ReviewFigures({ from, to }: ReviewFiguresProps) {
  const queryClient = useQueryClient();
  const report = useQuery({ queryKey: ['reviews', from, to], queryFn: () => api('GET /reports/reviews', { querystring: { from, to } }) });
  const toggle = useMutation({
    mutationFn: (on: boolean) => api('PUT /reviews', { body: { on } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
  const data = report.data;
  const figures = data && [
    { label: w.sent, value: count(data.sent), note: data.sent > 0 ? w.byText(data.sent_by_text) : undefined },
    { label: w.pressed, value: count(data.pressed) },
    { label: w.reminded, value: count(data.reminded) },
  ];
  return (
    <ReportSection title={w.heading}>
      <Alert message={errorMessage(report.error ?? toggle.error, words.tryAgain)} />
      {data && figures && (
        <>
          <dl className="mt-3 grid grid-cols-3 gap-3">
            {figures.map((f) => (
              <div key={f.label} className="flex flex-col gap-1 rounded-md bg-brand-50 p-3">
                <dt className="text-sm text-slate-700">{f.label}</dt>
                <dd className="mt-auto text-lg font-bold text-brand-900 tabular-nums sm:text-2xl">{f.value}</dd>
                {f.note && <dd className="text-sm text-slate-700">{f.note}</dd>}
              </div>
            ))}
          </dl>
          <p className="mt-3 text-slate-800">{data.on ? w.on : w.off}</p>
          {data.on && !data.place_id_set && <p className="mt-1 font-semibold text-alert-700">{w.noPlace}</p>}
          <button type="button" className={`${ui.secondary} mt-3`} disabled={toggle.isPending} onClick={() => toggle.mutate(!data.on)}>
            {data.on ? w.turnOff : w.turnOn}
          </button>
        </>
      )}
    </ReportSection>
  );
}
