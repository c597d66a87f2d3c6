import type { FigureState } from './useFigures.ts';

interface FigureFieldProps {
  /** Unique on the page. */
  id: string;
  figure: FigureState;
}

/** A labelled number box with its hint and, when the figure cannot be used, an inline message tied to it. */
export function FigureField({ id, figure }: FigureFieldProps) {
  const { input, raw, error, set } = figure;
  const hintId = input.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {input.label}
      </label>
      {input.hint ? (
        <p id={hintId} className="mb-1 text-sm text-slate-600">
          {input.hint}
        </p>
      ) : null}
      <input
        id={id}
        type="text"
        inputMode={input.integer ? 'numeric' : 'decimal'}
        autoComplete="off"
        value={raw}
        onChange={(e) => set(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className={`field-input ${error ? 'border-alert-600' : ''}`}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-alert-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
