import { useMemo } from 'react';
import { inlineRefs, kindOf, moveAt, removeAt, setAt, type JsonSchema } from './json-schema.ts';
import { FormContext, type FormContextValue } from './form-context.ts';
import { ObjectField } from './ObjectField.tsx';
import { SchemaField } from './SchemaField.tsx';
import type { Figure, TokenReading } from '../../../core/figure-repeats.ts';

export interface SchemaFormProps {
  /** The entry's schema, as the server sends it. */
  schema: JsonSchema;
  /** The entry's data. */
  value: unknown;
  /** Called with the whole new entry after each change. */
  onChange: (value: unknown) => void;
  /** The server's error sentences keyed by path ("faq.3.answer"; "" for the whole entry). */
  errors: Readonly<Record<string, string>>;
  /** Starts every element id of the form; unique on the page. */
  idPrefix: string;
  /** The figures the business details hold, so a text field that repeats one warns (none for the details themselves). */
  figures?: readonly Figure[];
  /** The tokens a text can hold and what each shows, so a field that holds one explains it. */
  tokens?: readonly TokenReading[];
  /** Offer the settings visitors never see, under "Advanced" (owners). */
  advanced?: boolean;
}

/** The fields of one content entry, drawn from its JSON Schema: every control labelled, every error beside its field. */
export function SchemaForm({ schema, value, onChange, errors, idPrefix, figures = [], tokens = [], advanced = false }: SchemaFormProps) {
  const root = useMemo(() => inlineRefs(schema), [schema]);
  const form: FormContextValue = {
    idPrefix,
    errors,
    set: (path, next) => onChange(setAt(value, path, next)),
    remove: (path) => onChange(removeAt(value, path)),
    move: (path, from, to) => onChange(moveAt(value, path, from, to)),
    figures,
    tokens,
    advanced,
  };
  const kind = kindOf(root);
  return (
    <FormContext value={form}>
      {kind === 'object' || kind === 'variant' ? (
        <ObjectField schema={root} value={value} path={[]} label="" optional={false} bare />
      ) : (
        <SchemaField schema={root} value={value} path={[]} label="" optional={false} />
      )}
    </FormContext>
  );
}
