/**
 * The escalation ladder in the inbox: each person's own mobile (theirs alone to set), the owners'
 * ladder (owners only), and "I've got this" on a lead whose ladder runs (owners and staff alike:
 * whoever takes the job at night).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nzMobileE164 } from '../../core/partner/nz-mobile.ts';
import { openJobStatuses } from '../../core/lead/status.ts';
import type { LadderAnswer } from '../../core/inbox-api/ladder-api.ts';
import { clearPolicy, leadsWithRunningLadders, personById, savePolicy, setMobile, type LadderPerson } from '../storage/ladder-records.ts';
import { acknowledgeLadder, ladderChannelsOn, ladderPolicy, ladderStanding } from '../dispatch/ladder.ts';
import type { Work } from '../storage/steps.ts';
import { inboxWords } from './inbox-words.ts';
import { endpoint } from './endpoint.ts';
import { Refusal, signedInUser } from './refusals.ts';
import type { InboxContext } from './context.ts';

const e = inboxWords.errors;

const personOut = (p: LadderPerson) => ({ id: p.id, email: p.email, role: p.role, has_mobile: nzMobileE164(p.mobile) !== null });

/** The ladder as it would run now: the default's texts and calls only to owners who have a mobile to take them. */
function* ladderAnswerNow(): Work<LadderAnswer> {
  const { policy, custom, people } = yield* ladderPolicy();
  const out = people.map(personOut);
  const steps = custom ? policy.steps : policy.steps.filter((s) => s.channel === 'push' || out.some((p) => p.id === s.user_id && p.has_mobile));
  return { ...policy, steps, custom, people: out, channels: ladderChannelsOn() };
}

export const ladderRoutes: FastifyPluginAsyncZod<InboxContext> = async (app, ctx) => {
  const { store } = ctx;
  const owner = { access: 'owner' } as const;

  const profile = async (id: string) => {
    const me = await store.read(() => personById(id));
    if (!me) throw new Refusal(401, e.signedOut);
    return { id: me.id, email: me.email, role: me.role, mobile: me.mobile };
  };

  app.route({ ...endpoint('GET /profile'), handler: async (request) => profile(signedInUser(request).id) });

  app.route({
    ...endpoint('PUT /profile/mobile'),
    config: { badRequest: { field: 'mobile' } },
    handler: async (request) => {
      const me = signedInUser(request);
      const { mobile } = request.body;
      await store.transact(function* () {
        if (!(yield* setMobile(me.id, mobile))) return;
        yield* ctx.audited(request, inboxWords.audit.mobileChanged(me.email, mobile !== ''));
      });
      return profile(me.id);
    },
  });

  app.route({ ...endpoint('GET /ladder'), config: owner, handler: async () => store.read(() => ladderAnswerNow()) });

  app.route({
    ...endpoint('PUT /ladder'),
    config: owner,
    handler: async (request) => {
      const me = signedInUser(request);
      const body = request.body;
      return store.transact(function* () {
        const { people } = yield* ladderPolicy();
        for (const step of body.steps) {
          const person = people.find((p) => p.id === step.user_id);
          if (!person) throw new Refusal(400, e.ladderNoPerson);
          if (step.channel !== 'push' && !nzMobileE164(person.mobile)) throw new Refusal(400, e.ladderNoMobile(person.email));
          if (step.channel === 'voice' && !ladderChannelsOn().includes('voice')) throw new Refusal(400, e.ladderNoCalls);
        }
        yield* savePolicy(body, me.id);
        yield* ctx.audited(request, inboxWords.audit.ladderChanged);
        return yield* ladderAnswerNow();
      });
    },
  });

  app.route({
    ...endpoint('DELETE /ladder'),
    config: owner,
    handler: async (request) =>
      store.transact(function* () {
        yield* clearPolicy();
        yield* ctx.audited(request, inboxWords.audit.ladderReset);
        return yield* ladderAnswerNow();
      }),
  });

  app.route({
    ...endpoint('GET /ladders/running'),
    handler: async () => ({ lead_ids: await store.read(() => leadsWithRunningLadders(openJobStatuses)) }),
  });

  app.route({
    ...endpoint('GET /leads/:id/ladder'),
    handler: async (request) => {
      const standing = await store.read(() => ladderStanding(request.params.id));
      return { running: standing?.running ?? false, acknowledged_by: standing?.acknowledgedBy ?? null, acknowledged_at: standing?.acknowledgedAt ?? null };
    },
  });

  app.route({
    ...endpoint('POST /leads/:id/acknowledge'),
    handler: async (request, reply) => {
      const me = signedInUser(request);
      const outcome = await store.transact(() => acknowledgeLadder(request.params.id, me.id, 'inbox'));
      if (outcome.kind === 'acknowledged') return { acknowledged_by: me.email };
      if (outcome.kind === 'already') return outcome.mine ? { acknowledged_by: me.email } : reply.code(409).send({ error: e.ladderAlready(outcome.by) });
      return reply.code(409).send({ error: e.ladderEnded });
    },
  });
};
