import type { Insight } from '../../../core/lead/insight.ts';
import { words } from '../app-words.ts';
import { count, duration, money, percent } from './format.ts';
import { ReportSection } from './ReportSection.tsx';

const w = words.reports.summary;

/** The range in five figures: leads, won jobs, their value, how fast the office answered, and Google Ads clicks. */
export function SummaryFigures({ insight }: { insight: Insight }) {
  const figures: { label: string; value: string; words?: boolean }[] = [
    { label: w.leads, value: count(insight.total) },
    { label: w.won, value: count(insight.won.count) },
    { label: w.wonValue, value: money(insight.won.cents) },
    // Urgent requests at night arrive outside office hours: with none answered in office hours the tile says so.
    insight.response.businessHours.answered
      ? { label: w.response, value: duration(insight.response.businessHours.medianMinutes) }
      : { label: w.response, value: w.noneAnswered, words: true },
    { label: w.gclid, value: `${count(insight.withGclid)} (${percent(insight.withGclid, insight.total)})` },
  ];
  return (
    <ReportSection title={w.heading}>
      <dl className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
        {figures.map((f) => (
          <div key={f.label} className="flex flex-col gap-1 rounded-md bg-brand-50 p-3">
            <dt className="text-sm text-slate-700">{f.label}</dt>
            <dd className={`mt-auto font-bold text-brand-900 ${f.words ? 'text-base' : 'text-lg min-[400px]:text-xl sm:text-2xl tabular-nums'}`}>{f.value}</dd>
          </div>
        ))}
      </dl>
    </ReportSection>
  );
}
