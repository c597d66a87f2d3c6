import { useRef } from 'react';
import { fieldClass, useForm, type FieldProps } from './form-context.ts';
import { formWords } from './form-words.ts';
import { FieldShell } from './FieldShell.tsx';
import { TextNotes } from './TextNotes.tsx';
import { InsertAtCursor } from './InsertAtCursor.tsx';
import { words } from '../app-words.ts';
import { tokenChoices } from './insert-choices.ts';
import { readingsIn, repeatsIn } from '../../../core/figure-repeats.ts';

/** Longer limits than this get a text area; a short title or label stays on one line. */
const ONE_LINE_MAX = 120;

function inputType(format: string | undefined): 'date' | 'url' | 'email' | 'text' {
  if (format === 'date') return 'date';
  if (format === 'uri' || format === 'url') return 'url';
  return format === 'email' ? 'email' : 'text';
}

/** A string: one line, a text area for longer text, or a date picker holding YYYY-MM-DD. */
export function TextField({ schema, value, path, label, optional }: FieldProps) {
  const form = useForm();
  const box = useRef<HTMLTextAreaElement>(null);
  const type = inputType(schema.format);
  const raw = typeof value === 'string' ? value : '';
  const text = type === 'date' ? (/^\d{4}-\d{2}-\d{2}/.exec(raw)?.[0] ?? '') : raw;
  const max = schema.maxLength;
  const count = max !== undefined && type !== 'date' ? { text: formWords.characters(text.length, max, schema.minLength), over: text.length > max } : undefined;
  const onText = (next: string) => {
    if (next === '' && optional) form.remove(path);
    else form.set(path, next);
  };
  const repeats = repeatsIn(text, form.figures);
  const readings = readingsIn(text, form.tokens);
  // A pattern means a token (a slug, an id, a link): one line whatever its length.
  const multiline = type === 'text' && schema.pattern === undefined && (max === undefined || max > ONE_LINE_MAX);
  return (
    <FieldShell
      path={path}
      label={label}
      optional={optional}
      description={schema.description}
      count={count}
      note={
        repeats.length > 0 || readings.length > 0
          ? (id) => <TextNotes id={id} text={text} repeats={repeats} readings={readings} as="token" onChange={onText} />
          : undefined
      }
    >
      {(control) =>
        multiline ? (
          <>
            <textarea
              {...control}
              ref={box}
              className={fieldClass}
              rows={max === undefined ? 3 : Math.min(8, Math.max(3, Math.ceil(max / 100)))}
              value={text}
              onChange={(e) => onText(e.target.value)}
            />
            {/* The business details' own form holds the figures, and offers none of them. */}
            {form.figures.length > 0 && (
              <div className="mt-2">
                <InsertAtCursor
                  targetId={control.id}
                  textarea={box}
                  value={text}
                  onChange={onText}
                  label={words.site.format.insertFigure}
                  choices={tokenChoices(form.tokens)}
                />
              </div>
            )}
          </>
        ) : (
          <input {...control} type={type} className={fieldClass} autoComplete="off" value={text} onChange={(e) => onText(e.target.value)} />
        )
      }
    </FieldShell>
  );
}
