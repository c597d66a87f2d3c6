/**
 * Twilio's request signature (the X-Twilio-Signature header), computed and checked.
 *
 * Twilio signs each webhook it sends (an inbound text, a delivery status) with the account's auth token,
 * so a request that carries a valid signature came from Twilio and was not changed on the way. Anyone
 * can reach the webhook URLs, so a route that takes such a request checks the signature before it
 * believes a word of it.
 *
 * The signed string is the full URL exactly as Twilio requested it (scheme, host, path and query
 * string), then every form parameter sorted by name, each name immediately followed by its value. A
 * name sent more than once contributes each of its distinct values in sorted order, as Twilio's own
 * helper libraries compute it. The signature is the base64 HMAC-SHA1 of that string keyed with the
 * auth token.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The form parameters of a request: one value per name, or several for a name that came more than once. */
export type SignedParams = Record<string, string | string[]>;

/** The X-Twilio-Signature Twilio would send for a form POST of `params` to `url`. */
export function twilioSignature(authToken: string, url: string, params: SignedParams): string {
  const hmac = createHmac('sha1', authToken);
  hmac.update(url, 'utf8');
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    const values = Array.isArray(value) ? [...new Set(value)].sort() : [value ?? ''];
    for (const one of values) hmac.update(name + one, 'utf8');
  }
  return hmac.digest('base64');
}

/** Whether `header` is the signature of this request; false for a missing or malformed header, never a throw. */
export function isValidTwilioSignature(authToken: string, url: string, params: SignedParams, header: string | undefined): boolean {
  if (typeof header !== 'string' || header === '' || authToken === '') return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params), 'utf8');
  const given = Buffer.from(header, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
