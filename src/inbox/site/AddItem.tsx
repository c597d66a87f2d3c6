import { useState } from 'react';
import { ui } from '../ui.ts';
import { branchesOf, choiceLabel, discriminatorOf, emptyValueOf, kindOf, type JsonSchema, type Scalar } from './json-schema.ts';

interface AddItemProps {
  /** The schema of the item to add; for a union of objects (blocks) its type is chosen first. */
  schema: JsonSchema;
  buttonId: string;
  selectId: string;
  buttonText: string;
  selectLabel: string;
  disabled: boolean;
  describedBy: string | undefined;
  onAdd: (item: unknown) => void;
}

/** The button at the end of a list, with a choice of section type before it where the list holds blocks. */
export function AddItem({ schema, buttonId, selectId, buttonText, selectLabel, disabled, describedBy, onAdd }: AddItemProps) {
  const key = kindOf(schema) === 'variant' ? discriminatorOf(schema) : undefined;
  const types: Scalar[] = key === undefined ? [] : branchesOf(schema).flatMap((b) => b.properties?.[key]?.const ?? []);
  const [picked, setPicked] = useState(0);
  const button = (
    <button
      id={buttonId}
      type="button"
      className={ui.secondary}
      disabled={disabled}
      aria-describedby={describedBy}
      onClick={() => onAdd(emptyValueOf(schema, types[picked]))}
    >
      {buttonText}
    </button>
  );
  if (types.length === 0) return <div className="mt-3">{button}</div>;
  return (
    <div className="mt-3 flex flex-wrap items-end gap-3">
      <div className="min-w-0 grow">
        <label htmlFor={selectId} className={ui.label}>
          {selectLabel}
        </label>
        <select id={selectId} className={ui.field} disabled={disabled} value={String(picked)} onChange={(e) => setPicked(Number(e.target.value))}>
          {types.map((type, i) => (
            <option key={String(type)} value={String(i)}>
              {choiceLabel(type)}
            </option>
          ))}
        </select>
      </div>
      {button}
    </div>
  );
}
