import { ui } from './ui.ts';

interface ChoiceChecksProps<T extends string> {
  /** Prefix of the boxes' ids, unique on the page. */
  id: string;
  legend: string;
  options: readonly T[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  labelOf?: (option: T) => string;
}

/** A fieldset of checkboxes for picking several of a list, kept in the list's own order; big enough to tap. */
export function ChoiceChecks<T extends string>({ id, legend, options, value, onChange, labelOf = (o) => o }: ChoiceChecksProps<T>) {
  const toggle = (option: T, on: boolean) => onChange(options.filter((o) => (o === option ? on : value.includes(o))));
  return (
    <fieldset>
      <legend className={ui.label}>{legend}</legend>
      <div className="mt-1 grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        {options.map((option, i) => (
          <label key={option} htmlFor={`${id}-${i}`} className="flex min-h-11 items-center gap-2 text-slate-900">
            <input
              id={`${id}-${i}`}
              type="checkbox"
              className="h-5 w-5 accent-brand-600"
              checked={value.includes(option)}
              onChange={(e) => toggle(option, e.target.checked)}
            />
            {labelOf(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
