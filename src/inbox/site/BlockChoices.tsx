import { useEffect, useRef } from 'react';
import type { SiteEntryAnswer } from '../../../core/inbox-api/site.ts';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';

const w = words.site.format;

interface BlockChoicesProps {
  id: string;
  blocks: SiteEntryAnswer['blocks'];
  /** What each block shows on the page now, where it shows a figure. */
  tokens: SiteEntryAnswer['tokens'];
  onChoose: (block: SiteEntryAnswer['blocks'][number]) => void;
  onCancel: () => void;
}

/**
 * The blocks the site offers an article's text, each a button named in words with what it shows
 * now ("A price from the price list: Standard display fridge, now NZ$1,500 to NZ$4,000"), so the
 * owner picks a figure rather than types one.
 */
export function BlockChoices({ id, blocks, tokens, onChoose, onCancel }: BlockChoicesProps) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  const shows = new Map(tokens.map((t) => [t.written, t.shows]));
  return (
    <div id={id} role="group" aria-labelledby={`${id}-title`} className="mt-2 rounded-md border border-slate-300 bg-white p-3">
      <p id={`${id}-title`} className="text-slate-800">
        {w.insertTitle}
      </p>
      <ul className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {blocks.map((block, i) => {
          const now = shows.get(block.example);
          return (
            <li key={block.example}>
              <button
                type="button"
                ref={i === 0 ? first : undefined}
                className={`${ui.secondary} text-left [overflow-wrap:anywhere]`}
                onClick={() => onChoose(block)}
              >
                {now === undefined ? block.label : w.insertShows(block.label, now)}
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className={`${ui.secondary} mt-3`} onClick={onCancel}>
        {w.cancel}
      </button>
    </div>
  );
}
