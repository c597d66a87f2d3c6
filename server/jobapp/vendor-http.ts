/**
 * One JSON request to a job app's API, and what its answer means to us. A failure comes back as
 * one of three kinds, so the caller knows what to do next:
 * - KeyRefused: the app refused the key itself (401, or 403 on the harmless check): revoked,
 *   expired or mistyped. Nothing works until an owner replaces it;
 * - JobAppRefused: the app refused this request (another 4xx): trying again will fail the same way;
 * - JobAppBusy: the app was busy (429), failing (5xx) or out of reach: try again later, no sooner
 *   than its Retry-After.
 * Each carries the app's own words when it gave some. The key never appears in any message.
 */
import { DAY_MS } from '../../core/nz-time.ts';
import { RetryLater } from '../outbox/worker.ts';

export interface VendorRequest {
  method: 'GET' | 'POST';
  /** Path and query under the API's origin. */
  path: string;
  body?: Record<string, unknown>;
}

export interface VendorAnswer {
  status: number;
  json: unknown;
  headers: Headers;
}

/** Most of a vendor's words we keep: a sentence or two, not a page. */
const MAX_WORDS = 300;

/** A vendor's refusal in its own words, with the HTTP status it came with. */
abstract class VendorRefusal extends Error {
  readonly vendorWords: string;
  readonly status: number;
  constructor(vendorWords: string, status: number) {
    super(vendorWords);
    this.vendorWords = vendorWords;
    this.status = status;
  }
}

/** The key or token itself was refused (revoked, expired, mistyped). */
export class KeyRefused extends VendorRefusal {
  override readonly name = 'KeyRefused';
}

/** One request was refused for good; the key still works. */
export class JobAppRefused extends VendorRefusal {
  override readonly name = 'JobAppRefused';
}

export class JobAppBusy extends RetryLater {
  override readonly name = 'JobAppBusy';
}

export interface VendorHttpOptions {
  /** The API's origin (a test's stand-in, or the vendor's own). */
  apiUrl: string;
  /** The headers that carry the key. */
  auth: Record<string, string>;
  /** The key, so that nothing the app or the network says can carry it into a message. */
  secret: string;
  /** The app's name in messages ("ServiceM8"). */
  name: string;
  fetch?: typeof fetch | undefined;
}

/** Retry-After as milliseconds: a number of seconds or an HTTP date; 0 when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header === null) return 0;
  const trimmed = header.trim();
  const ms = /^\d{1,7}$/.test(trimmed) ? Number(trimmed) * 1000 : Math.max(0, Date.parse(trimmed) - now) || 0;
  // A day at most: past that the job's own back-off and tries are the better guide.
  return Math.min(ms, DAY_MS);
}

/** The words an error answer holds: `message`, `errorMessage` or `error`, whichever the app used. */
function wordsOf(json: unknown, text: string): string {
  if (typeof json === 'object' && json !== null) {
    const o = json as Record<string, unknown>;
    for (const key of ['message', 'errorMessage', 'error']) if (typeof o[key] === 'string' && o[key]) return o[key];
  }
  return /^[^<{[]/.test(text.trim()) ? text.trim() : '';
}

/** A client's one way to the app: the key on every request, never a redirect, every answer classified. */
export function vendorHttp(options: VendorHttpOptions) {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const clean = (text: string) =>
    (options.secret ? text.split(options.secret).join('[redacted]') : text)
      .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
      .trim()
      .slice(0, MAX_WORDS);

  return async function request({ method, path, body }: VendorRequest, signal?: AbortSignal): Promise<VendorAnswer> {
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${apiUrl}${path}`, {
        method,
        headers: { ...options.auth, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        // A redirect would carry the key somewhere else.
        redirect: 'manual',
        ...(signal ? { signal } : {}),
      });
      text = await response.text();
    } catch (error) {
      // The caller's own abort (the outbox's deadline, a shutdown) is theirs, not the app's trouble.
      if (signal?.aborted) throw error;
      const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      throw new JobAppBusy(clean(`${options.name} could not be reached: ${reason}`), 0);
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const { status } = response;
    // 303 is an answer too: Fergus points to the record that already exists.
    if ((status >= 200 && status < 300) || status === 303) return { status, json, headers: response.headers };
    const words = clean(wordsOf(json, text));
    const said = (what: string) => `${options.name} ${what}${words ? `: ${words}` : '.'}`;
    if (status === 429 || status >= 500) {
      const waitMs = retryAfterMs(response.headers.get('retry-after'));
      throw new JobAppBusy(said(status === 429 ? `asked us to slow down (${status})` : `answered ${status}`), waitMs);
    }
    if (status === 401) throw new KeyRefused(said(`refused the key (${status})`), status);
    throw new JobAppRefused(said(`refused the request (${status})`), status);
  };
}

export type VendorRequester = ReturnType<typeof vendorHttp>;
