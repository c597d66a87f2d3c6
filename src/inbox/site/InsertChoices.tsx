import { useEffect, useRef } from 'react';
import { useEscapeCloses } from './useEscapeCloses.ts';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { shortened, type InsertChoice } from './insert-choices.ts';

const w = words.site.format;

interface InsertChoicesProps {
  id: string;
  choices: readonly InsertChoice[];
  /** What the list is for; by default, putting one where the cursor is. */
  title?: string;
  onChoose: (choice: InsertChoice) => void;
  onCancel: () => void;
}

/**
 * What can go where the cursor is (a price, the phone number, a calculator), each a button named in
 * words with what it shows now ("A price from the price list: Standard display fridge, now
 * NZ$1,500 to NZ$4,000"), so the owner picks a figure rather than types one.
 */
export function InsertChoices({ id, choices, title = w.insertTitle, onChoose, onCancel }: InsertChoicesProps) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  const box = useRef<HTMLDivElement>(null);
  useEscapeCloses(box, onCancel);
  return (
    <div
      id={id}
      ref={box}
      role="group"
      aria-labelledby={`${id}-title`}
      className="mt-2 max-h-[60vh] w-full overflow-y-auto rounded-md border border-slate-300 bg-white p-3"
    >
      <p id={`${id}-title`} className="text-slate-800">
        {title}
      </p>
      <ul className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {choices.map((choice, i) => (
          <li key={choice.written}>
            <button
              type="button"
              ref={i === 0 ? first : undefined}
              className={`${ui.secondary} text-left [overflow-wrap:anywhere]`}
              onClick={() => onChoose(choice)}
            >
              {choice.shows === undefined ? choice.label : w.insertShows(choice.label, shortened(choice.shows))}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className={`${ui.secondary} mt-3`} onClick={onCancel}>
        {w.cancel}
      </button>
    </div>
  );
}
