/**
 * The business's partners: everyone in the inbox reads the list (staff offer jobs to them), owners
 * add, change, pause and remove them. Every change goes in the audit log. Pausing or removing a
 * partner ends their offers still waiting, in the same transaction, so their links can no longer
 * take a job; urgent work goes on to the next on-call partner at once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addPartner, changePartner, listPartners, removePartner } from '../storage/partner-records.ts';
import { endOpenOffers } from '../storage/partner-offers.ts';
import { partnerWords } from '../partners/partner-words.ts';
import { inboxWords } from './inbox-words.ts';
import { endpoint } from './endpoint.ts';
import type { InboxContext } from './context.ts';

export const partnerRoutes: FastifyPluginAsyncZod<InboxContext> = async (app, ctx) => {
  const { store } = ctx;
  const access = 'owner';
  const words = inboxWords.errors;

  app.route({ ...endpoint('GET /partners'), handler: async () => ({ partners: await store.read(() => listPartners()) }) });

  app.route({
    ...endpoint('POST /partners'),
    config: { access },
    handler: async (request, reply) => {
      const added = await store.transact(() => addPartner(request.body));
      if (!added) return reply.code(409).send({ error: words.partnerExists, fields: { email: words.partnerExists } });
      await ctx.record(request, inboxWords.audit.partnerAdded(added.name, added.email));
      return reply.code(201).send({ partner: added });
    },
  });

  app.route({
    ...endpoint('PATCH /partners/:id'),
    config: { access },
    handler: async (request, reply) => {
      const changed = await store.transact(function* () {
        const done = yield* changePartner(request.params.id, request.body);
        const ended =
          done.ok && done.partner.paused
            ? yield* endOpenOffers({ partnerId: done.partner.id }, 'partner_paused', (p) => partnerWords.events.partnerPaused(p.name))
            : [];
        return { ...done, ended };
      });
      if (changed.ended.length) ctx.onQueued?.();
      if (!changed.ok)
        return changed.reason === 'missing'
          ? reply.code(404).send({ error: words.noPartner })
          : reply.code(409).send({ error: words.partnerExists, fields: { email: words.partnerExists } });
      const { name, email, paused } = changed.partner;
      await ctx.record(request, inboxWords.audit.partnerChanged(name, email, paused));
      return { partner: changed.partner };
    },
  });

  app.route({
    ...endpoint('DELETE /partners/:id'),
    config: { access },
    handler: async (request, reply) => {
      const { removed, ended } = await store.transact(function* () {
        const gone = yield* removePartner(request.params.id);
        return {
          removed: gone,
          ended: gone ? yield* endOpenOffers({ partnerId: gone.id }, 'partner_removed', (p) => partnerWords.events.partnerRemoved(p.name)) : [],
        };
      });
      if (ended.length) ctx.onQueued?.();
      if (!removed) return reply.code(404).send({ error: words.noPartner });
      await ctx.record(request, inboxWords.audit.partnerRemoved(removed.name, removed.email));
      return { ok: true as const };
    },
  });
};
