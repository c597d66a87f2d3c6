/**
 * Who answers the business's phone line, set by owners: an ordered list for office hours and one
 * for after hours, each a person of the business or a partner with the number to ring. Calls read
 * it as they come in (server/voice/call-flow.ts), where a partner counts only while on call.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnswerersAnswer } from '../../core/inbox-api/call-answerers.ts';
import { saveAnswerers, storedAnswerers } from '../storage/call-records.ts';
import { ladderPeople } from '../storage/ladder-records.ts';
import { listPartners } from '../storage/partner-records.ts';
import { canTakeUrgentNow } from '../dispatch/urgent-rule.ts';
import type { Work } from '../storage/steps.ts';
import { inboxWords } from './inbox-words.ts';
import { endpoint } from './endpoint.ts';
import { Refusal, signedInUser } from './refusals.ts';
import type { InboxContext } from './context.ts';

/** The lists as stored, and everyone who may be on them. */
function* answerersNow(lineOn: boolean): Work<AnswerersAnswer> {
  const lists = yield* storedAnswerers();
  const people = [
    ...(yield* ladderPeople()).map((p) => ({ kind: 'user' as const, id: p.id, name: p.email, phone: p.mobile, on_call: null })),
    ...(yield* listPartners()).map((p) => ({ kind: 'partner' as const, id: p.id, name: p.name, phone: p.phone, on_call: canTakeUrgentNow(p) })),
  ];
  return { office: lists.office, after_hours: lists.after_hours, people, line_on: lineOn };
}

export const callAnswererRoutes: FastifyPluginAsyncZod<InboxContext> = async (app, ctx) => {
  const { store } = ctx;
  const owner = { access: 'owner' } as const;
  const lineOn = ctx.phoneLine === true;

  app.route({ ...endpoint('GET /calls/answerers'), config: owner, handler: async () => store.read(() => answerersNow(lineOn)) });

  app.route({
    ...endpoint('PUT /calls/answerers'),
    config: owner,
    handler: async (request) => {
      const me = signedInUser(request);
      const body = request.body;
      return store.transact(function* () {
        const known = (yield* answerersNow(lineOn)).people;
        const lists = { office: body.office, after_hours: body.after_hours };
        for (const entry of [...lists.office, ...lists.after_hours])
          if (!known.some((p) => p.kind === entry.kind && p.id === entry.id)) throw new Refusal(400, inboxWords.errors.answererGone);
        yield* saveAnswerers(lists, me.id);
        yield* ctx.audited(request, inboxWords.audit.answerersChanged);
        return yield* answerersNow(lineOn);
      });
    },
  });
};
