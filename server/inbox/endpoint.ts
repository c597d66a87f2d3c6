/** A route's method, path and schemas as the contract (core/inbox-api) declares them, for `app.route`. */
import type { HTTPMethods } from 'fastify';
import { inboxApi, type Endpoint, type InboxApi } from '../../core/inbox-api/contract.ts';

export function endpoint<E extends Endpoint>(key: E): { method: HTTPMethods; url: string; schema: InboxApi[E] } {
  const [method, url] = key.split(' ') as [HTTPMethods, string];
  return { method, url, schema: inboxApi[key] };
}
