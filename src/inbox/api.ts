/**
 * Talking to /inbox/api: a call names its route as the contract does ('POST /leads/:id/status'),
 * its params, query and body are typed by that route's schemas and its answer is what the route
 * answers. JSON both ways, the CSRF token on every change, and an error answer turned into an
 * ApiError carrying the server's sentence. Types only come from the contract: no zod in the app.
 */
import type { ApiAnswer, ApiInput, Endpoint, ErrorAnswer } from '../../core/inbox-api/contract.ts';
import type { PhotoAnswer } from '../../core/inbox-api/site.ts';
import { INBOX_API_PREFIX } from '../../core/inbox-links.ts';

export class ApiError extends Error {
  readonly status: number;
  /** The fields the server's refusal points at, each with its sentence, for a form to show beside them. */
  readonly fields: Readonly<Record<string, string>>;
  constructor(status: number, message: string, fields: Readonly<Record<string, string>> = {}) {
    super(message);
    this.status = status;
    this.fields = fields;
  }
}

let csrfToken = '';

/** The token from GET /inbox/api/session, sent with every change. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

type Parts = { params?: Record<string, string>; querystring?: Record<string, string | undefined>; body?: unknown };
/** A route that needs nothing is called with its name alone. */
type Args<E extends Endpoint> = Partial<ApiInput<E>> extends ApiInput<E> ? [input?: ApiInput<E>] : [input: ApiInput<E>];

/** The route's address with its params filled in and its query appended. */
function urlOf(path: string, { params = {}, querystring = {} }: Parts): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const query = new URLSearchParams(Object.entries(querystring).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  return `${INBOX_API_PREFIX}${filled}${query ? `?${query}` : ''}`;
}

/** A route's address for a plain link (the downloads), typed as a call is. */
export function apiHref<E extends Endpoint>(endpoint: E, ...[input]: Args<E>): string {
  return urlOf(endpoint.slice(endpoint.indexOf(' ') + 1), input ?? {});
}

export async function api<E extends Endpoint>(endpoint: E, ...[input]: Args<E>): Promise<ApiAnswer<E>> {
  const [method = 'GET', path = '/'] = endpoint.split(' ');
  const parts: Parts = input ?? {};
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  if (parts.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(urlOf(path, parts), {
    method,
    headers,
    credentials: 'same-origin',
    ...(parts.body === undefined ? {} : { body: JSON.stringify(parts.body) }),
  });
  const data: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    const refusal = data as Partial<ErrorAnswer>;
    throw new ApiError(response.status, refusal.error ?? response.statusText, refusal.fields ?? {});
  }
  return data as ApiAnswer<E>;
}

/** Sends a photo for the site as it is (its bytes, not JSON): the server reads its kind from them. */
export async function uploadPhoto(file: Blob): Promise<PhotoAnswer> {
  const response = await fetch(urlOf('/site/photos', {}), {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/octet-stream', 'x-csrf-token': csrfToken },
    credentials: 'same-origin',
    body: file,
  });
  const data: unknown = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, (data as Partial<ErrorAnswer>).error ?? response.statusText);
  return data as PhotoAnswer;
}
