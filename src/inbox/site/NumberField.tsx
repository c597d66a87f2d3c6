import { useState } from 'react';
import { isInteger } from './json-schema.ts';
import { fieldClass, useForm, type FieldProps } from './form-context.ts';
import { FieldShell } from './FieldShell.tsx';

/**
 * A number, stored as a number; emptied, its key is removed. A list's number has no key to
 * remove, so it may sit empty while the owner retypes it and keeps its number otherwise.
 */
export function NumberField({ schema, value, path, label, optional }: FieldProps) {
  const form = useForm();
  const [emptied, setEmptied] = useState(false);
  const inList = typeof path.at(-1) === 'number';
  const onText = (raw: string) => {
    if (raw.trim() === '') {
      if (inList) setEmptied(true);
      else form.remove(path);
      return;
    }
    const next = Number(raw);
    if (!Number.isFinite(next)) return;
    setEmptied(false);
    form.set(path, next);
  };
  return (
    <FieldShell path={path} label={label} optional={optional} description={schema.description}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="decimal"
          step={isInteger(schema) ? 1 : 'any'}
          min={schema.minimum}
          max={schema.maximum}
          className={fieldClass}
          // A number, not its text: React then leaves a half-typed "2." alone.
          value={emptied || typeof value !== 'number' ? '' : value}
          onChange={(e) => onText(e.target.value)}
          onBlur={() => setEmptied(false)}
        />
      )}
    </FieldShell>
  );
}
