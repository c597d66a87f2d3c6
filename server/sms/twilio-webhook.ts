/**
 * What every Twilio callback route shares, texts and calls alike: the form Twilio posts, read within
 * a small limit; the X-Twilio-Signature checked over PUBLIC_ORIGIN's URL and the form before a word
 * of it is believed; the refusals; and the TwiML answer. Whether a callback was taken before is the
 * route's to decide (`firstCallback`, in the same unit of work as what it does), so a callback that
 * failed half-way is not refused when Twilio retries it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { holdsNul } from '../http/nul-guard.ts';
import { isValidTwilioSignature } from './twilio-signature.ts';

/** A form of at most this many bytes: Twilio's callbacks are a few hundred; a text's body is bounded on top. */
const BODY_LIMIT = 16 * 1024;

/**
 * Makes this plugin's routes take Twilio's form posts (and nothing else), and answer a failure with
 * a short plain refusal, never a page or a stack. `what` names the routes in the error log line.
 */
export function takeTwilioForms(app: FastifyInstance, what: string): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    const form: Record<string, string | string[]> = {};
    for (const [name, value] of new URLSearchParams(String(body))) {
      const had = form[name];
      form[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
    }
    // A NUL character cannot be stored: refused here (400) rather than failing at the database.
    done(holdsNul(form) ? Object.assign(new Error('a NUL character in the form'), { statusCode: 400 }) : null, form);
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, `${what} failed`);
    return reply
      .code(status)
      .type('text/plain; charset=utf-8')
      .send(status === 415 ? 'Send a form.' : 'Refused.');
  });
}

export interface SignedForm {
  /** A field's first value, or '' when it is missing. */
  field: (name: string) => string;
  /** The request's signature: what `firstCallback` keeps so a replay is refused. */
  signature: string;
}

/**
 * The form's fields and its signature, once the signature is Twilio's for this URL and form;
 * otherwise undefined, and the 403 was sent. The URL is the one Twilio requested: the public origin
 * (a proxy may change the host) and the path with its query.
 */
export function signedForm(request: FastifyRequest, reply: FastifyReply, twilio: { origin: string; authToken: string }, path: string): SignedForm | undefined {
  const form = (request.body ?? {}) as Record<string, string | string[]>;
  const header = request.headers['x-twilio-signature'];
  const signature = typeof header === 'string' ? header : undefined;
  const url = `${twilio.origin}${path}${request.url.slice(request.url.indexOf(path) + path.length)}`;
  if (!isValidTwilioSignature(twilio.authToken, url, form, signature)) {
    reply.code(403).type('text/plain; charset=utf-8').send('Refused: not signed by Twilio.');
    return undefined;
  }
  const field = (name: string) => {
    const value = form[name];
    return (Array.isArray(value) ? value[0] : value) ?? '';
  };
  return { field, signature: signature! };
}

/** The answer to a signed callback already taken once. */
export const replayed = (reply: FastifyReply) => reply.code(403).type('text/plain; charset=utf-8').send('Refused: already received.');

/** Text made safe inside a TwiML element or attribute. */
export const xmlText = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The voice the calls speak in: New Zealand English. */
const VOICE = 'voice="Polly.Aria-Neural" language="en-NZ"';
/** `text` spoken on a call, as a TwiML verb. */
export const sayVerb = (text: string) => `<Say ${VOICE}>${xmlText(text)}</Say>`;

/** A TwiML document of `verbs` (already XML), never cached. */
export const twimlReply = (reply: FastifyReply, verbs = '') =>
  reply
    .code(200)
    .type('text/xml; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(`<?xml version="1.0" encoding="UTF-8"?><Response>${verbs}</Response>`);
