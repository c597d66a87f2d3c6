import type { ReactNode } from 'react';
import { ui } from '../ui.ts';
import { branchFor, discriminatorOf, emptyValueOf, isRecord, kindOf, labelOf, type JsonSchema } from './json-schema.ts';
import { useGroupField, type FieldProps } from './form-context.ts';
import { formWords } from './form-words.ts';
import { useFocusAfter } from './useFocusAfter.ts';
import { LabelText } from './LabelText.tsx';
import { AddItem } from './AddItem.tsx';
import { ReadOnlyField } from './ReadOnlyField.tsx';
import { SchemaField } from './SchemaField.tsx';
import { GroupNotes } from './GroupNotes.tsx';
import { AdvancedFields } from './AdvancedFields.tsx';

interface ObjectFieldProps extends FieldProps {
  /** Buttons of the object when it is an item of a list (Move up, Move down, Remove). */
  actions?: ReactNode;
  /** The whole entry: its fields with no fieldset around them. */
  bare?: boolean;
}

/**
 * An object, or a union of objects such as a block, whose type field picks the fields and is shown,
 * not edited. An optional object that is absent offers to add it rather than showing empty fields.
 */
export function ObjectField({ schema, value, path, label, optional, actions, bare = false }: ObjectFieldProps) {
  const { form, id, error, errorId, helpId, describedBy: describes } = useGroupField(schema, path, { help: !bare });
  const focusAfter = useFocusAfter();
  const variant = kindOf(schema) === 'variant';
  const key = variant ? discriminatorOf(schema) : undefined;
  const shape = variant ? branchFor(schema, value) : schema;
  const record = isRecord(value) ? value : {};
  const absent = optional && !isRecord(value) && schema.default === undefined;
  const required = new Set(shape?.required ?? []);

  const addPart = () => {
    form.set(path, emptyValueOf(schema));
    focusAfter([id('fields')]);
  };
  const removePart = () => {
    form.remove(path);
    focusAfter([id('add-part')]);
  };

  let body: ReactNode;
  if (absent) {
    body = (
      <>
        <p className="mt-2 text-slate-700">{formWords.partUnused}</p>
        <button id={id('add-part')} type="button" className={`${ui.secondary} mt-2`} onClick={addPart}>
          {formWords.addPart(label)}
        </button>
      </>
    );
  } else if (!shape) {
    body = (
      <AddItem
        schema={schema}
        buttonId={id('start')}
        selectId={id('start-type')}
        buttonText={formWords.start}
        selectLabel={labelOf(key ?? 'type')}
        disabled={false}
        describedBy={undefined}
        onAdd={(item) => form.set(path, item)}
      />
    );
  } else {
    const field = ([name, prop]: [string, JsonSchema]) => {
      const fieldPath = [...path, name];
      const fixed = name === key || (name === 'type' && prop.const !== undefined);
      const props = { schema: prop, value: record[name], path: fieldPath, label: labelOf(name), optional: !required.has(name) };
      return fixed ? <ReadOnlyField key={name} {...props} /> : <SchemaField key={name} {...props} />;
    };
    const parts = Object.entries(shape.properties ?? {});
    // Settings visitors never see go under "Advanced", for owners; staff keep them as they are.
    const hidden = parts.filter(([, prop]) => prop.advanced);
    body = (
      <div id={id('fields')}>
        {parts.filter(([, prop]) => !prop.advanced).map(field)}
        {hidden.length > 0 && form.advanced && <AdvancedFields id={id('advanced')}>{hidden.map(field)}</AdvancedFields>}
        {optional && schema.default === undefined && (
          <button type="button" className={`${ui.secondary} mt-4`} onClick={removePart}>
            {formWords.removePart(label)}
          </button>
        )}
      </div>
    );
  }

  const top = <GroupNotes help={schema.description} helpId={helpId} error={error} errorId={errorId} />;
  if (bare)
    return (
      <div>
        {top}
        {body}
      </div>
    );
  return (
    <fieldset className="mt-4 min-w-0 rounded-lg border border-slate-300 px-2 pb-3 sm:px-3" aria-describedby={describes}>
      <legend className="px-1 font-bold text-slate-900">
        <LabelText label={label} optional={optional} />
      </legend>
      {actions}
      {top}
      {body}
    </fieldset>
  );
}
