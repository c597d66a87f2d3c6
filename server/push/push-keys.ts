/**
 * The server's VAPID identity: the key pair that signs every alert to a phone, and the subject the
 * push services may contact. A browser subscribes with the public key and takes only pushes signed
 * by its private key, so the pair must never change under live subscriptions: it comes from the
 * environment (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT) when given, and otherwise is
 * made once and kept in the database, the same for every instance and every restart.
 *
 * The environment's settings are told to the store once at start (usePushSettings), so whatever
 * holds the store (the inbox's routes, the outbox's senders) signs with the same pair without
 * carrying the configuration along.
 */
import webpush from 'web-push';
import { business } from '../../core/business.ts';
import type { Config } from '../config.ts';
import { keepPushKeys, type PushKeyPair } from '../storage/push-records.ts';
import type { LeadStore } from '../storage/types.ts';

export interface VapidDetails extends PushKeyPair {
  subject: string;
}

type PushConfig = Partial<Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>>;

/** The subject when none is configured: the business's own address. */
export const DEFAULT_VAPID_SUBJECT = `mailto:${business.email}`;

const settings = new WeakMap<LeadStore, PushConfig>();
const resolved = new WeakMap<LeadStore, Promise<VapidDetails>>();

/** Tells the store's users which key pair and subject the environment gives (none: the database's pair). */
export function usePushSettings(store: LeadStore, config: PushConfig): void {
  settings.set(store, config);
  resolved.delete(store);
}

/** The pair and subject every alert through this store is signed with; made and kept on first use when the environment gives none. */
export function vapidDetails(store: LeadStore): Promise<VapidDetails> {
  let details = resolved.get(store);
  if (!details) {
    const config = settings.get(store) ?? {};
    const subject = config.VAPID_SUBJECT || DEFAULT_VAPID_SUBJECT;
    details =
      config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
        ? Promise.resolve({ subject, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY })
        : store.transact(() => keepPushKeys(webpush.generateVAPIDKeys())).then((pair) => ({ subject, ...pair }));
    const asked = details;
    // A failed read (the database was down) is asked again next time rather than remembered.
    asked.catch(() => {
      if (resolved.get(store) === asked) resolved.delete(store);
    });
    resolved.set(store, asked);
  }
  return details;
}
