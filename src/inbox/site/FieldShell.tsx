import type { ReactNode } from 'react';
import { ui } from '../ui.ts';
import { pathKey, type Path } from './json-schema.ts';
import { describedBy, idOf, useForm } from './form-context.ts';
import { LabelText } from './LabelText.tsx';

/** What a control needs to be tied to its label, help text and error. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/** A character count; `over` when the text is longer than allowed. */
export interface Count {
  text: string;
  over: boolean;
}

interface FieldShellProps {
  path: Path;
  label: string;
  optional: boolean;
  description: string | undefined;
  /** Read with the field's description rather than announced on every keystroke. */
  count?: Count | undefined;
  /** A checkbox: the box comes before its label. */
  inline?: boolean;
  /** A warning drawn under the control, given the id that describes the control. */
  note?: ((id: string) => ReactNode) | undefined;
  children: (control: ControlProps) => ReactNode;
}

/** One field: the label, help text, the control, its character count and the server's error, all linked by id. */
export function FieldShell({ path, label, optional, description, count, inline = false, note, children }: FieldShellProps) {
  const { idPrefix, errors } = useForm();
  const id = idOf(idPrefix, path);
  const error = errors[pathKey(path)];
  const helpId = description ? idOf(idPrefix, path, 'help') : undefined;
  const countId = count ? idOf(idPrefix, path, 'count') : undefined;
  const errorId = error ? idOf(idPrefix, path, 'error') : undefined;
  const noteId = idOf(idPrefix, path, 'note');
  const control = children({
    id,
    'aria-describedby': describedBy(errorId, helpId, countId, note && noteId),
    'aria-invalid': error ? true : undefined,
  });
  const labelText = <LabelText label={label} optional={optional} />;
  return (
    <div className="mt-4">
      {inline ? (
        <div className="flex min-h-11 items-center gap-3">
          {control}
          <label htmlFor={id} className="font-semibold text-slate-900">
            {labelText}
          </label>
        </div>
      ) : (
        <label htmlFor={id} className={ui.label}>
          {labelText}
        </label>
      )}
      {helpId && (
        <p id={helpId} className="text-sm text-slate-700">
          {description}
        </p>
      )}
      {!inline && control}
      {count && (
        <p id={countId} className={`mt-1 text-sm ${count.over ? 'font-semibold text-alert-700' : 'text-slate-700'}`}>
          {count.text}
        </p>
      )}
      {note?.(noteId)}
      {error && (
        <p id={errorId} className="mt-1 font-semibold whitespace-pre-line text-alert-700">
          {error}
        </p>
      )}
    </div>
  );
}
