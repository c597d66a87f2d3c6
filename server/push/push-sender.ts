/**
 * Alerts to a person's phones: one Web Push message to each browser they turned alerts on in.
 *
 *   export interface PushMessage { title: string; body: string; url: string; ackUrl?: string; topic: string }
 *   export async function pushToPerson(store: LeadStore, userId: string, message: PushMessage, signal?: AbortSignal):
 *     Promise<{ sent: number; gone: number; failed: number }>
 *
 * The message is encrypted to each browser's keys and signed with the server's VAPID pair
 * (push-keys.ts) by web-push; the request itself is sent here with fetch, so the caller's signal
 * can stop it (web-push's own sender cannot be stopped, and speaks only https). It goes with
 * Urgency: high (a phone in power saving still wakes), a short TTL (an alert about a job waiting
 * now that arrives an hour late is worse than none: the push service drops it instead) and a Topic
 * made from `topic` (one per lead), so a newer alert about the same lead replaces an undelivered
 * older one at the push service, as the notification's tag replaces it on the phone.
 *
 * A browser the push service says is gone (404, 410: alerts turned off, the app removed, the phone
 * reset) is forgotten. Other failures are counted, not thrown, unless every browser failed: then
 * it throws, so the job that asked is tried again. An endpoint is a standing capability to wake
 * someone's phone: only its host ever reaches an error message.
 */
import { createHash } from 'node:crypto';
import webpush from 'web-push';
import { forgetPushSubscription, pushSubscriptionReached, pushSubscriptionsOf, type PushSubscriptionRecord } from '../storage/push-records.ts';
import type { LeadStore } from '../storage/types.ts';
import { vapidDetails } from './push-keys.ts';
import { pushWords } from './push-words.ts';

export interface PushMessage {
  title: string;
  body: string;
  /** Where a press on the alert opens (an inbox address). */
  url: string;
  /** Where "I've got it" on the alert posts (from the signed-in inbox, same origin); no such button without it. */
  ackUrl?: string;
  /** What the alert is about (a lead's id): a later alert with the same topic replaces it. */
  topic: string;
}

export interface PushResult {
  sent: number;
  gone: number;
  failed: number;
}

/** How long a push service keeps an alert for a phone that is off or out of reach before dropping it. */
export const PUSH_TTL_SECONDS = 15 * 60;
/** How long one push service may take to answer. */
export const PUSH_TIMEOUT_MS = 10_000;

/** What the service worker reads (public/inbox/sw.js); kept well under the 4 KB a push may carry. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  ackUrl?: string;
  /** The button that posts ackUrl; only with it. */
  ackLabel?: string;
  tag: string;
}

const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/** The Topic header: at most 32 URL-safe base64 characters; anything else (a UUID is 36) is hashed to 32, the same each time. */
export function pushTopic(topic: string): string {
  return TOPIC.test(topic) ? topic : createHash('sha256').update(topic).digest('base64url').slice(0, 32);
}

const bounded = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

export function pushPayload(message: PushMessage): PushPayload {
  return {
    title: bounded(message.title, 120),
    body: bounded(message.body, 600),
    url: message.url,
    ...(message.ackUrl ? { ackUrl: message.ackUrl, ackLabel: pushWords.ack } : {}),
    tag: pushTopic(message.topic),
  };
}

/** An endpoint as an error message may name it: its host only. */
export const endpointHost = (endpoint: string) => (URL.canParse(endpoint) ? new URL(endpoint).host : 'an unreadable address');

type Outcome = 'sent' | 'gone' | 'failed';

async function pushOne(
  sub: PushSubscriptionRecord,
  payload: string,
  options: webpush.RequestOptions,
  signal: AbortSignal | undefined,
): Promise<{ outcome: Outcome; error?: string }> {
  let details: webpush.RequestDetails;
  try {
    details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payload, options);
  } catch {
    // Keys nothing can be encrypted to (the routes refuse them; a row from before they did): no alert can ever reach it.
    return { outcome: 'gone' };
  }
  const timeout = AbortSignal.timeout(PUSH_TIMEOUT_MS);
  try {
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)])),
      body: details.body ? new Uint8Array(details.body) : null,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      redirect: 'error',
    });
    await response.body?.cancel();
    if (response.ok) return { outcome: 'sent' };
    if (response.status === 404 || response.status === 410) return { outcome: 'gone' };
    return { outcome: 'failed', error: `the push service at ${endpointHost(sub.endpoint)} answered ${response.status}` };
  } catch (error) {
    if (signal?.aborted) throw error;
    const why = timeout.aborted ? 'did not answer in time' : 'could not be reached';
    return { outcome: 'failed', error: `the push service at ${endpointHost(sub.endpoint)} ${why}` };
  }
}

/**
 * Sends `message` to each of the person's phones and browsers at once. Resolves with how many took
 * it, were gone (and forgotten) and failed; throws when every one of them failed.
 */
export async function pushToPerson(store: LeadStore, userId: string, message: PushMessage, signal?: AbortSignal): Promise<PushResult> {
  const subscriptions = await store.read(() => pushSubscriptionsOf(userId));
  const result: PushResult = { sent: 0, gone: 0, failed: 0 };
  if (subscriptions.length === 0) return result;
  const vapid = await vapidDetails(store);
  const payload = JSON.stringify(pushPayload(message));
  const options: webpush.RequestOptions = {
    vapidDetails: vapid,
    TTL: PUSH_TTL_SECONDS,
    urgency: 'high',
    topic: pushTopic(message.topic),
  };
  const errors: string[] = [];
  await Promise.all(
    subscriptions.map(async (sub) => {
      const { outcome, error } = await pushOne(sub, payload, options, signal);
      result[outcome] += 1;
      if (error) errors.push(error);
      if (outcome === 'sent') await store.transact(() => pushSubscriptionReached(sub.id));
      if (outcome === 'gone') await store.transact(() => forgetPushSubscription(sub.id));
    }),
  );
  if (result.failed > 0 && result.sent === 0) throw new Error(`No phone took the alert: ${[...new Set(errors)].join('; ')}`);
  return result;
}
