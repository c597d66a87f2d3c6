import { useState, type FormEvent } from 'react';
import type { AnswerersInput } from '../../core/inbox-api/contract.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { Saved } from './Saved.tsx';
import { AnswererList } from './AnswererList.tsx';
import { useAnswerers, useAnswerersChange } from './usePhoneLine.ts';

const w = words.phoneLine;

/** Owners: who answers the business's phone line in office hours and after hours, in order. */
export function PhoneLineEditor() {
  const answerers = useAnswerers();
  const change = useAnswerersChange();
  // The owner's changes; until they change something, the lists as kept.
  const [edited, setDraft] = useState<AnswerersInput | undefined>();
  const draft = edited ?? (answerers.data && { office: answerers.data.office, after_hours: answerers.data.after_hours });
  const people = answerers.data?.people ?? [];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) change.mutate(draft, { onSuccess: () => setDraft(undefined) });
  };
  return (
    <form aria-labelledby="phone-line-heading" className={`${ui.card} mt-8`} onSubmit={onSubmit}>
      <h2 id="phone-line-heading" className={ui.h2}>
        {w.heading}
      </h2>
      <p className="mt-1 text-slate-700">{w.intro}</p>
      {answerers.data && !answerers.data.line_on && <p className="mt-2 font-semibold text-slate-900">{w.off}</p>}
      <Alert message={errorMessage(answerers.error, words.tryAgain)} />
      {draft && (
        <>
          <AnswererList id="office" legend={w.office} entries={draft.office} people={people} onChange={(office) => setDraft({ ...draft, office })} />
          <AnswererList
            id="after-hours"
            legend={w.afterHours}
            entries={draft.after_hours}
            people={people}
            onChange={(after_hours) => setDraft({ ...draft, after_hours })}
          />
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <button type="submit" className={ui.button} disabled={change.isPending}>
              {w.save}
            </button>
            <Saved shown={change.isSuccess} />
          </div>
          <Alert message={errorMessage(change.error, words.tryAgain)} />
        </>
      )}
    </form>
  );
}
