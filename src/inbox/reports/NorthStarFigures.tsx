import type { NorthStar } from '../../../core/lead/north-star.ts';
import { words } from '../app-words.ts';
import { duration, percent } from './format.ts';
import { ReportSection } from './ReportSection.tsx';

const w = words.reports.northStar;

interface Figure {
  label: string;
  value: string;
  notes: string[];
}

/**
 * The two figures the night is judged by, first on the Reports: the share of urgent requests with
 * someone committed within 5 minutes (and how soon 9 in 10 had someone), and the share of those
 * already due that had a partner on site by the promised time. Each says in words what it is when
 * there is nothing to divide yet, never a dash.
 */
export function NorthStarFigures({ northStar }: { northStar: NorthStar }) {
  const { committed, onSite } = northStar;
  if (committed.urgent === 0 && committed.waiting === 0)
    return (
      <ReportSection title={w.heading}>
        <p className="mt-1 text-slate-700">{w.none}</p>
      </ReportSection>
    );
  const figures: Figure[] = [
    {
      label: w.committed,
      value: committed.urgent ? percent(committed.within, committed.urgent) : w.justArrived,
      notes: [
        ...(committed.urgent
          ? [w.share(committed.within, committed.urgent), committed.p90Minutes === null ? w.p90Never : w.p90(duration(committed.p90Minutes))]
          : []),
        ...(committed.waiting ? [w.waiting(committed.waiting)] : []),
      ],
    },
    {
      label: w.onSite,
      value: onSite.due ? percent(onSite.kept, onSite.due) : w.noneDue,
      notes: [onSite.due ? w.onSiteShare(onSite.kept, onSite.due) : w.noneDueNote],
    },
  ];
  return (
    <ReportSection title={w.heading}>
      <p className="mt-1 text-sm text-slate-700">{w.intro}</p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        {figures.map((f) => (
          <div key={f.label} className="flex flex-col gap-1 rounded-md bg-brand-50 p-3">
            <dt className="font-semibold text-slate-900">{f.label}</dt>
            <dd className="text-2xl font-bold text-brand-900 tabular-nums sm:text-3xl">{f.value}</dd>
            {f.notes.map((note) => (
              <dd key={note} className="text-sm text-slate-800">
                {note}
              </dd>
            ))}
          </div>
        ))}
      </dl>
    </ReportSection>
  );
}
