import { fieldClass } from './form-context.ts';

interface TimeSelectProps {
  id: string;
  /** The visible label ("Opens"); `context` is read after it by screen readers ("on Monday"). */
  label: string;
  context: string;
  value: string;
  times: { value: string; label: string }[];
  problemId?: string | undefined;
  onChange: (time: string) => void;
}

/** A time of day chosen from a list in the site's 12-hour form, keeping the 24-hour value. */
export function TimeSelect({ id, label, context, value, times, problemId, onChange }: TimeSelectProps) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
        <span className="sr-only"> {context}</span>
      </label>
      <select
        id={id}
        className={fieldClass}
        value={value}
        aria-invalid={problemId ? true : undefined}
        aria-describedby={problemId}
        onChange={(e) => onChange(e.target.value)}
      >
        {times.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </select>
    </div>
  );
}
