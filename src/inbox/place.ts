/**
 * Where the app is, kept in the query string so every view is a plain link: ?view=&q=, ?lead=ID,
 * ?page=people|passkeys|audit, ?page=reports&from=&to=, ?link=TOKEN.
 */
import { useCallback, useEffect, useState } from 'react';
import { inboxViews, type InboxView } from '../../core/lead/status.ts';

export type Place =
  | { kind: 'list'; view: InboxView; q: string }
  | { kind: 'lead'; id: string }
  | { kind: 'people' }
  | { kind: 'passkeys' }
  | { kind: 'audit' }
  /** New Zealand dates YYYY-MM-DD, inclusive; empty means the default range (the last twelve weeks). */
  | { kind: 'reports'; from: string; to: string };

/** A date the address may carry: YYYY-MM-DD, anything else read as not given. */
function dateParam(value: string | null): string {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';
}

export function parsePlace(search: string): Place {
  const params = new URLSearchParams(search);
  const lead = params.get('lead');
  if (lead) return { kind: 'lead', id: lead };
  const page = params.get('page');
  if (page === 'people' || page === 'passkeys' || page === 'audit') return { kind: page };
  if (page === 'reports') return { kind: 'reports', from: dateParam(params.get('from')), to: dateParam(params.get('to')) };
  const view = params.get('view');
  return { kind: 'list', view: (inboxViews as readonly string[]).includes(view ?? '') ? (view as InboxView) : 'new', q: params.get('q') ?? '' };
}

export function placeHref(place: Place): string {
  const params = new URLSearchParams();
  if (place.kind === 'lead') params.set('lead', place.id);
  else if (place.kind === 'list') {
    if (place.view !== 'new') params.set('view', place.view);
    if (place.q) params.set('q', place.q);
  } else if (place.kind === 'reports') {
    params.set('page', place.kind);
    if (place.from) params.set('from', place.from);
    if (place.to) params.set('to', place.to);
  } else params.set('page', place.kind);
  const query = params.toString();
  return `/inbox/${query ? `?${query}` : ''}`;
}

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
