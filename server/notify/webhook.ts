/** The optional webhook: the lead as JSON, signed with HMAC-SHA256, the lead id as idempotency key. */
import { createHmac } from 'node:crypto';
import type { Sender } from './email.ts';

export const SIGNATURE_HEADER = 'x-signature-256';

export function sign(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function createWebhookSender({ url, secret, timeoutMs = 10_000 }: { url: string; secret: string; timeoutMs?: number }): Sender {
  return async (lead) => {
    const body = JSON.stringify({ event: 'lead.created', lead });
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': lead.id, [SIGNATURE_HEADER]: sign(secret, body) },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`webhook answered ${response.status}`);
  };
}
