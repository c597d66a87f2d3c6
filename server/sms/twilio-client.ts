/**
 * Sends a text message through Twilio's Messages API with one plain HTTPS request.
 *
 * The official `twilio` package is large for the single call the site makes, so this speaks the API
 * directly: a form-encoded POST with HTTP Basic auth (account SID and auth token). A failure comes back
 * as one of two kinds, so the caller knows what to do next: TextRetryable (Twilio was busy, failing or
 * out of reach: try again later) and TextRefused (Twilio said no to this message: retrying will not
 * help). The auth token never appears in an error's message.
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
  const { accountSid, authToken, from } = options;
  const apiUrl = (options.apiUrl ?? 'https://api.twilio.com').replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const endpoint = `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`, 'utf8').toString('base64')}`;
  /** Belt and braces: nothing Twilio or the network says is let carry the token into a message. */
  const redact = (text: string): string => (authToken ? text.split(authToken).join('[redacted]') : text);

  return {
    async send(message, signal) {
      const length = [...message.body].length;
      if (length > MAX_BODY_CHARS) {
        throw new Error(`Text not sent: its body is ${length} characters, over the ${MAX_BODY_CHARS} allowed.`);
      }
      // A Messaging Service (MG…) picks its own number from its pool; a number is sent as From.
      const form = new URLSearchParams({ To: message.to, [/^MG/.test(from) ? 'MessagingServiceSid' : 'From']: from, Body: message.body });
      if (message.statusCallback !== undefined) form.set('StatusCallback', message.statusCallback);

      let response: Response;
      let text: string;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
          // A redirect would carry the credentials somewhere else; Twilio's API never sends one.
          redirect: 'error',
          ...(signal ? { signal } : {}),
        });
        text = await response.text();
      } catch (error) {
        // The caller's own abort (a deadline, a shutdown) is theirs to handle, not a Twilio failure.
        if (signal?.aborted) throw error;
        const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
        throw new TextRetryable(redact(`Twilio could not be reached: ${reason}`));
      }

      const json = parseJson(text);
      const { status } = response;
      if (status >= 200 && status < 300) {
        const sid = json?.['sid'];
        const state = json?.['status'];
        if (typeof sid !== 'string' || typeof state !== 'string') {
          // Twilio may well have taken the message; sending again could text the partner twice.
          throw new Error(`Twilio answered ${status} without a message sid and status.`);
        }
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
      throw new TextRefused(`Twilio refused the text (${status})${detail}`, status, code, twilioMessage);
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
