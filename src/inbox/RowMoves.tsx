import { ui } from './ui.ts';

/** A list row's "Move up" (not on the first) and "Remove" buttons, each named for the row it moves. */
export function RowMoves({
  up,
  remove,
  onUp,
  onRemove,
}: {
  /** The button's words and its name for a screen reader ("Move up step 2"). */
  up: { text: string; name: string };
  remove: { text: string; name: string };
  onUp: (() => void) | undefined;
  onRemove: () => void;
}) {
  return (
    <div className="flex gap-2">
      {onUp && (
        <button type="button" className={ui.secondary} aria-label={up.name} onClick={onUp}>
          {up.text}
        </button>
      )}
      <button type="button" className={ui.secondary} aria-label={remove.name} onClick={onRemove}>
        {remove.text}
      </button>
    </div>
  );
}
