/**
 * Every address of the inbox app, for the app itself and for the links e-mails carry: a place is
 * kept in the query string (?view=&q=, ?lead=ID, ?page=people|partners|passkeys|audit,
 * ?page=reports&from=&to=, ?link=TOKEN), written and read here only, so a link sent last week
 * still opens what the app reads today.
 */
import { inboxViews, type InboxView } from './lead/status.ts';

/** The app's page; the API lives under it at api/. */
const INBOX_PAGE = '/inbox/';
/** The inbox's own path, without a trailing slash (its cookies' path). */
export const INBOX_PATH = '/inbox';
/** Where the inbox API's routes live. */
export const INBOX_API_PREFIX = `${INBOX_PATH}/api`;
/** The query parameter that carries a one-time sign-in link's token. */
export const SIGN_IN_LINK_PARAM = 'link';
/** The inbox's service worker (it shows alerts pushed to a phone), at the inbox's path so its scope is the inbox alone. */
export const SERVICE_WORKER_PATH = `${INBOX_PATH}/sw.js`;
export const SERVICE_WORKER_SCOPE = `${INBOX_PATH}/`;

export type Place =
  | { kind: 'list'; view: InboxView; q: string }
  | { kind: 'lead'; id: string }
  | { kind: 'people' }
  | { kind: 'partners' }
  | { kind: 'passkeys' }
  | { kind: 'audit' }
  /** The site editor: its list of pages, one entry's editor (by its key, "guides/commercial-fridge-prices-nz"), or the versions. */
  | { kind: 'site' }
  | { kind: 'site-entry'; key: string }
  | { kind: 'site-versions' }
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
  if (page === 'people' || page === 'partners' || page === 'passkeys' || page === 'audit') return { kind: page };
  if (page === 'site' || page === 'site-versions') {
    const entry = params.get('entry');
    return page === 'site' && entry && /^[a-z]+\/[a-z0-9-]+$/.test(entry) ? { kind: 'site-entry', key: entry } : { kind: page };
  }
  if (page === 'reports') return { kind: 'reports', from: dateParam(params.get('from')), to: dateParam(params.get('to')) };
  const view = params.get('view');
  return { kind: 'list', view: (inboxViews as readonly string[]).includes(view ?? '') ? (view as InboxView) : 'new', q: params.get('q') ?? '' };
}

function pageUrl(params: URLSearchParams, origin: string): string {
  const query = params.toString();
  return `${origin}${INBOX_PAGE}${query ? `?${query}` : ''}`;
}

/** A place's address: relative for the app, absolute when an origin is given (e-mails). */
export function placeHref(place: Place, origin = ''): string {
  const params = new URLSearchParams();
  if (place.kind === 'lead') params.set('lead', place.id);
  else if (place.kind === 'list') {
    if (place.view !== 'new') params.set('view', place.view);
    if (place.q) params.set('q', place.q);
  } else if (place.kind === 'reports') {
    params.set('page', place.kind);
    if (place.from) params.set('from', place.from);
    if (place.to) params.set('to', place.to);
  } else if (place.kind === 'site-entry') {
    params.set('page', 'site');
    params.set('entry', place.key);
  } else params.set('page', place.kind);
  return pageUrl(params, origin);
}

/** The inbox's first page (New leads). */
export const inboxHomeUrl = (origin = ''): string => placeHref({ kind: 'list', view: 'new', q: '' }, origin);

/** A lead's page, for a tap from a phone's mail app. */
export const inboxLeadUrl = (origin: string, id: string): string => placeHref({ kind: 'lead', id }, origin);

/** The Reports for a range of New Zealand dates. */
export const inboxReportsUrl = (origin: string, from: string, to: string): string => placeHref({ kind: 'reports', from, to }, origin);

/** The site editor's list of pages, with how long ago prices were verified (the reminder e-mails link here). */
export const inboxSiteUrl = (origin: string): string => placeHref({ kind: 'site' }, origin);

/** A one-time sign-in link. */
export const signInLinkUrl = (origin: string, token: string): string => pageUrl(new URLSearchParams({ [SIGN_IN_LINK_PARAM]: token }), origin);
