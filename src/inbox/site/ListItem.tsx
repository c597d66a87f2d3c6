import { ui } from '../ui.ts';
import { kindOf, type JsonSchema, type Path } from './json-schema.ts';
import { idOf, useForm } from './form-context.ts';
import { formWords } from './form-words.ts';
import { SchemaField } from './SchemaField.tsx';

interface ListItemProps {
  schema: JsonSchema;
  item: unknown;
  path: Path;
  label: string;
  first: boolean;
  last: boolean;
  canRemove: boolean;
  /** The list always holds this many: no Remove button at all, rather than one that never works. */
  fixed: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** A square button showing only an arrow: one line of a list (a keyword, a table cell) stays short on a phone. */
const arrowButton = `${ui.secondary.replace('px-4', 'px-0')} w-11 text-xl`;

/**
 * One item of a list with its Move up, Move down and Remove buttons, each named after the item.
 * An object or a list (a block, a row) has them under its legend, a single field after it. Only an
 * object (a block, a question) spells the moves out; elsewhere arrows keep the line short.
 */
export function ListItem({ schema, item, path, label, first, last, canRemove, fixed, onMove, onRemove }: ListItemProps) {
  const { idPrefix } = useForm();
  const kind = kindOf(schema);
  const boxed = kind === 'object' || kind === 'variant' || kind === 'list';
  const worded = kind === 'object' || kind === 'variant';
  const named = <span className="sr-only"> {label}</span>;
  const move = (by: -1 | 1, words: string, arrow: string) => (
    <button
      id={idOf(idPrefix, path, by === -1 ? 'up' : 'down')}
      type="button"
      className={worded ? ui.secondary : arrowButton}
      title={worded ? undefined : words}
      disabled={by === -1 ? first : last}
      onClick={() => onMove(by)}
    >
      {worded ? words : <span aria-hidden="true">{arrow}</span>}
      {worded ? named : <span className="sr-only">{`${words} ${label}`}</span>}
    </button>
  );
  const buttons = (
    <div className="mt-2 flex flex-wrap gap-2">
      {move(-1, formWords.moveUp, '↑')}
      {move(1, formWords.moveDown, '↓')}
      {!fixed && (
        <button id={idOf(idPrefix, path, 'remove')} type="button" className={ui.secondary} disabled={!canRemove} onClick={onRemove}>
          {formWords.remove}
          {named}
        </button>
      )}
    </div>
  );
  return (
    <li id={idOf(idPrefix, path, 'item')} className={boxed ? undefined : 'border-b border-slate-200 pb-3'}>
      <SchemaField schema={schema} value={item} path={path} label={label} optional={false} actions={boxed ? buttons : undefined} />
      {!boxed && buttons}
    </li>
  );
}
