import { choiceLabel, choicesOf, choiceTitle, type Scalar } from './json-schema.ts';
import { fieldClass, useForm, type FieldProps } from './form-context.ts';
import { formWords } from './form-words.ts';
import { FieldShell } from './FieldShell.tsx';

/** One of a fixed list (an enum or a union of consts); options are numbered so a number stays a number. */
export function ChoiceField({ schema, value, path, label, optional }: FieldProps) {
  const form = useForm();
  const choices: readonly Scalar[] = choicesOf(schema) ?? [];
  const at = choices.findIndex((choice) => choice === value);
  const fallback = schema.default as Scalar | undefined;
  const emptyText = optional
    ? fallback !== undefined && choices.includes(fallback)
      ? formWords.noneDefault(choiceLabel(fallback))
      : formWords.none
    : formWords.chooseOne;
  const onPick = (raw: string) => {
    const choice = raw === '' ? undefined : choices[Number(raw)];
    if (choice === undefined) form.remove(path);
    else form.set(path, choice);
  };
  return (
    <FieldShell path={path} label={label} optional={optional} description={schema.description}>
      {(control) => (
        <select {...control} className={fieldClass} value={at === -1 ? '' : String(at)} onChange={(e) => onPick(e.target.value)}>
          {(optional || at === -1) && (
            <option value="" disabled={!optional}>
              {emptyText}
            </option>
          )}
          {choices.map((choice, i) => (
            <option key={String(choice)} value={String(i)}>
              {choiceTitle(schema, choice)}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
