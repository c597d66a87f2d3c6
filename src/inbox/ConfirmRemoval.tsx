import { ui } from './ui.ts';

interface ConfirmRemovalProps {
  /** The question, naming who would be removed. */
  question: string;
  confirmLabel: string;
  keepLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}

/** The second step before removing someone for good: the question, then remove or keep. */
export function ConfirmRemoval({ question, confirmLabel, keepLabel, pending, onConfirm, onKeep }: ConfirmRemovalProps) {
  return (
    <div role="group" aria-label={question} className="mt-3 rounded-md border-2 border-alert-700 p-3">
      <p className="font-semibold">{question}</p>
      <div className="mt-2 flex gap-3">
        <button type="button" className={ui.danger} disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className={ui.secondary} onClick={onKeep}>
          {keepLabel}
        </button>
      </div>
    </div>
  );
}
