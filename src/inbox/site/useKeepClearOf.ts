import { useEffect, type RefObject } from 'react';

/**
 * Keeps the control the keyboard reaches inside `area` clear of `bar`, the buttons held at the
 * bottom of the screen. The browser scrolls a control into view only when none of it shows, so a
 * tall text box whose top shows and whose rest lies under the bar would stay there: it is scrolled
 * up until it clears the bar, or until its top reaches the header's space, whichever comes first.
 */
export function useKeepClearOf(area: RefObject<HTMLElement | null>, bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const own = area.current;
    if (!own) return;
    const keepClear = (event: FocusEvent) => {
      const target = event.target;
      const held = bar.current;
      // The bar's own buttons, and what comes after it (where it rests once scrolled to), are never under it.
      if (!(target instanceof HTMLElement) || !held || !(target.compareDocumentPosition(held) & Node.DOCUMENT_POSITION_FOLLOWING)) return;
      // After the browser's own scroll for the focus.
      requestAnimationFrame(() => {
        const box = target.getBoundingClientRect();
        const header = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
        const by = Math.min(box.bottom - held.getBoundingClientRect().top + 16, box.top - header);
        if (by > 0) window.scrollBy({ top: by });
      });
    };
    own.addEventListener('focusin', keepClear);
    return () => own.removeEventListener('focusin', keepClear);
  }, [area, bar]);
}
