import { useState } from 'react';
import { dialledForm } from '../../../core/phone-keypad.ts';
import { fieldClass, useGroupField, type FieldProps } from './form-context.ts';
import { isRecord } from './json-schema.ts';
import { formWords } from './form-words.ts';
import { FieldShell } from './FieldShell.tsx';
import { LabelText } from './LabelText.tsx';
import { GroupNotes } from './GroupNotes.tsx';

const w = formWords.phone;

/**
 * A phone number typed once, as digits: what phones dial is worked out and shown, and how the
 * site shows the number (the digits, or a word such as "0800 FRIDGE") is a choice beside it.
 */
export function PhoneField({ schema, value, path, label, optional }: FieldProps) {
  const { form, id, error, errorId, helpId, describedBy: describes } = useGroupField(schema, path);
  const line = isRecord(value) ? value : {};
  const digits = typeof line.digits === 'string' ? line.digits : '';
  const shownAs = typeof line.shownAs === 'string' ? line.shownAs : '';
  const [asWord, setAsWord] = useState(/[a-z]/i.test(shownAs));
  const [word, setWord] = useState(asWord ? shownAs : '');
  // The old dialled form is dropped at the first change: it is worked out from the digits now.
  const write = (nextDigits: string, nextWord: boolean, wordText: string) => form.set(path, { digits: nextDigits, shownAs: nextWord ? wordText : nextDigits });
  const dial = /\d{6}/.test(digits.replace(/\D/g, '')) ? dialledForm(digits) : undefined;
  return (
    <fieldset className="mt-4 min-w-0 rounded-lg border border-slate-300 px-2 pb-3 sm:px-3" aria-describedby={describes}>
      <legend className="px-1 font-bold text-slate-900">
        <LabelText label={label} optional={optional} />
      </legend>
      <GroupNotes help={schema.description} helpId={helpId} error={error} errorId={errorId} />
      <FieldShell path={[...path, 'digits']} label={w.digits} optional={false} description={dial ? w.dialled(dial) : w.digitsHelp}>
        {(control) => (
          <input
            {...control}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            className={fieldClass}
            value={digits}
            onChange={(e) => write(e.target.value, asWord, word)}
          />
        )}
      </FieldShell>
      <fieldset className="mt-4">
        <legend className="font-semibold text-slate-900">{w.showAs}</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input
            id={id('as-digits')}
            type="radio"
            name={id('shown')}
            className="h-6 w-6 shrink-0 accent-brand-600"
            checked={!asWord}
            onChange={() => {
              setAsWord(false);
              write(digits, false, word);
            }}
          />
          {w.asDigits(digits || w.theDigits)}
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input
            id={id('as-word')}
            type="radio"
            name={id('shown')}
            className="h-6 w-6 shrink-0 accent-brand-600"
            checked={asWord}
            onChange={() => {
              setAsWord(true);
              write(digits, true, word);
            }}
          />
          {w.asWord}
        </label>
      </fieldset>
      {asWord && (
        <FieldShell path={[...path, 'shownAs']} label={w.word} optional={false} description={w.wordHelp}>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              className={fieldClass}
              value={word}
              onChange={(e) => {
                setWord(e.target.value);
                write(digits, true, e.target.value);
              }}
            />
          )}
        </FieldShell>
      )}
    </fieldset>
  );
}
