import type { Dialect } from '../migrations.ts';

/**
 * Version 32: alerts on a person's phone (web push).
 * - `push_subscriptions`: each browser a person turned alerts on in, by the push service's
 *   endpoint (unique: the same phone subscribing again updates its row). `p256dh` and `auth` are
 *   the browser's keys the payload is encrypted to; `last_ok_at` is when a push last reached the
 *   push service; `user_agent` a short label so a person can tell their phones apart.
 * - `push_keys`: the server's own key pair (VAPID) when none is given in the environment, made once
 *   and kept so every instance and every restart signs with the same one (a new key would silently
 *   end every subscription made with the old one).
 */
export function migration(dialect: Dialect): string[] {
  const big = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  return [
    `CREATE TABLE IF NOT EXISTS push_subscriptions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  user_agent TEXT NOT NULL DEFAULT '',
  created_at ${big} NOT NULL,
  last_ok_at ${big}
)`,
    'CREATE INDEX IF NOT EXISTS push_subscriptions_user ON push_subscriptions (user_id)',
    `CREATE TABLE IF NOT EXISTS push_keys (
  id TEXT PRIMARY KEY,
  public_key TEXT NOT NULL,
  private_key TEXT NOT NULL,
  created_at ${big} NOT NULL
)`,
  ];
}
