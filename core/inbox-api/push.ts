/**
 * Alerts on a person's phones (Web Push): the server's public key a browser subscribes with, a
 * browser's subscription as its PushSubscription.toJSON() gives it, and a test alert's outcome.
 * Which push services an endpoint may name is the server's rule (server/push/push-endpoints.ts).
 */
import { z } from 'zod';

export const pushKeyAnswer = z.object({ publicKey: z.string() });

/** A push service's address for one browser: an absolute URL, bounded. */
const endpoint = z
  .string()
  .max(1000)
  .refine((v) => URL.canParse(v), 'not an address');

export const pushSubscriptionBody = z.object({
  endpoint,
  /** Browsers send null; a time would be when the push service ends it, which the server learns anyway (404/410). */
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes, base64url (87 characters, the first always B). */
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/),
    /** The browser's 16-byte secret, base64url. */
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/),
  }),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBody>;

export const pushEndpointBody = z.object({ endpoint });

/** A test alert: how many of the person's phones and browsers took it, were gone (and forgotten), failed. */
export const pushTestAnswer = z.object({ sent: z.number().int(), gone: z.number().int(), failed: z.number().int() });
export type PushTestAnswer = z.output<typeof pushTestAnswer>;
