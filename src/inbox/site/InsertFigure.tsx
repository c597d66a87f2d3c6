import { useState, type RefObject } from 'react';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { InsertChoices } from './InsertChoices.tsx';
import type { InsertChoice } from './insert-choices.ts';
import { insertBlock, type Selected } from './text-format.ts';
import { useTextEdit } from './useTextEdit.ts';

const w = words.site.format;

interface InsertFigureProps {
  /** The text box's id: the panel's id is made from it. */
  targetId: string;
  textarea: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (value: string) => void;
  choices: readonly InsertChoice[];
}

/**
 * "Insert a figure…" under a long text (an FAQ answer, a quick answer): a figure of the business
 * details put where the cursor is, so the text follows the details when they change.
 */
export function InsertFigure({ targetId, textarea, value, onChange, choices }: InsertFigureProps) {
  const { selection, apply, reselect } = useTextEdit(textarea, value, onChange);
  /** Where the cursor was when the button was pressed: the figure goes there. */
  const [inserting, setInserting] = useState<Selected | null>(null);
  const id = `${targetId}--insert`;
  return (
    <div className="mt-2">
      <button
        type="button"
        className={ui.secondary}
        aria-expanded={inserting !== null}
        aria-controls={id}
        onClick={() => setInserting(inserting ? null : selection())}
      >
        {w.insertFigure}
      </button>
      {inserting && (
        <InsertChoices
          id={id}
          choices={choices}
          onChoose={(choice) => {
            const at = value === inserting.text ? inserting : { text: value, start: value.length, end: value.length };
            apply(insertBlock(at, choice.written, false));
            setInserting(null);
          }}
          onCancel={() => {
            reselect(inserting);
            setInserting(null);
          }}
        />
      )}
    </div>
  );
}
