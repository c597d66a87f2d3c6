import { choiceLabel, choicesOf, type Scalar } from './json-schema.ts';
import { useGroupField, type FieldProps } from './form-context.ts';
import { LabelText } from './LabelText.tsx';
import { GroupNotes } from './GroupNotes.tsx';

/** Some of a fixed list, each at most once (the days an office row covers): a tick box per choice, kept in the list's order. */
export function SetField({ schema, value, path, label, optional }: FieldProps) {
  const { form, id, error, errorId, helpId, describedBy: describes } = useGroupField(schema, path);
  const choices: readonly Scalar[] = choicesOf(schema.items ?? {}) ?? [];
  const picked = new Set(Array.isArray(value) ? value : []);
  const toggle = (choice: Scalar, on: boolean) => {
    const next = choices.filter((c) => (c === choice ? on : picked.has(c)));
    if (next.length === 0 && optional) form.remove(path);
    else form.set(path, next);
  };
  return (
    <fieldset className="mt-4 min-w-0 rounded-lg border border-slate-300 px-2 pb-3 sm:px-3" aria-describedby={describes}>
      <legend className="px-1 font-bold text-slate-900">
        <LabelText label={label} optional={optional} />
      </legend>
      <GroupNotes help={schema.description} helpId={helpId} error={error} errorId={errorId} />
      <ul className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        {choices.map((choice, i) => (
          <li key={String(choice)}>
            <label className="flex min-h-11 items-center gap-2">
              <input
                // The first box carries the field's id, so the problem summary's link lands here.
                id={i === 0 ? id() : id(String(i))}
                type="checkbox"
                className="h-6 w-6 shrink-0 accent-brand-600"
                checked={picked.has(choice)}
                aria-invalid={error ? true : undefined}
                onChange={(e) => toggle(choice, e.target.checked)}
              />
              {choiceLabel(choice)}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
