import { useEffect, useId, useRef, useState } from 'react';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert } from './Alert.tsx';
import { ConfirmRemoval } from './ConfirmRemoval.tsx';

export interface TakeBackJobProps {
  /** The partner who holds the job. */
  name: string;
  pending: boolean;
  /** Why the last try failed, shown under the question. */
  error: string | undefined;
  onTakeBack: () => void;
}

/**
 * "Take the job back from NAME", then a question to confirm it. The question takes focus on its
 * safe answer (Keep), and Keep returns focus to the button; once the job is taken back this is
 * gone and the caller moves focus to where the change shows.
 */
export function TakeBackJob({ name, pending, error, onTakeBack }: TakeBackJobProps) {
  const w = words.leadPartners;
  const hintId = useId();
  const [confirming, setConfirming] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const question = useRef<HTMLDivElement>(null);
  const kept = useRef(false);
  useEffect(() => {
    if (confirming) question.current?.querySelectorAll('button')[1]?.focus();
    else if (kept.current) {
      kept.current = false;
      button.current?.focus();
    }
  }, [confirming]);
  return (
    <div className="mt-3">
      {confirming ? (
        <div ref={question}>
          <ConfirmRemoval
            question={w.confirmTakeBack(name)}
            confirmLabel={w.takeBackConfirm}
            keepLabel={w.keepHolder}
            confirmName={w.takeBackConfirmName(name)}
            keepName={w.keepHolderName(name)}
            pending={pending}
            onConfirm={onTakeBack}
            onKeep={() => {
              kept.current = true;
              setConfirming(false);
            }}
          />
        </div>
      ) : (
        <>
          <button ref={button} type="button" className={ui.secondary} aria-describedby={hintId} onClick={() => setConfirming(true)}>
            {w.takeBack(name)}
          </button>
          <p id={hintId} className="mt-1 text-sm text-slate-700">
            {w.takeBackHint}
          </p>
        </>
      )}
      <Alert message={error} />
    </div>
  );
}
