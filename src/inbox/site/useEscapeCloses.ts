import { useEffect, type RefObject } from 'react';

/**
 * Escape closes a box that opens over the work (the insert list, the link box, the table editor)
 * from anywhere inside it. One listener on the box rather than one per control; a box is not itself
 * a control, so it takes no key handler of its own in the markup.
 */
export function useEscapeCloses(box: RefObject<HTMLElement | null>, close: () => void): void {
  useEffect(() => {
    const own = box.current;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
    };
    own?.addEventListener('keydown', onKey);
    return () => own?.removeEventListener('keydown', onKey);
  }, [box, close]);
}
