import { useState, type RefObject } from 'react';
import { ui } from '../ui.ts';
import { InsertChoices } from './InsertChoices.tsx';
import type { InsertChoice } from './insert-choices.ts';
import { insertBlock, type Selected } from './text-format.ts';
import { useTextEdit } from './useTextEdit.ts';

interface InsertAtCursorProps {
  /** The text box's id: the list's id is made from it. */
  targetId: string;
  textarea: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (value: string) => void;
  label: string;
  choices: readonly InsertChoice[];
}

/**
 * A button that lists what can go where the cursor is (a figure of the business details, a block
 * of the site) and puts the one chosen there. Text typed in the box while the list was open moved
 * things, so the choice then goes at the end.
 */
export function InsertAtCursor({ targetId, textarea, value, onChange, label, choices }: InsertAtCursorProps) {
  const { selection, apply, reselect } = useTextEdit(textarea, value, onChange);
  /** Where the cursor was when the button was pressed. */
  const [inserting, setInserting] = useState<Selected | null>(null);
  const id = `${targetId}--insert`;
  return (
    <>
      <button
        type="button"
        className={ui.secondary}
        aria-expanded={inserting !== null}
        aria-controls={id}
        onClick={() => setInserting(inserting ? null : selection())}
      >
        {label}
      </button>
      {inserting && (
        <InsertChoices
          id={id}
          choices={choices}
          onChoose={(choice) => {
            const at = value === inserting.text ? inserting : { text: value, start: value.length, end: value.length };
            apply(insertBlock(at, choice.written));
            setInserting(null);
          }}
          onCancel={() => {
            reselect(inserting);
            setInserting(null);
          }}
        />
      )}
    </>
  );
}
