import { useCallback, useEffect, useRef } from 'react';

const FIELDS = 'input:enabled, select:enabled, textarea:enabled';
const CONTROLS = `${FIELDS}, button:enabled`;

/**
 * The element if it is an enabled control or made to take focus (tabindex -1: a message to read),
 * else the first field inside it, else its first button.
 */
function focusable(element: HTMLElement | null): HTMLElement | null {
  if (!element) return null;
  if (element.matches(CONTROLS) || element.getAttribute('tabindex') === '-1') return element;
  return element.querySelector<HTMLElement>(FIELDS) ?? element.querySelector<HTMLElement>(CONTROLS);
}

/**
 * Focus to move once a change has been drawn: to the first of `ids` that is an enabled control or
 * holds one (a new list item, whose first field gets the focus), or a message made to take focus.
 */
export function useFocusAfter(): (ids: readonly string[]) => void {
  const pending = useRef<readonly string[] | null>(null);
  useEffect(() => {
    const ids = pending.current;
    if (!ids) return;
    pending.current = null;
    for (const id of ids) {
      const target = focusable(document.getElementById(id));
      if (target) {
        target.focus();
        return;
      }
    }
  });
  return useCallback((ids: readonly string[]) => {
    pending.current = ids;
  }, []);
}
