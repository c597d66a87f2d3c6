import { useState } from 'react';
import { PRICE_FORMS, priceText, type GuidePrice } from '../../../core/guide-prices.ts';
import { useGroupField, type FieldProps } from './form-context.ts';
import { isRecord, type JsonSchema } from './json-schema.ts';
import { formWords } from './form-words.ts';
import { FieldGroup } from './FieldGroup.tsx';
import { RadioOption } from './RadioOption.tsx';
import { NumberField } from './NumberField.tsx';

const w = formWords.price;
type Wording = GuidePrice['form'];
const WORDING_TEXT: Record<Wording, string> = { between: w.between, 'from about': w.fromAbout, over: w.over };

/**
 * A price the guides quote: how it is worded (a range, "from about" or "over" one figure) is a
 * choice, the boxes are the figures that wording needs, each labelled for what it is, and the words
 * the pages will show are written out beneath.
 */
export function PriceField({ schema, value, path, label, optional }: FieldProps) {
  const { form, id, error, errorId, helpId, describedBy: describes } = useGroupField(schema, path);
  const price = isRecord(value) ? value : {};
  const wording = PRICE_FORMS.find((f) => f === price.form) ?? 'between';
  const from = typeof price.from === 'number' ? price.from : undefined;
  const to = typeof price.to === 'number' ? price.to : undefined;
  // The upper figure is kept while another wording is tried, so choosing a range again brings it back.
  const [keptTo, setKeptTo] = useState(to);
  const pick = (next: Wording) => {
    if (next === wording) return;
    if (wording === 'between') setKeptTo(to);
    const upper = next === 'between' ? (to ?? keptTo) : undefined;
    form.set(path, { form: next, ...(from === undefined ? {} : { from }), ...(upper === undefined ? {} : { to: upper }) });
  };
  const part = (key: 'from' | 'to'): JsonSchema => {
    const { description: _help, ...rest } = schema.properties?.[key] ?? {};
    return rest;
  };
  const reads = from !== undefined && (wording !== 'between' || to !== undefined) ? priceText({ form: wording, from, to }) : undefined;
  return (
    <FieldGroup label={label} optional={optional} help={schema.description} helpId={helpId} error={error} errorId={errorId} describedBy={describes}>
      <fieldset className="mt-2">
        <legend className="font-semibold text-slate-900">{w.wording}</legend>
        {PRICE_FORMS.map((option, i) => (
          <RadioOption
            key={option}
            // The first choice carries the wording's id, so the problem summary's link lands here.
            id={i === 0 ? id() : id(`form-${i}`)}
            name={id('form')}
            checked={wording === option}
            onPick={() => pick(option)}
          >
            {WORDING_TEXT[option]}
          </RadioOption>
        ))}
      </fieldset>
      <NumberField schema={part('from')} value={from} path={[...path, 'from']} label={wording === 'between' ? w.lowest : w.single} optional={false} />
      {wording === 'between' && <NumberField schema={part('to')} value={to} path={[...path, 'to']} label={w.highest} optional={false} />}
      {reads && <p className="mt-2 text-slate-800">{w.reads(reads)}</p>}
    </FieldGroup>
  );
}
