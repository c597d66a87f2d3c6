/**
 * A partner's "Your jobs" page from the owner's side: a new link (every older one stops working,
 * and the new one is answered this once, only its hash kept) and turning the page off. Owners only,
 * each with its line in the audit log in the same transaction.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { renewPage, revokePage } from '../storage/partner-pages.ts';
import { partnerJobsUrl } from '../partners/partner-links.ts';
import { randomToken, secretHash } from '../security/secrets.ts';
import { inboxWords } from './inbox-words.ts';
import { endpoint } from './endpoint.ts';
import type { InboxContext } from './context.ts';

export const partnerPageRoutes: FastifyPluginAsyncZod<InboxContext> = async (app, ctx) => {
  const { store } = ctx;
  const access = 'owner';
  const words = inboxWords.errors;
  const origin = new URL(ctx.publicOrigin).origin;

  app.route({
    ...endpoint('POST /partners/:id/page/renew'),
    config: { access },
    handler: async (request, reply) => {
      const renewed = await store.transact(function* () {
        const done = yield* renewPage(request.params.id, randomToken, secretHash);
        if (done.ok) yield* ctx.audited(request, inboxWords.audit.pageRenewed(done.partner.name, done.partner.email));
        return done;
      });
      if (!renewed.ok)
        return renewed.reason === 'missing' ? reply.code(404).send({ error: words.noPartner }) : reply.code(409).send({ error: words.pagePaused });
      return { link: partnerJobsUrl(origin, renewed.token) };
    },
  });

  app.route({
    ...endpoint('POST /partners/:id/page/revoke'),
    config: { access },
    handler: async (request, reply) => {
      const revoked = await store.transact(function* () {
        const partner = yield* revokePage(request.params.id);
        if (partner) yield* ctx.audited(request, inboxWords.audit.pageRevoked(partner.name, partner.email));
        return partner;
      });
      if (!revoked) return reply.code(404).send({ error: words.noPartner });
      return { partner: revoked };
    },
  });
};
