/**
 * Where the app is: the place in the address (its URLs are core/inbox-links.ts, shared with the
 * e-mails' links), and moving between places without reloading.
 */
import { useCallback, useEffect, useState } from 'react';
import { parsePlace, placeHref, type Place } from '../../core/inbox-links.ts';

export { parsePlace, placeHref, type Place };

/** The current place, and a way to go somewhere without reloading (history, so Back works). */
export function usePlace(): [Place, (place: Place | string) => void] {
  const [search, setSearch] = useState(() => window.location.search);
  useEffect(() => {
    const onPop = () => setSearch(window.location.search);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const go = useCallback((place: Place | string) => {
    const href = typeof place === 'string' ? place : placeHref(place);
    window.history.pushState(null, '', href);
    setSearch(window.location.search);
    window.scrollTo(0, 0);
  }, []);
  return [parsePlace(search), go];
}

/** A plain link that moves within the app when clicked normally, and opens a tab when asked to. */
export function linkHandler(go: (href: string) => void, href: string) {
  return (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(href);
  };
}
