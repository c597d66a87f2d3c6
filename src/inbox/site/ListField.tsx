import type { ReactNode } from 'react';
import { branchesOf, itemLabelOf, kindOf, nounOf, unwrap, type JsonSchema } from './json-schema.ts';
import { idOf, useGroupField, type FieldProps } from './form-context.ts';
import { formWords } from './form-words.ts';
import { useFocusAfter } from './useFocusAfter.ts';
import { LabelText } from './LabelText.tsx';
import { ListItem } from './ListItem.tsx';
import { AddItem } from './AddItem.tsx';
import { GroupNotes } from './GroupNotes.tsx';

interface ListFieldProps extends FieldProps {
  /** Buttons of the list itself when it is an item of another list (a table's row). */
  actions?: ReactNode;
}

function asksQuestion(schema: JsonSchema): boolean {
  const s = unwrap(schema);
  return Boolean(s.properties?.['question']) || branchesOf(s).some((b) => b.properties?.['question']);
}

/** A list: each item with Move up, Move down and Remove, then Add; the list's limits turn the buttons off and say why. */
export function ListField({ schema, value, path, label, optional, actions }: ListFieldProps) {
  const { form, id, error, errorId, helpId, describedBy: describes } = useGroupField(schema, path);
  const focusAfter = useFocusAfter();
  const items: readonly unknown[] = Array.isArray(value) ? value : [];
  const itemSchema = schema.items ?? {};
  const blocks = kindOf(itemSchema) === 'variant';
  const last = path.at(-1);
  const noun = asksQuestion(itemSchema) ? 'Question' : typeof last === 'string' ? (nounOf(last) ?? formWords.item) : formWords.cell;
  const min = schema.minItems ?? 0;
  const max = schema.maxItems ?? Number.POSITIVE_INFINITY;
  const canAdd = items.length < max;
  const canRemove = items.length > min;
  // A list that always holds the same number (three related articles, fifteen questions) offers moves only.
  const fixed = min === max && items.length === min;
  const limit = fixed ? formWords.exactly(min) : !canAdd ? formWords.atMost(max) : !canRemove && items.length > 0 ? formWords.atLeast(min) : undefined;

  const itemId = (index: number, suffix: string) => idOf(form.idPrefix, [...path, index], suffix);
  const limitId = limit ? id('limit') : undefined;

  const move = (index: number, by: -1 | 1) => {
    form.move(path, index, index + by);
    const [same, other] = by === -1 ? ['up', 'down'] : ['down', 'up'];
    focusAfter([itemId(index + by, same), itemId(index + by, other)]);
  };
  const remove = (index: number) => {
    if (items.length === 1 && optional) form.remove(path);
    else form.remove([...path, index]);
    focusAfter([id('add'), itemId(Math.min(index, items.length - 2), 'item')]);
  };
  const add = (item: unknown) => {
    form.set(path, [...items, item]);
    focusAfter([itemId(items.length, 'item')]);
  };

  return (
    <fieldset className="mt-4 min-w-0 rounded-lg border border-slate-300 px-2 pb-3 sm:px-3" aria-describedby={describes}>
      <legend className="px-1 font-bold text-slate-900">
        <LabelText label={label} optional={optional} />
      </legend>
      {actions}
      <GroupNotes help={schema.description} helpId={helpId} error={error} errorId={errorId} />
      {items.length > 0 ? (
        <ol className="mt-2 space-y-3">
          {items.map((item, index) => (
            <ListItem
              // Items have no identity of their own; every field reads its value from the entry, so the index is enough.
              key={index}
              schema={itemSchema}
              item={item}
              path={[...path, index]}
              label={itemLabelOf(itemSchema, item, index, noun)}
              first={index === 0}
              last={index === items.length - 1}
              canRemove={canRemove}
              fixed={fixed}
              onMove={(by) => move(index, by)}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-slate-700">{formWords.noneYet}</p>
      )}
      {limit && (
        <p id={limitId} className="mt-3 text-sm text-slate-700">
          {limit}
        </p>
      )}
      {!fixed && (
        <AddItem
          schema={itemSchema}
          buttonId={id('add')}
          selectId={id('add-type')}
          buttonText={blocks ? formWords.addSection : formWords.add(noun)}
          selectLabel={formWords.sectionType}
          disabled={!canAdd}
          describedBy={limitId}
          onAdd={add}
        />
      )}
    </fieldset>
  );
}
