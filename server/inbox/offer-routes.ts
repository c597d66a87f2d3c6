/**
 * Offering a lead to partners from its page (owners and staff): the partners who match it, fairest
 * first and why, the offers made with their answers, who holds the job, and "Offer to NAME", whose
 * e-mail the outbox sends.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OfferSummary } from '../../core/inbox-api/offers.ts';
import { inboxLead } from '../storage/lead-work.ts';
import { makeOffer, offersOfLead, suggestPartners, type Offer } from '../storage/partner-offers.ts';
import { partnerWords } from '../partners/partner-words.ts';
import { inboxWords } from './inbox-words.ts';
import { endpoint } from './endpoint.ts';
import { signedInUser } from './refusals.ts';
import type { InboxContext } from './context.ts';

function summary(offer: Offer, partnerName: string, now: number): OfferSummary {
  const { id, created_at, expires_at, answered_at, decline_reason, on_site_at, quote_sent_at } = offer;
  const state = offer.state === 'open' && expires_at <= now ? 'expired' : offer.state;
  return { id, partner_name: partnerName, state, created_at, expires_at, answered_at, decline_reason, on_site_at, quote_sent_at };
}

export const offerRoutes: FastifyPluginAsyncZod<InboxContext> = async (app, ctx) => {
  const { store } = ctx;

  app.route({
    ...endpoint('GET /leads/:id/partners'),
    handler: async (request, reply) => {
      const found = await store.read(function* () {
        const lead = yield* inboxLead(request.params.id);
        if (!lead) return undefined;
        return { suggestions: yield* suggestPartners(lead), offers: yield* offersOfLead(lead.id) };
      });
      if (!found) return reply.code(404).send({ error: inboxWords.errors.noLead });
      const now = Date.now();
      const holder = found.offers.find((o) => o.offer.state === 'accepted');
      return {
        suggestions: found.suggestions.map((s) => ({
          partner_id: s.partner.id,
          name: s.partner.name,
          why: inboxWords.matches(s.region, s.service),
          last_offered_at: s.last_offered_at,
        })),
        offers: found.offers.map((o) => summary(o.offer, o.partner.name, now)),
        holder: holder?.partner.name ?? null,
      };
    },
  });

  app.route({
    ...endpoint('POST /leads/:id/offers'),
    handler: async (request, reply) => {
      const by = signedInUser(request).email;
      const made = await store.transact(() => makeOffer(request.params.id, request.body.partner_id, by, (p) => partnerWords.events.offered(p.name)));
      if (!made.ok) return reply.code(made.reason === 'no_lead' ? 404 : 409).send({ error: inboxWords.errors.offerRefused[made.reason] });
      ctx.onQueued?.();
      await ctx.record(request, inboxWords.audit.offered(request.params.id, made.partner.name));
      return reply.code(201).send({ offer: summary(made.offer, made.partner.name, Date.now()) });
    },
  });
};
