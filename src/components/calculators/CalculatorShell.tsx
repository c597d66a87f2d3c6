import { useState, type ReactNode } from 'react';
import { calculatorLabels } from '../../config/labels.ts';
import { fillQuoteForm } from '../../lib/quote-form-fill.ts';
import { fillTemplate, formatFigure } from '../../lib/calculators/format.ts';
import type { CalculatorContent } from '../../lib/calculators/content-schema.ts';
import { FigureField } from './FigureField.tsx';
import { useHydrated, type FigureState } from './useFigures.ts';

interface CalculatorShellProps {
  /** Unique on the page: the section's id and the prefix of every id inside. */
  id: string;
  copy: Pick<CalculatorContent, 'heading' | 'intro' | 'example' | 'note' | 'serviceType'>;
  figures: FigureState[];
  /** The result for the current figures (phrasing content only: it goes in <output>), or null while a figure is unusable. */
  result: ReactNode | null;
  /** A results table shown before or after the output; tables cannot go inside <output>, so its headline figures are in `result` too. */
  table?: { node: ReactNode; place: 'before' | 'after' } | null | undefined;
  /** One line for the quote form's notes, or null while a figure is unusable. */
  summary: string | null;
}

/**
 * What every calculator shares: heading, rule of thumb, number boxes, the result in a polite live
 * <output>, and "Get a quote for this". Server-rendered (and before hydration) it shows the rule and
 * the worked example for the default figures, with no controls that would do nothing.
 */
export function CalculatorShell({ id, copy, figures, result, table, summary }: CalculatorShellProps) {
  const hydrated = useHydrated();
  const [added, setAdded] = useState(false);
  const fieldId = (name: string) => `${id}-${name}`;
  const example = fillTemplate(copy.example, Object.fromEntries(figures.map((f) => [f.name, formatFigure(f.input.default, f.input.money)])));
  // A changed figure makes the earlier "Added to the quote form" note out of date.
  const fields = figures.map((f) => ({
    ...f,
    set: (text: string) => {
      setAdded(false);
      f.set(text);
    },
  }));

  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="rounded-2xl border border-brand-100 bg-white p-5 text-slate-800 shadow-md sm:p-7">
      <h2 id={`${id}-heading`} className="mt-0 text-2xl font-bold text-brand-900">
        {copy.heading}
      </h2>
      <p className="mt-2 text-lg text-slate-700">{copy.intro}</p>
      {hydrated ? (
        <div className="mt-5 grid gap-4 sm:grid-cols-2">
          {fields.map((f) => (
            <FigureField key={f.name} id={fieldId(f.name)} figure={f} />
          ))}
        </div>
      ) : (
        <p className="mt-5 font-semibold text-slate-800">{example}</p>
      )}
      {table?.place === 'before' ? <div className="mt-5">{table.node}</div> : null}
      <output htmlFor={hydrated ? figures.map((f) => fieldId(f.name)).join(' ') : undefined} aria-live="polite" className="mt-5 block">
        {result ?? <span className="block rounded-lg bg-brand-50 p-4 font-semibold text-alert-700">{calculatorLabels.fixInput}</span>}
      </output>
      {table?.place === 'after' ? <div className="mt-4">{table.node}</div> : null}
      {hydrated && summary ? (
        <div className="mt-5 flex flex-wrap items-center gap-4">
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              setAdded(Boolean(fillQuoteForm(summary, copy.serviceType)));
            }}
          >
            {calculatorLabels.quoteButton}
          </button>
        </div>
      ) : null}
      {hydrated ? (
        <p role="status" className="mt-3 text-sm font-semibold text-brand-800">
          {added ? calculatorLabels.quoteAdded : ''}
        </p>
      ) : null}
      {copy.note ? <p className="mt-4 text-sm text-slate-600">{copy.note}</p> : null}
    </section>
  );
}
