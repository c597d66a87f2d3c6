import { useEffect, useState } from 'react';

/**
 * The width of an element, kept up to date as it resizes (phone turned, window dragged), so a
 * chart draws at exactly the room it has. 0 until measured: draw nothing until then.
 */
export function useWidth<T extends Element>(): [(element: T | null) => void, number] {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box) setWidth(Math.floor(box.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width];
}
