/**
 * The business's partners: everyone in the inbox reads the list (staff offer jobs to them) with the
 * order in which on-call partners are tried, owners add, change, pause and remove them and upload
 * the partner spreadsheet (read as the command line's import reads it: all or nothing, the bad line
 * named). Every change goes in the audit log. Pausing or removing a
 * partner ends their offers still waiting, in the same transaction, so their links can no longer
 * take a job; urgent work goes on to the next on-call partner at once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { partnerSheetLimits } from '../../core/partner/kinds.ts';
import { NOT_A_MOBILE, textsCanReach } from '../../core/partner/texts.ts';
import { addPartner, changePartner, importPartners, listPartners, partnerById, removePartner } from '../storage/partner-records.ts';
import { onCallOrder, onCallRoster } from '../dispatch/on-call-roster.ts';
import { endOpenOffers } from '../dispatch/partner-offers.ts';
import { partnerWords } from '../partners/partner-words.ts';
import { readPartnerCsv } from '../partners/partner-import.ts';
import { BadRequest, Refusal } from './refusals.ts';
import { inboxWords } from './inbox-words.ts';
import { endpoint } from './endpoint.ts';
import type { InboxContext } from './context.ts';

/** The most an upload's request may weigh: the spreadsheet's text as JSON, escapes and all. */
const IMPORT_BODY_BYTES = 1024 * 1024;

export const partnerRoutes: FastifyPluginAsyncZod<InboxContext> = async (app, ctx) => {
  const { store } = ctx;
  const access = 'owner';
  const words = inboxWords.errors;

  app.route({
    ...endpoint('GET /partners'),
    handler: async () =>
      store.read(function* () {
        const partners = yield* listPartners();
        return { partners, on_call_order: yield* onCallOrder(partners), roster: onCallRoster(partners) };
      }),
  });

  app.route({
    ...endpoint('POST /partners'),
    config: { access },
    handler: async (request, reply) => {
      const added = await store.transact(function* () {
        const partner = yield* addPartner(request.body);
        if (partner) yield* ctx.audited(request, inboxWords.audit.partnerAdded(partner.name, partner.email));
        return partner;
      });
      if (!added) return reply.code(409).send({ error: words.partnerExists, fields: { email: words.partnerExists } });
      return reply.code(201).send({ partner: added });
    },
  });

  app.route({
    ...endpoint('POST /partners/import'),
    // The contract bounds the text to partnerSheetLimits.chars; this bounds the bytes read before it is parsed.
    bodyLimit: IMPORT_BODY_BYTES,
    config: { access, badRequest: { error: words.importFile } },
    handler: async (request) => {
      const read = readPartnerCsv(request.body.csv);
      if (!read.ok) throw new Refusal(400, words.importRefused(read.problem));
      if (read.partners.length > partnerSheetLimits.partners) throw new Refusal(400, words.importRefused(words.importTooMany(partnerSheetLimits.partners)));
      return store.transact(function* () {
        const counts = yield* importPartners(read.partners);
        yield* ctx.audited(request, inboxWords.audit.partnersImported(counts.added, counts.updated), inboxWords.audit.uploaded);
        return counts;
      });
    },
  });

  app.route({
    ...endpoint('PATCH /partners/:id'),
    config: { access },
    handler: async (request, reply) => {
      const changed = await store.transact(function* () {
        // Judged on the partner as the change would leave them: a new landline alone can end texts' reach too.
        const current = yield* partnerById(request.params.id);
        const { sms = current?.sms, phone = current?.phone } = request.body;
        if (current && !textsCanReach({ sms, phone })) throw new BadRequest('phone', NOT_A_MOBILE);
        const done = yield* changePartner(request.params.id, request.body);
        if (!done.ok) return done;
        const { id, name, email, paused } = done.partner;
        if (paused) yield* endOpenOffers({ partnerId: id }, 'partner_paused', (p) => partnerWords.events.partnerPaused(p.name));
        yield* ctx.audited(request, inboxWords.audit.partnerChanged(name, email, paused));
        return done;
      });
      if (!changed.ok)
        return changed.reason === 'missing'
          ? reply.code(404).send({ error: words.noPartner })
          : reply.code(409).send({ error: words.partnerExists, fields: { email: words.partnerExists } });
      return { partner: changed.partner };
    },
  });

  app.route({
    ...endpoint('DELETE /partners/:id'),
    config: { access },
    handler: async (request, reply) => {
      const removed = await store.transact(function* () {
        const gone = yield* removePartner(request.params.id);
        if (!gone) return undefined;
        yield* endOpenOffers({ partnerId: gone.id }, 'partner_removed', (p) => partnerWords.events.partnerRemoved(p.name));
        yield* ctx.audited(request, inboxWords.audit.partnerRemoved(gone.name, gone.email));
        return gone;
      });
      if (!removed) return reply.code(404).send({ error: words.noPartner });
      return { ok: true as const };
    },
  });
};
