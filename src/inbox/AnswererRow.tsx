import type { AnswerersAnswer, AnswerersInput } from '../../core/inbox-api/contract.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { RowMoves } from './RowMoves.tsx';

const w = words.phoneLine;
type Entry = AnswerersInput['office'][number];

/** One person on a list: who, the number to ring; moved up or removed. */
export function AnswererRow({
  list,
  n,
  entry,
  people,
  onChange,
  onRemove,
  onUp,
}: {
  /** The list's own id, so every field's id is unique on the page. */
  list: string;
  n: number;
  entry: Entry;
  people: AnswerersAnswer['people'];
  onChange: (entry: Entry) => void;
  onRemove: () => void;
  onUp: (() => void) | undefined;
}) {
  const id = `${list}-${n}`;
  const choose = (value: string) => {
    const person = people.find((p) => `${p.kind}:${p.id}` === value);
    if (person) onChange({ kind: person.kind, id: person.id, phone: person.phone || entry.phone });
  };
  return (
    <li className="grid gap-3 p-4 sm:grid-cols-[2fr_1.5fr_14rem] sm:items-start">
      <div>
        <label className={ui.label} htmlFor={`${id}-person`}>
          {w.person(n)}
        </label>
        <select id={`${id}-person`} className={ui.field} value={`${entry.kind}:${entry.id}`} onChange={(e) => choose(e.target.value)}>
          {people.map((p) => (
            <option key={`${p.kind}:${p.id}`} value={`${p.kind}:${p.id}`}>
              {w.personName(p)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label className={ui.label} htmlFor={`${id}-phone`}>
          {w.phone}
        </label>
        <input
          id={`${id}-phone`}
          className={ui.field}
          type="tel"
          autoComplete="off"
          maxLength={40}
          required
          aria-describedby={`${id}-phone-hint`}
          value={entry.phone}
          onChange={(e) => onChange({ ...entry, phone: e.target.value })}
        />
        <p id={`${id}-phone-hint`} className="mt-1 text-sm text-slate-700">
          {w.phoneHint}
        </p>
      </div>
      {/* Level with the fields, below their labels. */}
      <div className="sm:pt-7">
        <RowMoves up={{ text: w.up, name: w.upName(n) }} remove={{ text: w.remove, name: w.removeName(n) }} onUp={onUp} onRemove={onRemove} />
      </div>
    </li>
  );
}
