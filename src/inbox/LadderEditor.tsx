import { useState, type FormEvent } from 'react';
import type { LadderInput } from '../../core/inbox-api/contract.ts';
import { LADDER_BOUNDS } from '../../core/inbox-api/ladder-rules.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { Saved } from './Saved.tsx';
import { LadderStepRow } from './LadderStepRow.tsx';
import { useLadder, useLadderChange } from './useLadder.ts';

const w = words.ladder.editor;

/** Owners: who is woken, how and when, when nobody takes an urgent job; and how many rounds, how far apart. */
export function LadderEditor() {
  const ladder = useLadder();
  const change = useLadderChange();
  // The owner's changes; until they change something, the ladder as kept.
  const [edited, setDraft] = useState<LadderInput | undefined>();
  const draft = edited ?? (ladder.data && { steps: ladder.data.steps, rounds: ladder.data.rounds, every_minutes: ladder.data.every_minutes });
  const people = ladder.data?.people ?? [];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) change.mutate(draft, { onSuccess: () => setDraft(undefined) });
  };
  const setSteps = (steps: LadderInput['steps']) => draft && setDraft({ ...draft, steps });
  const number = (value: string, min: number, max: number) => Math.min(max, Math.max(min, Math.floor(Number(value) || min)));
  return (
    <form aria-labelledby="ladder-heading" className={`${ui.card} mt-8`} onSubmit={onSubmit}>
      <h2 id="ladder-heading" className={ui.h2}>
        {w.heading}
      </h2>
      <p className="mt-1 text-slate-700">{w.intro}</p>
      {ladder.data && !ladder.data.custom && <p className="mt-2 font-semibold text-slate-900">{w.defaultNote(ladder.data.channels.includes('voice'))}</p>}
      <Alert message={errorMessage(ladder.error, words.tryAgain)} />
      {draft && (
        <>
          <ol className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {draft.steps.map((step, i) => (
              <LadderStepRow
                key={i}
                n={i + 1}
                step={step}
                people={people}
                channels={ladder.data?.channels ?? []}
                onChange={(next) => setSteps(draft.steps.map((s, j) => (j === i ? next : s)))}
                onRemove={() => setSteps(draft.steps.filter((_, j) => j !== i))}
                onUp={i === 0 ? undefined : () => setSteps(draft.steps.map((s, j) => (j === i - 1 ? draft.steps[i]! : j === i ? draft.steps[i - 1]! : s)))}
              />
            ))}
          </ol>
          {draft.steps.length < LADDER_BOUNDS.steps && people[0] && (
            <button
              type="button"
              className={`${ui.secondary} mt-3`}
              onClick={() => setSteps([...draft.steps, { user_id: people[0]!.id, channel: 'push', after_minutes: 0 }])}
            >
              {w.add}
            </button>
          )}
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            <div>
              <label className={ui.label} htmlFor="ladder-rounds">
                {w.rounds}
              </label>
              <input
                id="ladder-rounds"
                className={ui.field}
                type="number"
                inputMode="numeric"
                min={1}
                max={LADDER_BOUNDS.rounds}
                value={draft.rounds}
                aria-describedby="ladder-rounds-hint"
                onChange={(e) => setDraft({ ...draft, rounds: number(e.target.value, 1, LADDER_BOUNDS.rounds) })}
              />
              <p id="ladder-rounds-hint" className="mt-1 text-sm text-slate-700">
                {w.roundsHint}
              </p>
            </div>
            <div>
              <label className={ui.label} htmlFor="ladder-every">
                {w.every}
              </label>
              <input
                id="ladder-every"
                className={ui.field}
                type="number"
                inputMode="numeric"
                min={LADDER_BOUNDS.everyMinutes.min}
                max={LADDER_BOUNDS.everyMinutes.max}
                value={draft.every_minutes}
                onChange={(e) => setDraft({ ...draft, every_minutes: number(e.target.value, LADDER_BOUNDS.everyMinutes.min, LADDER_BOUNDS.everyMinutes.max) })}
              />
            </div>
          </div>
          <p className="mt-3 text-slate-700">{w.summary(draft.steps.length, draft.rounds, draft.every_minutes)}</p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <button type="submit" className={ui.button} disabled={change.isPending || draft.steps.length === 0}>
              {w.save}
            </button>
            {ladder.data?.custom && (
              <button
                type="button"
                className={ui.secondary}
                disabled={change.isPending}
                onClick={() => change.mutate(null, { onSuccess: () => setDraft(undefined) })}
              >
                {w.reset}
              </button>
            )}
            <Saved shown={change.isSuccess} />
          </div>
          <Alert message={errorMessage(change.error, words.tryAgain)} />
        </>
      )}
    </form>
  );
}
