import type { AnswerersAnswer, AnswerersInput } from '../../core/inbox-api/contract.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { AnswererRow } from './AnswererRow.tsx';

const w = words.phoneLine;
type Entry = AnswerersInput['office'][number];
/** As the server allows: a call rings three, the rest stand in for anyone who cannot take it. */
const MOST = 10;

/** One of the two lists (office hours, after hours): people in the order they are rung. */
export function AnswererList({
  id,
  legend,
  entries,
  people,
  onChange,
}: {
  id: string;
  legend: string;
  entries: Entry[];
  people: AnswerersAnswer['people'];
  onChange: (entries: Entry[]) => void;
}) {
  // Someone not on this list yet comes first, so "Add" does not repeat the last choice.
  const first = people.find((p) => !entries.some((e) => e.kind === p.kind && e.id === p.id)) ?? people[0];
  return (
    <fieldset className="mt-4">
      <legend className="font-semibold text-slate-900">{legend}</legend>
      {entries.length === 0 ? (
        <p className="mt-1 text-slate-700">{w.empty}</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {entries.map((entry, i) => (
            <AnswererRow
              key={i}
              list={id}
              n={i + 1}
              entry={entry}
              people={people}
              onChange={(next) => onChange(entries.map((e, j) => (j === i ? next : e)))}
              onRemove={() => onChange(entries.filter((_, j) => j !== i))}
              onUp={i === 0 ? undefined : () => onChange(entries.map((e, j) => (j === i - 1 ? entries[i]! : j === i ? entries[i - 1]! : e)))}
            />
          ))}
        </ol>
      )}
      {entries.length < MOST && first && (
        <button type="button" className={`${ui.secondary} mt-3`} onClick={() => onChange([...entries, { kind: first.kind, id: first.id, phone: first.phone }])}>
          {w.add(legend)}
        </button>
      )}
    </fieldset>
  );
}
