/**
 * What the logs may never hold. The database keeps only hashes of the secrets the server hands out
 * (offer links, sign-in links and codes, sessions), so a log line with one in the clear would be
 * their weakest copy: logs are read by more people, shipped elsewhere and kept longer. Secrets
 * reach a log in three ways, each closed here and only here:
 * - a URL: an offer link (?t=), a sign-in link (?link=), a passkey's id in its path. Every query
 *   value is replaced unless its parameter is on a short list of harmless ones, so a secret
 *   parameter added later stays out of the logs until someone decides otherwise;
 * - a header: cookies (the session, the CSRF secret, the passkey challenge), the CSRF token, the
 *   export's bearer token, the job app's key. Fastify's request line carries no headers; these paths catch any line
 *   that logs them anyway;
 * - an error's text: a mail server that refuses a message may quote the links in it, Node's URL
 *   errors carry their input, a connection error may name an address with its password.
 * Names, e-mail addresses and phone numbers are kept out too.
 */
import type { LoggerOptions } from 'pino';
import { stdSerializers } from 'pino';

export const CENSOR = '[redacted]';

/** Query parameters whose values say where someone was, never who they are or what lets them in. */
const SHOWN_PARAMS = new Set(['view', 'page', 'lead', 'from', 'to', 'since', 'include_spam', 'limit']);

/**
 * Path segments whose next segment is a secret: a passkey's id (DELETE /inbox/api/passkeys/ID), an
 * alert's acknowledgement token (POST /ack/TOKEN), a review link's and its unsubscribe's (/r/TOKEN, /u/TOKEN).
 */
const SECRET_AFTER = new Set(['passkeys', 'ack', 'r', 'u']);
/** What follows such a segment that is a route's own word, not a secret. */
const ROUTE_WORDS = new Set(['options', '']);

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      // A part without "=" is all value: it is shown only when it is a harmless parameter's name.
      if (eq === -1) return pair === '' || SHOWN_PARAMS.has(pair) ? pair : CENSOR;
      return SHOWN_PARAMS.has(pair.slice(0, eq)) ? pair : `${pair.slice(0, eq)}=${CENSOR}`;
    })
    .join('&');
}

function redactPath(path: string): string {
  const segments = path.split('/');
  return segments.map((s, i) => (i > 0 && SECRET_AFTER.has(segments[i - 1]!.toLowerCase()) && !ROUTE_WORDS.has(s) ? CENSOR : s)).join('/');
}

/** A request's URL (path and query, or a whole address) as the logs may show it. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const hash = url.indexOf('#', q === -1 ? 0 : q);
  const end = hash === -1 ? url.length : hash;
  if (q === -1) return redactPath(url.slice(0, end));
  return `${redactPath(url.slice(0, q))}?${redactQuery(url.slice(q + 1, end))}`;
}

/**
 * Free text (an error's message, a mail server's answer) with the query of every URL or path in
 * it redacted, and the user and password of every address (a database's, a mail server's).
 */
export function redactText(text: string): string {
  return text
    .replace(/(\b[a-z][a-z\d+.-]*:\/\/)[^\s/?#@"'<>]+@/gi, `$1${CENSOR}@`)
    .replace(/\?([^\s"'<>`#]*)/g, (_match, query: string) => `?${redactQuery(query)}`);
}

/**
 * Every string in a value made loggable: its plain objects and arrays are copied (an error's own
 * properties, never changed in place); anything else (a Buffer, a Date) is left as it is.
 */
function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  if (value.constructor !== Object && value.constructor !== undefined) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = scrub(v, depth + 1);
  return out;
}

/** Fastify's request line (method, URL, host, client address) with the URL redacted. */
function req(request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

/**
 * The serializers every logger of the server uses: `err` for errors, `error` for a failure's
 * message logged as text (the outbox's failed sends).
 */
export const LOG_SERIALIZERS = {
  req,
  err: (error: unknown) => scrub(stdSerializers.err(error as Error)),
  error: (error: unknown) => scrub(error instanceof Error ? stdSerializers.err(error) : error),
};

const HEADERS = ['headers.authorization', 'headers.cookie', 'headers["set-cookie"]', 'headers["x-csrf-token"]', 'headers["x-api-key"]'];

/** What pino replaces in any line that has it: headers (on their own or a request's or reply's), a lead's details, bodies, tokens. */
export const LOG_REDACT = [
  ...HEADERS,
  ...HEADERS.flatMap((h) => [`req.${h}`, `res.${h}`]),
  '*.contact_name',
  '*.work_email',
  '*.phone',
  'lead',
  'body',
  'token',
  '*.token',
  'csrfToken',
  '*.csrfToken',
  // The job app's key or token (server/jobapp/), wherever a line might carry it.
  'secret',
  '*.secret',
];

/** The server's pino options at a level. */
export function loggerOptions(level: string): LoggerOptions {
  return { level, redact: { paths: LOG_REDACT, censor: CENSOR }, serializers: LOG_SERIALIZERS };
}
