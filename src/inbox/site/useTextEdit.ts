import { useEffect, useRef, type RefObject } from 'react';
import type { Selected } from './text-format.ts';

/**
 * A text box changed by buttons: `selection()` reads what is selected in it, `apply()` puts a
 * button's result in, and `reselect()` only asks for a range back. Once the change is drawn the box
 * gets the focus again with that range selected, so a keyboard user carries on where they were.
 */
export function useTextEdit(textarea: RefObject<HTMLTextAreaElement | null>, value: string, onChange: (value: string) => void) {
  const select = useRef<{ start: number; end: number } | null>(null);

  useEffect(() => {
    const box = textarea.current;
    const range = select.current;
    if (!box || !range) return;
    select.current = null;
    box.focus();
    box.setSelectionRange(range.start, range.end);
  });

  return {
    selection: (): Selected => ({
      text: value,
      start: textarea.current?.selectionStart ?? value.length,
      end: textarea.current?.selectionEnd ?? value.length,
    }),
    apply: (next: Selected) => {
      select.current = { start: next.start, end: next.end };
      onChange(next.text);
    },
    /** The range to select once the next change (closing a panel) is drawn. */
    reselect: (range: { start: number; end: number }) => {
      select.current = range;
    },
  };
}
