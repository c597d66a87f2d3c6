import { useState } from 'react';
import { dialledForm } from '../../../core/phone-keypad.ts';
import { fieldClass, useGroupField, type FieldProps } from './form-context.ts';
import { isRecord } from './json-schema.ts';
import { formWords } from './form-words.ts';
import { FieldShell } from './FieldShell.tsx';
import { FieldGroup } from './FieldGroup.tsx';
import { RadioOption } from './RadioOption.tsx';

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
  const pick = (nextWord: boolean) => {
    setAsWord(nextWord);
    write(digits, nextWord, word);
  };
  const dial = /\d{6}/.test(digits.replace(/\D/g, '')) ? dialledForm(digits) : undefined;
  return (
    <FieldGroup label={label} optional={optional} help={schema.description} helpId={helpId} error={error} errorId={errorId} describedBy={describes}>
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
        <RadioOption id={id('as-digits')} name={id('shown')} checked={!asWord} onPick={() => pick(false)}>
          {w.asDigits(digits || w.theDigits)}
        </RadioOption>
        <RadioOption id={id('as-word')} name={id('shown')} checked={asWord} onPick={() => pick(true)}>
          {w.asWord}
        </RadioOption>
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
    </FieldGroup>
  );
}
