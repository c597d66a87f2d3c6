/**
 * The job app in the inbox. Owners connect ServiceM8 or Fergus (the key is checked with one
 * harmless request before it is kept), replace or disconnect it, and choose whether every won lead
 * is sent. Anyone signed in may send a lead: making the job is the office's daily work, like
 * marking it Won, and the press cannot reveal or change the key; a second press, or two at once,
 * queues nothing more. The Reports count the sends of a period.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobAppAnswer, LeadJobApp } from '../../core/inbox-api/job-app.ts';
import { rangeInstants } from '../leads/range-insight.ts';
import {
  dropConnection,
  jobAppConnection,
  jobAppCounts,
  requestSend,
  saveConnection,
  sendOfLead,
  setSendWon,
  type JobAppConnection,
} from '../storage/job-app-records.ts';
import { addEvent, inboxLead } from '../storage/lead-work.ts';
import type { Work } from '../storage/steps.ts';
import { jobAppClient } from '../jobapp/job-app-client.ts';
import { KeyRefused, JobAppRefused } from '../jobapp/vendor-http.ts';
import { jobAppWords as w } from '../jobapp/job-app-words.ts';
import { inboxWords } from './inbox-words.ts';
import { resolveRange } from './report-routes.ts';
import { endpoint } from './endpoint.ts';
import { BadRequest, Refusal, signedInUser } from './refusals.ts';
import type { InboxContext } from './context.ts';

/** All the inbox shows of a key: its last four characters behind dots. */
export const maskedKey = (hint: string) => `•••• ${hint}`;

function answerOf(c: JobAppConnection | undefined): JobAppAnswer {
  if (!c) return { vendor: null, hint: null, connected_at: null, connected_by: null, send_won: false, refused: null };
  return {
    vendor: c.vendor,
    hint: maskedKey(c.secret_hint),
    connected_at: c.connected_at,
    connected_by: c.connected_by,
    send_won: c.send_won,
    refused: c.refused_at === null ? null : { at: c.refused_at, words: c.refusal ?? '' },
  };
}

/** A lead's send as the lead page shows it (the ids the app returned along the way stay on the server). */
function* leadJobApp(leadId: string): Work<LeadJobApp> {
  const connection = yield* jobAppConnection();
  const send = yield* sendOfLead(leadId);
  return {
    vendor: connection?.vendor ?? null,
    send:
      send === undefined
        ? null
        : {
            vendor: send.vendor,
            state: send.state,
            job_id: send.job_id,
            job_number: send.job_number,
            job_url: send.job_url,
            error: send.error,
            requested_at: send.requested_at,
            requested_by: send.requested_by,
            sent_at: send.sent_at,
          },
  };
}

/**
 * Queues a won lead's job when the owners chose "send every won lead" (the status route calls this
 * in the same unit of work as the change). Spam is never sent.
 */
export function* sendWonLead(leadId: string, byEmail: string): Work<void> {
  const connection = yield* jobAppConnection();
  const lead = yield* inboxLead(leadId);
  if (!connection?.send_won || !lead || lead.spam || lead.status !== 'won') return;
  if (yield* requestSend(leadId, connection.vendor, byEmail)) yield* addEvent(leadId, 'job_app', byEmail, w.events.asked(connection.vendor));
}

export const jobAppRoutes: FastifyPluginAsyncZod<InboxContext> = async (app, ctx) => {
  const { store } = ctx;
  const urls = ctx.jobApp;
  const owner = { access: 'owner' } as const;
  const current = async () => answerOf(await store.read(() => jobAppConnection()));

  app.route({ ...endpoint('GET /job-app'), config: owner, handler: current });

  app.route({
    ...endpoint('PUT /job-app'),
    config: { ...owner, badRequest: { error: w.errors.badKey } },
    handler: async (request) => {
      const { vendor, secret } = request.body;
      // A server built without the apps' addresses (a test's) never reaches out to the real ones.
      if (!urls) throw new Refusal(503, w.errors.notHere);
      try {
        await jobAppClient(vendor, secret, urls).check(AbortSignal.timeout(15_000));
      } catch (error) {
        if (error instanceof KeyRefused || error instanceof JobAppRefused) throw new Refusal(400, w.errors.checkRefused(vendor, error.vendorWords));
        throw new Refusal(502, w.errors.unreachable(vendor, error instanceof Error && error.name !== 'TimeoutError' ? error.message : ''));
      }
      const me = signedInUser(request);
      await store.transact(function* () {
        yield* saveConnection(vendor, secret, me.email);
        yield* ctx.audited(request, w.audit.connected(vendor));
      });
      return current();
    },
  });

  app.route({
    ...endpoint('PATCH /job-app'),
    config: owner,
    handler: async (request, reply) => {
      const { send_won } = request.body;
      const changed = await store.transact(function* () {
        if (!(yield* setSendWon(send_won))) return false;
        yield* ctx.audited(request, w.audit.sendWon(send_won));
        return true;
      });
      return changed ? current() : reply.code(409).send({ error: w.errors.notConnected });
    },
  });

  app.route({
    ...endpoint('DELETE /job-app'),
    config: owner,
    handler: async (request) => {
      await store.transact(function* () {
        const was = yield* dropConnection();
        if (was) yield* ctx.audited(request, w.audit.disconnected(was.vendor));
      });
      return current();
    },
  });

  app.route({
    ...endpoint('GET /leads/:id/job-app'),
    handler: async (request, reply) => {
      const { id } = request.params;
      const found = await store.read(function* () {
        return (yield* inboxLead(id)) ? yield* leadJobApp(id) : undefined;
      });
      return found ?? reply.code(404).send({ error: inboxWords.errors.noLead });
    },
  });

  app.route({
    ...endpoint('POST /leads/:id/job-app'),
    handler: async (request, reply) => {
      const { id } = request.params;
      const me = signedInUser(request);
      const outcome = await store.transact(function* () {
        const lead = yield* inboxLead(id);
        if (!lead) return { status: 404, error: inboxWords.errors.noLead } as const;
        if (lead.spam) return { status: 409, error: w.errors.spam } as const;
        const connection = yield* jobAppConnection();
        if (!connection) return { status: 409, error: w.errors.notConnected } as const;
        if (yield* requestSend(id, connection.vendor, me.email)) {
          yield* addEvent(id, 'job_app', me.email, w.events.asked(connection.vendor));
          yield* ctx.audited(request, w.audit.sent(id, connection.vendor));
        }
        return { answer: yield* leadJobApp(id) } as const;
      });
      return 'answer' in outcome ? outcome.answer : reply.code(outcome.status).send({ error: outcome.error });
    },
  });

  app.route({
    ...endpoint('GET /reports/job-app'),
    config: { badRequest: { error: inboxWords.errors.range } },
    handler: async (request) => {
      const range = resolveRange(request.query, new Date());
      if (!range) throw new BadRequest();
      const { start, end } = rangeInstants(range.from, range.to);
      return store.read(() => jobAppCounts(start, end));
    },
  });
};
