/**
 * The optional webhook, per the Standard Webhooks specification: the lead as JSON
 * (`{"type":"lead.created","timestamp":...,"data":{lead}}`), signed by the `standardwebhooks`
 * package over id, timestamp and body, so a receiver can refuse a replayed or altered delivery.
 * The lead id is the `webhook-id` on every attempt (the receiver's idempotency key). A redirect
 * is an error, never followed: following it would send the body and signature to another address.
 */
import { Webhook } from 'standardwebhooks';
import type { LeadSender } from './worker.ts';

export const WEBHOOK_EVENT = 'lead.created';

export function createWebhookSender({ url, secret, timeoutMs = 10_000 }: { url: string; secret: string; timeoutMs?: number }): LeadSender {
  const signer = new Webhook(secret);
  return async (lead) => {
    const sentAt = new Date();
    const body = JSON.stringify({ type: WEBHOOK_EVENT, timestamp: sentAt.toISOString(), data: lead });
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        'webhook-id': lead.id,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signer.sign(lead.id, sentAt, body),
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (response.status >= 300 && response.status < 400) {
      throw new Error(`webhook answered ${response.status} (a redirect to ${response.headers.get('location') ?? 'nowhere'}); redirects are not followed`);
    }
    if (!response.ok) throw new Error(`webhook answered ${response.status}`);
  };
}
