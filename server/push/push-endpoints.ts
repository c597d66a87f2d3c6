/**
 * Which addresses a browser's subscription may name. The server posts to whatever endpoint is
 * stored, so an endpoint is taken only at a push service the browsers use (over https, on its
 * usual port): a signed-in person cannot make the server knock on an address inside its own
 * network. A browser on some other push service is told alerts are not available on it.
 *
 * A server reached over plain http on a loopback address (a developer's machine, the tests) also
 * takes http endpoints on a loopback address, so a local stand-in can play the push service; a
 * server anyone else reaches never does.
 */
import { ECDH } from 'node:crypto';
import { isLoopbackHost } from '../http/loopback-host.ts';

/** The push services of Chrome, Edge, Firefox and Safari (and the browsers built on them), by host or host suffix. */
export const PUSH_SERVICE_HOSTS: readonly string[] = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'];

const atPushService = (host: string) =>
  PUSH_SERVICE_HOSTS.some((known) => (known.startsWith('.') ? host.endsWith(known) && host.length > known.length : host === known));

/** Whether this server takes local stand-in endpoints: it is itself reached over http on a loopback address. */
export const takesLocalEndpoints = (publicOrigin: string) => {
  const origin = new URL(publicOrigin);
  return origin.protocol === 'http:' && isLoopbackHost(origin.hostname);
};

/** Whether a subscription's endpoint may be kept and posted to. */
export function pushEndpointAllowed(endpoint: string, { localStandIns }: { localStandIns: boolean }): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  if (localStandIns && url.protocol === 'http:' && isLoopbackHost(url.hostname)) return true;
  return url.protocol === 'https:' && (url.port === '' || url.port === '443') && atPushService(url.hostname.toLowerCase());
}

/**
 * How many phones and browsers one person may have alerts on; a new one past it takes the place of
 * the one that has gone longest without taking an alert.
 */
export const PUSH_SUBSCRIPTIONS_PER_PERSON = 10;

/** Whether a subscription's p256dh is a point on P-256, as a browser's is: an alert can be encrypted to nothing else. */
export function browserKeyValid(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}
