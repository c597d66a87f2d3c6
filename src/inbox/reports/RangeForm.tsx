import { useId, type FormEvent } from 'react';
import { linkHandler, placeHref } from '../place.ts';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { nzLastWeeks, nzYearToDate } from '../../../core/nz-time.ts';
import { DEFAULT_REPORT_WEEKS } from '../../../core/lead/insight.ts';

const w = words.reports;

interface RangeFormProps {
  /** The range shown, New Zealand dates YYYY-MM-DD. */
  from: string;
  to: string;
  go: (href: string) => void;
}

/** The dates the reports cover: two date fields, and links for the usual ranges. */
export function RangeForm({ from, to, go }: RangeFormProps) {
  const id = useId();
  const now = new Date();
  const quick = [
    { label: w.lastWeeks(4), range: nzLastWeeks(4, now) },
    { label: w.lastWeeks(DEFAULT_REPORT_WEEKS), range: nzLastWeeks(DEFAULT_REPORT_WEEKS, now) },
    { label: w.thisYear, range: nzYearToDate(now) },
  ];
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const a = String(data.get('from') ?? '');
    const b = String(data.get('to') ?? '');
    // Dates given the wrong way round mean the range between them.
    const [first, last] = a && b && a > b ? [b, a] : [a, b];
    go(placeHref({ kind: 'reports', from: first, to: last }));
  };
  return (
    <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
      <form aria-label={w.rangeForm} className="flex flex-wrap items-end gap-3" onSubmit={onSubmit}>
        <div>
          <label htmlFor={`${id}-from`} className={ui.label}>
            {w.from}
          </label>
          <input id={`${id}-from`} name="from" type="date" defaultValue={from} className={`${ui.field} w-44`} />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className={ui.label}>
            {w.to}
          </label>
          <input id={`${id}-to`} name="to" type="date" defaultValue={to} className={`${ui.field} w-44`} />
        </div>
        <button type="submit" className={ui.button}>
          {w.show}
        </button>
      </form>
      <nav aria-label={w.quick}>
        <ul className="flex flex-wrap gap-2">
          {quick.map((q) => {
            const href = placeHref({ kind: 'reports', ...q.range });
            const current = q.range.from === from && q.range.to === to;
            return (
              <li key={q.label}>
                <a
                  href={href}
                  onClick={linkHandler(go, href)}
                  aria-current={current ? 'true' : undefined}
                  className={`inline-flex min-h-11 items-center rounded-full border px-3 font-semibold whitespace-nowrap focus-visible:outline-3 focus-visible:outline-brand-600 ${current ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600'}`}
                >
                  {q.label}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
