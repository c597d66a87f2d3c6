/**
 * Offering a lead to partners from its page (owners and staff): the partners who match it, fairest
 * first and why, the offers made with their answers, who holds the job, "Offer to NAME", whose
 * e-mail the outbox sends, and "Withdraw" on an offer still waiting (urgent work then goes on to the
 * next on-call partner at once). Each offer says how it went to its partner (e-mail, text) and what
 * became of each, read with the offers in the same unit of work.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OfferChannel, OfferSummary, TriedOutcomeName } from '../../core/inbox-api/offers.ts';
import { inboxLead } from '../storage/lead-work.ts';
import { makeOffer, suggestPartners, withdrawOffer, type TriedOutcome } from '../dispatch/partner-offers.ts';
import { offersOfLead, type Offer } from '../storage/offer-records.ts';
import { offerChannels } from '../storage/offer-channels.ts';
import { partnerWords } from '../partners/partner-words.ts';
import { inboxWords } from './inbox-words.ts';
import { endpoint } from './endpoint.ts';
import { signedInUser } from './refusals.ts';
import type { InboxContext } from './context.ts';
import { acceptWindows } from '../../core/inbox-api/offers.ts';

function summary(offer: Offer, partnerName: string, channels: ReadonlyMap<string, OfferChannel[]>): OfferSummary {
  const { id, created_at, expires_at, answered_at, decline_reason, end_reason, on_site_at, quote_sent_at, accepted_at } = offer;
  const state = offer.state === 'open' && offer.expired ? 'expired' : offer.state;
  return {
    id,
    partner_name: partnerName,
    state,
    created_at,
    expires_at,
    answered_at,
    decline_reason,
    end_reason,
    on_site_at,
    quote_sent_at,
    accepted_at,
    channels: channels.get(id) ?? [],
  };
}

/** An offer that did not arrive says which way failed when its text bounced. */
function triedName(outcome: TriedOutcome, channels: readonly OfferChannel[] | undefined): TriedOutcomeName {
  return outcome === 'undelivered' && channels?.some((c) => c.channel === 'text' && c.state === 'failed') ? 'text_undelivered' : outcome;
}

export const offerRoutes: FastifyPluginAsyncZod<InboxContext> = async (app, ctx) => {
  const { store } = ctx;

  app.route({
    ...endpoint('GET /leads/:id/partners'),
    handler: async (request, reply) => {
      const found = await store.read(function* () {
        const lead = yield* inboxLead(request.params.id);
        if (!lead) return undefined;
        return {
          suggestions: yield* suggestPartners(lead, { withTried: true }),
          offers: yield* offersOfLead(lead.id),
          channels: yield* offerChannels(lead.id),
        };
      });
      if (!found) return reply.code(404).send({ error: inboxWords.errors.noLead });
      const holder = found.offers.find((o) => o.offer.state === 'accepted');
      return {
        suggestions: found.suggestions.map((s) => ({
          partner_id: s.partner.id,
          name: s.partner.name,
          why: inboxWords.matches(s.region, s.service),
          last_offered_at: s.last_offered_at,
          on_call_now: s.partner.on_call_now,
          tried: s.tried && { outcome: triedName(s.tried.outcome, found.channels.get(s.tried.offer_id)), offered_at: s.tried.offered_at },
        })),
        offers: found.offers.map((o) => summary(o.offer, o.partner.name, found.channels)),
        holder: holder?.partner.name ?? null,
      };
    },
  });

  app.route({
    ...endpoint('POST /leads/:id/offers'),
    handler: async (request, reply) => {
      const by = signedInUser(request).email;
      const made = await store.transact(function* () {
        // At night an e-mail wakes nobody: an urgent lead goes by text too, where this server sends texts.
        const urgent = (yield* inboxLead(request.params.id))?.urgent === true;
        const offer = yield* makeOffer(
          request.params.id,
          request.body.partner_id,
          by,
          (p) => partnerWords.events.offered(p.name),
          request.body.accept_within && acceptWindows[request.body.accept_within].ms,
          { texts: ctx.texts === true && urgent },
        );
        if (!offer.ok) return offer;
        yield* ctx.audited(request, inboxWords.audit.offered(request.params.id, offer.partner.name));
        return { ...offer, channels: yield* offerChannels(request.params.id) };
      });
      if (!made.ok) return reply.code(made.reason === 'no_lead' ? 404 : 409).send({ error: inboxWords.errors.offerRefused[made.reason] });
      return reply.code(201).send({ offer: summary(made.offer, made.partner.name, made.channels) });
    },
  });

  app.route({
    ...endpoint('POST /leads/:id/offers/:offer/withdraw'),
    handler: async (request, reply) => {
      const by = signedInUser(request).email;
      const { id, offer } = request.params;
      const withdrawn = await store.transact(function* () {
        const done = yield* withdrawOffer(id, offer, by, (p) => partnerWords.events.withdrawn(p.name));
        if (done.ok) yield* ctx.audited(request, inboxWords.audit.withdrawn(id, done.partner.name));
        return done.ok ? { ...done, offer: (yield* offersOfLead(id)).find((o) => o.offer.id === offer)!, channels: yield* offerChannels(id) } : done;
      });
      if (!withdrawn.ok)
        return withdrawn.reason === 'missing'
          ? reply.code(404).send({ error: inboxWords.errors.noOffer })
          : reply.code(409).send({ error: inboxWords.errors.offerAnswered });
      return { offer: summary(withdrawn.offer.offer, withdrawn.partner.name, withdrawn.channels) };
    },
  });
};
