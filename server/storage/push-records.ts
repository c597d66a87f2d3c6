/**
 * The phones and browsers that take a person's alerts (web push subscriptions), and the server's
 * own VAPID key pair when the environment gives none, written once for both stores as units of
 * work (steps.ts). Times are epoch milliseconds by the database's clock.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { all, one, run, NOW_MS, type Row, type Work } from './steps.ts';

export interface PushSubscriptionRecord {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string;
  created_at: number;
  last_ok_at: number | null;
}

const subscriptionRow = z.object({
  id: z.string(),
  user_id: z.string(),
  endpoint: z.string(),
  p256dh: z.string(),
  auth: z.string(),
  user_agent: z.string(),
  created_at: z.coerce.number(),
  last_ok_at: z.preprocess((v) => (v === null || v === undefined ? null : Number(v)), z.number().nullable()),
});
const toSubscription = (row: Row): PushSubscriptionRecord => subscriptionRow.parse(row);

export interface NewPushSubscription {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string;
}

/**
 * Keeps a browser's subscription for the person, at most `max` of them per person. The endpoint
 * is the browser's own (only it holds it), so posting it again updates its row, keys and owner
 * included: the browser belongs to whoever is signed in on it now. A new one past `max` takes the
 * place of the person's longest-silent one (a phone given away or reset never answers again), so
 * nobody is left unable to turn alerts on. The person's row is locked first, so two browsers
 * subscribing at once on two instances are counted one after the other.
 */
export function* savePushSubscription(sub: NewPushSubscription, max: number): Work<PushSubscriptionRecord> {
  yield* run('UPDATE users SET role = role WHERE id = ?', sub.userId);
  const existing = yield* one('SELECT user_id FROM push_subscriptions WHERE endpoint = ?', sub.endpoint);
  if (!existing || existing.user_id !== sub.userId) {
    const others = yield* all(
      'SELECT id FROM push_subscriptions WHERE user_id = ? AND endpoint <> ? ORDER BY COALESCE(last_ok_at, created_at), created_at, id',
      sub.userId,
      sub.endpoint,
    );
    for (const extra of others.slice(0, Math.max(0, others.length - max + 1))) yield* run('DELETE FROM push_subscriptions WHERE id = ?', extra.id);
  }
  const row = yield* one(
    `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, user_agent, created_at) VALUES (?, ?, ?, ?, ?, ?, ${NOW_MS})
     ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, user_agent = excluded.user_agent
     RETURNING *`,
    randomUUID(),
    sub.userId,
    sub.endpoint,
    sub.p256dh,
    sub.auth,
    sub.userAgent,
  );
  return toSubscription(row!);
}

/** A person's subscriptions, newest first. */
export function* pushSubscriptionsOf(userId: string): Work<PushSubscriptionRecord[]> {
  const rows = yield* all('SELECT * FROM push_subscriptions WHERE user_id = ? ORDER BY created_at DESC, id', userId);
  return rows.map(toSubscription);
}

/** Removes the person's own subscription by its endpoint; false when they have none there. */
export function* removePushSubscription(userId: string, endpoint: string): Work<boolean> {
  return (yield* run('DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?', userId, endpoint)) > 0;
}

/** Removes a subscription the push service says is gone (by id: the endpoint may since belong to another row). */
export function* forgetPushSubscription(id: string): Work<void> {
  yield* run('DELETE FROM push_subscriptions WHERE id = ?', id);
}

/** The push service took a message for this subscription. */
export function* pushSubscriptionReached(id: string): Work<void> {
  yield* run(`UPDATE push_subscriptions SET last_ok_at = ${NOW_MS} WHERE id = ?`, id);
}

export interface PushKeyPair {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's one key pair: `made` is kept when there is none yet, and whichever was kept first is
 * returned, so two instances starting at once both end up signing with the same pair.
 */
export function* keepPushKeys(made: PushKeyPair): Work<PushKeyPair> {
  yield* run(
    `INSERT INTO push_keys (id, public_key, private_key, created_at) VALUES ('vapid', ?, ?, ${NOW_MS}) ON CONFLICT (id) DO NOTHING`,
    made.publicKey,
    made.privateKey,
  );
  const row = yield* one("SELECT public_key, private_key FROM push_keys WHERE id = 'vapid'");
  return { publicKey: String(row!.public_key), privateKey: String(row!.private_key) };
}
