import { choiceLabel, isRecord, pathKey, type Scalar } from './json-schema.ts';
import { idOf, useForm, type FieldProps } from './form-context.ts';
import { formWords } from './form-words.ts';

function shown(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return choiceLabel(value as Scalar);
  return JSON.stringify(value, null, 1);
}

/** A value the owner reads but does not change here: a block's type, a fixed value, or data the form cannot edit. */
export function ReadOnlyField({ schema, value, path, label }: FieldProps) {
  const { idPrefix, errors } = useForm();
  const error = errors[pathKey(path)];
  const fixed = schema.const !== undefined;
  const text = shown(value ?? schema.const);
  return (
    <div className="mt-4">
      <p className="font-semibold text-slate-900">{label}</p>
      {isRecord(value) || Array.isArray(value) ? (
        <pre className="text-sm break-words whitespace-pre-wrap text-slate-800">{text}</pre>
      ) : (
        <p className="text-slate-800">{text}</p>
      )}
      {!fixed && <p className="text-sm text-slate-700">{formWords.cannotEdit}</p>}
      {error && (
        <p id={idOf(idPrefix, path, 'error')} className="mt-1 font-semibold text-alert-700">
          {error}
        </p>
      )}
    </div>
  );
}
