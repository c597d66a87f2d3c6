import { vitalMetrics, vitalScales, type VitalMetric } from '../../../core/visit/beacon-fields.ts';
import { deviceLabels, vitalRating, type VitalFigure, type VitalRating } from '../../../core/visit/visit-figures.ts';
import { words } from '../app-words.ts';
import { count } from './format.ts';
import { ShowNumbers } from './ShowNumbers.tsx';
import { DataTable } from './DataTable.tsx';

const w = words.reports.vitals;

/** Each rating's colours, from the site's theme; the rating is always written out too. */
const ratingStyle: Record<VitalRating, string> = {
  good: 'border-emerald-700 bg-emerald-50 text-emerald-900',
  'needs-improvement': 'border-amber-600 bg-amber-50 text-amber-900',
  poor: 'border-red-700 bg-red-50 text-red-900',
};

/** "2,400 ms", "0.05". */
function vitalValue(metric: VitalMetric, value: number | null): string {
  if (value === null) return words.reports.none;
  return metric === 'CLS' ? value.toFixed(2) : `${count(Math.round(value))} ms`;
}

const ratingOf = (f: VitalFigure) => (f.p75 === null ? words.reports.none : w.ratings[vitalRating(f.metric, f.p75)]);

/** LCP, INP and CLS of real visits at the 75th percentile, each against Google's thresholds; by kind of page and device in the table. */
export function WebVitals({ vitals }: { vitals: VitalFigure[] }) {
  const overall = vitalMetrics.map((metric) => vitals.find((v) => v.metric === metric && v.kind === null && v.device === null));
  const detail = vitals.filter((v) => v.kind !== null);
  if (!overall.some((v) => v && v.samples > 0)) return <p className="mt-3 text-slate-700">{w.empty}</p>;
  return (
    <>
      <p className="mt-1 text-slate-700">{w.intro(w.scale)}</p>
      <ul className="mt-3 grid gap-3 md:grid-cols-3">
        {vitalMetrics.map((metric, i) => {
          const figure = overall[i];
          const scale = vitalScales[metric];
          const rating = figure?.p75 == null ? undefined : vitalRating(metric, figure.p75);
          return (
            <li key={metric} className={`rounded-md border-l-4 p-3 ${rating ? ratingStyle[rating] : 'border-slate-400 bg-slate-50 text-slate-900'}`}>
              <p className="text-sm">
                <abbr title={w.names[metric]} className="font-semibold no-underline">
                  {metric}
                </abbr>{' '}
                {w.names[metric]}
              </p>
              <p className="mt-1 text-2xl font-bold tabular-nums">{vitalValue(metric, figure?.p75 ?? null)}</p>
              {rating && <p className="font-semibold">{w.ratings[rating]}</p>}
              <p className="mt-1 text-sm">{w.thresholds(vitalValue(metric, scale.good), vitalValue(metric, scale.poor))}</p>
              <p className="text-sm">
                {w.samples}: {count(figure?.samples ?? 0)}
              </p>
            </li>
          );
        })}
      </ul>
      {detail.length > 0 && (
        <ShowNumbers>
          <DataTable
            caption={w.table}
            columns={[w.kind, w.metric, w.p75, w.rating, w.samples]}
            rows={detail.map((f) => ({
              key: `${f.metric}|${f.kind}|${f.device}`,
              cells: [
                `${f.kind ? w.kinds[f.kind] : w.all}, ${f.device ? deviceLabels[f.device] : ''}`,
                f.metric,
                vitalValue(f.metric, f.p75),
                ratingOf(f),
                count(f.samples),
              ],
            }))}
          />
        </ShowNumbers>
      )}
    </>
  );
}
