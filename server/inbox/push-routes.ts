/**
 * Alerts on the signed-in person's own phones (Web Push): the server's public key to subscribe
 * with, keeping and removing this browser's subscription, and a test alert. Each person manages
 * only their own; the plugin's Origin and CSRF checks guard the changes as every other.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { INBOX_PATH } from '../../core/inbox-links.ts';
import { pushSubscriptionsOf, removePushSubscription, savePushSubscription } from '../storage/push-records.ts';
import { vapidDetails } from '../push/push-keys.ts';
import { pushToPerson } from '../push/push-sender.ts';
import { browserKeyValid, PUSH_SUBSCRIPTIONS_PER_PERSON, pushEndpointAllowed, takesLocalEndpoints } from '../push/push-endpoints.ts';
import { deviceLabel } from '../push/device-label.ts';
import { inboxWords } from './inbox-words.ts';
import { endpoint } from './endpoint.ts';
import { BadRequest, Refusal, signedInUser } from './refusals.ts';
import type { InboxContext } from './context.ts';

const words = inboxWords.push;

export const pushRoutes: FastifyPluginAsyncZod<InboxContext> = async (app, ctx) => {
  const { store } = ctx;
  const localStandIns = takesLocalEndpoints(ctx.publicOrigin);

  app.route({
    ...endpoint('GET /push/key'),
    handler: async () => ({ publicKey: (await vapidDetails(store)).publicKey }),
  });

  app.route({
    ...endpoint('POST /push/subscriptions'),
    handler: async (request) => {
      const user = signedInUser(request);
      const { endpoint: address, keys } = request.body;
      if (!pushEndpointAllowed(address, { localStandIns })) throw new Refusal(400, words.unknownService);
      if (!browserKeyValid(keys.p256dh)) throw new BadRequest();
      const device = deviceLabel(request.headers['user-agent']);
      await store.transact(function* () {
        yield* savePushSubscription(
          { userId: user.id, endpoint: address, p256dh: keys.p256dh, auth: keys.auth, userAgent: device },
          PUSH_SUBSCRIPTIONS_PER_PERSON,
        );
        yield* ctx.audited(request, words.turnedOn(device || words.someDevice));
      });
      return { ok: true as const };
    },
  });

  app.route({
    ...endpoint('DELETE /push/subscriptions'),
    handler: async (request) => {
      const user = signedInUser(request);
      // Answered alike whether or not it was there: turning off twice, or after the push service ended it, is no error.
      await store.transact(function* () {
        const mine = (yield* pushSubscriptionsOf(user.id)).find((s) => s.endpoint === request.body.endpoint);
        if (mine && (yield* removePushSubscription(user.id, mine.endpoint))) yield* ctx.audited(request, words.turnedOff(mine.user_agent || words.someDevice));
      });
      return { ok: true as const };
    },
  });

  app.route({
    ...endpoint('POST /push/test'),
    handler: async (request) => {
      const user = signedInUser(request);
      try {
        return await pushToPerson(store, user.id, { ...words.test, url: `${ctx.publicOrigin}${INBOX_PATH}/`, topic: `test-${user.id}` });
      } catch (error) {
        request.log.warn({ err: error }, 'test alert not sent');
        throw new Refusal(502, words.testFailed);
      }
    },
  });
};
