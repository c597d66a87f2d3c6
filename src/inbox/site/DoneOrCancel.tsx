import { words } from '../app-words.ts';
import { ui } from '../ui.ts';

interface DoneOrCancelProps {
  /** What the main button does, in words ("Add the link", "Put the table in the text"). */
  doneText: string;
  onDone: () => void;
  onCancel: () => void;
}

/** The two buttons that end a box opened over the text: do it, or leave the text as it was. */
export function DoneOrCancel({ doneText, onDone, onCancel }: DoneOrCancelProps) {
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <button type="button" className={ui.button} onClick={onDone}>
        {doneText}
      </button>
      <button type="button" className={ui.secondary} onClick={onCancel}>
        {words.site.format.cancel}
      </button>
    </div>
  );
}
