/**
 * Review requests in the inbox, for owners: where a lead's request stands and skipping it (or
 * asking after all) before anything is sent; the switch that turns requests off and on; and the
 * figures of a range of dates for the Reports (requests sent, links pressed, reminders).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { business } from '../../core/business.ts';
import { nzInstant } from '../../core/nz-time.ts';
import type { LeadReview } from '../../core/inbox-api/reviews.ts';
import { one, type Work } from '../storage/steps.ts';
import { inboxLead } from '../storage/lead-work.ts';
import { reviewFigures, reviewRequestOf, reviewsOn, setReviewsOn, settleRequest, unskipRequest } from '../storage/review-records.ts';
import { askForReview } from '../reviews/review-rules.ts';
import { inboxWords } from './inbox-words.ts';
import { endpoint } from './endpoint.ts';
import { resolveRange } from './report-routes.ts';
import { BadRequest, Refusal, signedInUser } from './refusals.ts';
import type { InboxContext } from './context.ts';

const owner = { access: 'owner' } as const;

/** The lead's request as the lead page shows it; undefined when there is no such lead. */
function* leadReviewOf(leadId: string): Work<LeadReview | undefined> {
  if (!(yield* inboxLead(leadId))) return undefined;
  const request = yield* reviewRequestOf(leadId);
  const job = yield* one("SELECT status, next_attempt_at FROM outbox WHERE lead_id = ? AND purpose = 'review-request'", leadId);
  const queued = !request && job?.status === 'pending';
  const state = request?.state ?? (queued ? 'queued' : 'none');
  return {
    state,
    reason: request?.reason ?? null,
    channel: request?.channel ?? null,
    due: queued ? Number(job.next_attempt_at) : null,
    sent_at: request?.sent_at ?? null,
    reminded_at: request?.reminded_at ?? null,
    pressed_at: request?.pressed_at ?? null,
    presses: request?.presses ?? 0,
    can_skip: state === 'none' || state === 'queued' || state === 'skipped',
  };
}

export const reviewRoutes: FastifyPluginAsyncZod<InboxContext> = async (app, ctx) => {
  const { store } = ctx;
  const noLead = () => new Refusal(404, inboxWords.errors.noLead);

  app.route({
    ...endpoint('GET /leads/:id/review'),
    // Everyone who works the lead may see whether the customer was asked (they may ask on the
    // phone); only owners skip or ask after all.
    handler: async (request) => {
      const answer = await store.read(() => leadReviewOf(request.params.id));
      if (!answer) throw noLead();
      return answer;
    },
  });

  app.route({
    ...endpoint('PUT /leads/:id/review'),
    config: owner,
    handler: async (request) => {
      const me = signedInUser(request);
      const { id } = request.params;
      const { skip } = request.body;
      const answer = await store.transact(function* () {
        const now = yield* leadReviewOf(id);
        if (!now) return undefined;
        if (!now.can_skip) throw new Refusal(409, inboxWords.errors.reviewSent);
        if (skip ? yield* settleRequest(id, 'skipped', { by: me.email }) : yield* unskipRequest(id)) {
          // Asked after all on a lead already won: its request is queued as Won would have.
          if (!skip) yield* askForReview(id, { again: true });
          yield* ctx.audited(request, inboxWords.audit.reviewSkip(id, skip));
        }
        return yield* leadReviewOf(id);
      });
      if (!answer) throw noLead();
      return answer;
    },
  });

  app.route({
    ...endpoint('GET /reports/reviews'),
    config: { ...owner, badRequest: { error: inboxWords.errors.range } },
    handler: async (request) => {
      const range = resolveRange(request.query, new Date());
      if (!range) throw new BadRequest();
      const from = nzInstant(range.from, 0).getTime();
      const to = nzInstant(range.to, 24 * 60).getTime();
      const { on, figures } = await store.read(function* () {
        return { on: yield* reviewsOn(), figures: yield* reviewFigures(from, to) };
      });
      return {
        on,
        place_id_set: Boolean(business.googlePlaceId),
        sent: figures.sent,
        sent_by_text: figures.sentByText,
        pressed: figures.pressed,
        reminded: figures.reminded,
      };
    },
  });

  app.route({
    ...endpoint('PUT /reviews'),
    config: owner,
    handler: async (request) => {
      const { on } = request.body;
      await store.transact(function* () {
        yield* setReviewsOn(on, signedInUser(request).email);
        yield* ctx.audited(request, inboxWords.audit.reviewsOn(on));
      });
      return { on };
    },
  });
};
