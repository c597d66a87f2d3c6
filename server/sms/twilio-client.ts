/**
 * Sends a text message through Twilio's Messages API, and places a call through its Calls API,
 * each with one plain HTTPS request.
 *
 * The official `twilio` package is large for the two calls the site makes, so this speaks the API
 * directly: a form-encoded POST with HTTP Basic auth (account SID and auth token). A failure comes back
 * as one of two kinds, so the caller knows what to do next: TextRetryable (Twilio was busy, failing or
 * out of reach: try again later) and TextRefused (Twilio said no to this message or call: retrying
 * will not help). The auth token never appears in an error's message.
 */

/** One text to send. */
export interface TextMessage {
  /** The recipient, in E.164 form. */
  to: string;
  body: string;
  /** Where Twilio posts the message's delivery status as it changes. */
  statusCallback?: string;
}

export interface SentText {
  /** Twilio's id for the message, "SM" and 32 hex digits. */
  sid: string;
  /** Twilio's status for the message when it took it, usually "queued". */
  status: string;
}

export interface TwilioClientOptions {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164), or a Messaging Service SID (MG…). */
  from: string;
  /** The API's origin; https://api.twilio.com unless a test points it at a fake. */
  apiUrl?: string;
  fetch?: typeof fetch;
}

export interface TwilioClient {
  send(message: TextMessage, signal?: AbortSignal): Promise<SentText>;
}

/** A body longer than this is refused before sending: four or five text segments at most, not an essay. */
export const MAX_BODY_CHARS = 640;

/** The send failed in a way that may pass: Twilio answered 429 or 5xx, or could not be reached. */
export class TextRetryable extends Error {
  override readonly name = 'TextRetryable';
  /** Twilio's HTTP status, or undefined when no answer came. */
  readonly status: number | undefined;
  /** Seconds Twilio asked us to wait (its Retry-After header), when it said. */
  readonly retryAfter: number | undefined;

  constructor(message: string, status?: number, retryAfter?: number) {
    super(message);
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

/** Twilio refused this message (a 4xx other than 429); sending it again will fail the same way. */
export class TextRefused extends Error {
  override readonly name = 'TextRefused';
  readonly status: number;
  /** Twilio's error code, e.g. 21211 (invalid To number) or 21610 (the recipient has unsubscribed). */
  readonly code: number | undefined;
  /** Twilio's own words for the refusal. */
  readonly twilioMessage: string | undefined;

  constructor(message: string, status: number, code: number | undefined, twilioMessage: string | undefined) {
    super(message);
    this.status = status;
    this.code = code;
    this.twilioMessage = twilioMessage;
  }
}

export function createTwilioClient(options: TwilioClientOptions): TwilioClient {
  const { from } = options;
  const post = twilioPoster(options, 'Messages');
  return {
    async send(message, signal) {
      const length = [...message.body].length;
      if (length > MAX_BODY_CHARS) {
        throw new Error(`Text not sent: its body is ${length} characters, over the ${MAX_BODY_CHARS} allowed.`);
      }
      // A Messaging Service (MG…) picks its own number from its pool; a number is sent as From.
      const form = new URLSearchParams({ To: message.to, [/^MG/.test(from) ? 'MessagingServiceSid' : 'From']: from, Body: message.body });
      if (message.statusCallback !== undefined) form.set('StatusCallback', message.statusCallback);
      return post(form, 'text', signal);
    },
  };
}

/** One call to place: whom, and the TwiML it plays once answered. */
export interface OutgoingCall {
  /** The number to ring, in E.164 form. */
  to: string;
  /** What the call does once answered (TwiML, at most 4,000 characters as Twilio takes it inline). */
  twiml: string;
  /** How many seconds it rings before it counts as not answered. */
  ringSeconds: number;
}

export interface TwilioCaller {
  call(call: OutgoingCall, signal?: AbortSignal): Promise<SentText>;
}

/** Twilio takes at most this much TwiML inline with a call. */
export const MAX_TWIML_CHARS = 4000;

/**
 * Places calls through Twilio's Calls API from `from`, a number that can call (a short code cannot).
 * Its failures are the texts' two kinds: try again later, or refused for good.
 */
export function createTwilioCaller(options: TwilioClientOptions): TwilioCaller {
  const post = twilioPoster(options, 'Calls');
  return {
    async call({ to, twiml, ringSeconds }, signal) {
      if (twiml.length > MAX_TWIML_CHARS) throw new Error(`Call not placed: its TwiML is ${twiml.length} characters, over the ${MAX_TWIML_CHARS} allowed.`);
      const form = new URLSearchParams({ To: to, From: options.from, Twiml: twiml, Timeout: String(ringSeconds) });
      return post(form, 'call', signal);
    },
  };
}

/**
 * One resource of the account's API, posted to with HTTP Basic auth (the SID and the token): the
 * created resource's sid and status, or a TextRetryable or TextRefused. `what` names it in errors.
 */
function twilioPoster(options: TwilioClientOptions, resource: 'Messages' | 'Calls') {
  const { endpoint: base, reach, authorization, redact } = twilioAccount(options);
  const endpoint = `${base}/${resource}.json`;

  return async (form: URLSearchParams, what: 'text' | 'call', signal?: AbortSignal): Promise<SentText> => {
    const init = {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    };
    const { response, text } = await reach(endpoint, init, signal, async (response) => ({ response, text: await response.text() }));

    const json = parseJson(text);
    const { status } = response;
    if (status >= 200 && status < 300) {
      const sid = json?.['sid'];
      const state = json?.['status'];
      // Twilio may well have taken it: trying again could text or ring someone twice.
      if (typeof sid !== 'string' || typeof state !== 'string') throw new Error(`Twilio answered ${status} without a ${what}'s sid and status.`);
      return { sid, status: state };
    }
    if (status === 429 || status >= 500) {
      const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
      const wait = retryAfter === undefined ? '' : `; retry after ${retryAfter} s`;
      throw new TextRetryable(`Twilio answered ${status}${wait}.`, status, retryAfter);
    }
    const rawCode = json?.['code'];
    const rawMessage = json?.['message'];
    const code = typeof rawCode === 'number' ? rawCode : undefined;
    const twilioMessage = typeof rawMessage === 'string' ? redact(rawMessage) : undefined;
    const detail = [code === undefined ? '' : ` ${code}`, twilioMessage === undefined ? '' : `: ${twilioMessage}`].join('');
    throw new TextRefused(`Twilio refused the ${what} (${status})${detail}`, status, code, twilioMessage);
  };
}

/** The account's API address, its Basic authorization, a redaction of its token, and `reach`: what every request to it needs. */
function twilioAccount(options: Omit<TwilioClientOptions, 'from'>) {
  const { accountSid, authToken } = options;
  const apiUrl = (options.apiUrl ?? 'https://api.twilio.com').replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  /** Belt and braces: nothing Twilio or the network says is let carry the token into a message. */
  const redact = (text: string): string => (authToken ? text.split(authToken).join('[redacted]') : text);
  /** One request, and `then` on its answer; no answer at all (the network, not the caller's abort) is a TextRetryable. */
  const reach = async <T>(url: string, init: RequestInit, signal: AbortSignal | undefined, then: (response: Response) => Promise<T>): Promise<T> => {
    try {
      // A redirect would carry the credentials somewhere else; Twilio's API never sends one.
      return await then(await doFetch(url, { ...init, redirect: 'error', ...(signal ? { signal } : {}) }));
    } catch (error) {
      // The caller's own abort (a deadline, a shutdown) is theirs to handle, not a Twilio failure.
      if (signal?.aborted) throw error;
      const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      throw new TextRetryable(redact(`Twilio could not be reached: ${reason}`));
    }
  };
  return {
    endpoint: `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}`,
    authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`, 'utf8').toString('base64')}`,
    redact,
    reach,
  };
}

/** A voicemail's recording as Twilio serves it, fetched and deleted with the account's credentials. */
export interface TwilioRecordings {
  /** Its audio (MP3), passing a Range header on; Twilio's answer as it came (404 once it is gone). */
  audio(recordingSid: string, range: string | undefined, signal?: AbortSignal): Promise<Response>;
  /** Deletes it at Twilio; true once it is gone (deleted now, or already). Throws TextRetryable when Twilio could not say. */
  remove(recordingSid: string, signal?: AbortSignal): Promise<boolean>;
}

/** A recording's SID: "RE" and 32 hexadecimal digits, the only thing a recording's address is built from. */
export const RECORDING_SID = /^RE[0-9a-f]{32}$/i;

export function createTwilioRecordings(options: Omit<TwilioClientOptions, 'from'>): TwilioRecordings {
  const { endpoint, authorization, reach } = twilioAccount(options);
  const at = (recordingSid: string, ext: 'mp3' | 'json') => {
    // Built from the SID alone, never from an address a callback carried.
    if (!RECORDING_SID.test(recordingSid)) throw new Error('not a recording SID');
    return `${endpoint}/Recordings/${recordingSid}.${ext}`;
  };
  return {
    audio: (recordingSid, range, signal) =>
      reach(at(recordingSid, 'mp3'), { headers: { authorization, accept: 'audio/mpeg', ...(range ? { range } : {}) } }, signal, async (r) => r),
    async remove(recordingSid, signal) {
      const status = await reach(at(recordingSid, 'json'), { method: 'DELETE', headers: { authorization } }, signal, async (r) => {
        await r.arrayBuffer();
        return r.status;
      });
      if (status === 204 || status === 404) return true;
      if (status === 429 || status >= 500) throw new TextRetryable(`Twilio answered ${status}.`, status);
      throw new TextRefused(`Twilio refused to delete the recording (${status})`, status, undefined, undefined);
    },
  };
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Retry-After as seconds to wait: either a number of seconds or an HTTP date. */
function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
