import { ui } from './ui.ts';

interface ConfirmRemovalProps {
  /** The question, naming who would be removed. */
  question: string;
  confirmLabel: string;
  keepLabel: string;
  /** The buttons' names for screen readers when the visible words alone do not say who (they start with those words). */
  confirmName?: string | undefined;
  keepName?: string | undefined;
  pending: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}

/** The second step before removing someone for good: the question, then remove or keep. */
export function ConfirmRemoval({ question, confirmLabel, keepLabel, confirmName, keepName, pending, onConfirm, onKeep }: ConfirmRemovalProps) {
  return (
    <div role="group" aria-label={question} className="mt-3 rounded-md border-2 border-alert-700 p-3">
      <p className="font-semibold">{question}</p>
      <div className="mt-2 flex gap-3">
        <button type="button" className={ui.danger} disabled={pending} aria-label={confirmName} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className={ui.secondary} aria-label={keepName} onClick={onKeep}>
          {keepLabel}
        </button>
      </div>
    </div>
  );
}
