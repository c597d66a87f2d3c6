import { useEffect, type RefObject } from 'react';

/**
 * Tab and Shift+Tab move between the page's controls from anywhere in the article editor, as from
 * any field. The editor library takes Tab for itself (to indent, to put a tab in the text, to go
 * from cell to cell in a table and back to the text after the last one), which would keep a keyboard
 * user inside a long text for good. The key is stopped on its way in, before the editor hears it;
 * the browser then moves the focus as it does anywhere else.
 */
export function useTabLeavesText(box: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const passOn = (event: KeyboardEvent) => {
      if (event.key === 'Tab' && !event.ctrlKey && !event.altKey && !event.metaKey) event.stopPropagation();
    };
    root.addEventListener('keydown', passOn, { capture: true });
    return () => root.removeEventListener('keydown', passOn, { capture: true });
  }, [box]);
}
