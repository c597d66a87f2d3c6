/**
 * Calls in the inbox: a lead's calls (who was rung, for how long, who answered, the voicemail and
 * its transcript), the voicemail played through the server, an owner's deletion of one, and the
 * Reports' calls. The voicemail is Twilio's: the server fetches it with the account's credentials
 * as a signed-in person plays it and passes it straight on, marked never to be kept; the browser
 * never learns Twilio's address for it, and nothing of it is written to disk or cache here.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LeadCall } from '../../core/inbox-api/call-lead-api.ts';
import { callBySid, callsOfLead, legsOfCall } from '../storage/call-records.ts';
import { deleteCallRecording } from '../storage/call-recordings.ts';
import { inboxLead, removeEvents } from '../storage/lead-work.ts';
import type { Work } from '../storage/steps.ts';
import { callReportFor } from '../voice/call-report.ts';
import { voiceWords } from '../voice/voice-words.ts';
import { endpoint } from './endpoint.ts';
import { inboxWords } from './inbox-words.ts';
import { BadRequest, Refusal } from './refusals.ts';
import { resolveRange } from './report-routes.ts';
import type { InboxContext } from './context.ts';

const e = inboxWords.errors;
/** How long the server waits for Twilio to start sending a voicemail before it says to try again. */
const FETCH_WITHIN_MS = 15_000;
/** A Range header as a browser's audio player sends it: one range of bytes. */
const BYTE_RANGE = /^bytes=\d{0,15}-\d{0,15}$/;

/** A lead's calls as the inbox shows them; undefined when there is no such lead. */
function* callsForLead(leadId: string): Work<{ calls: LeadCall[] } | undefined> {
  if (!(yield* inboxLead(leadId))) return undefined;
  const calls: LeadCall[] = [];
  for (const call of yield* callsOfLead(leadId)) {
    const legs = yield* legsOfCall(call.sid);
    calls.push({
      sid: call.sid,
      started_at: call.started_at,
      ended_at: call.ended_at,
      dialled: call.dialled,
      source: call.source,
      status: call.status,
      after_hours: call.after_hours,
      answered_by: call.answered_name,
      talk_seconds: call.talk_seconds,
      rung: legs.map((l) => ({ name: l.name, seconds: Math.max(0, Math.round(((l.ended_at ?? l.started_at) - l.started_at) / 1000)), result: l.result })),
      voicemail_seconds: call.recording_sid ? call.recording_seconds : null,
      transcript: call.transcript,
    });
  }
  return { calls };
}

export const callLeadRoutes: FastifyPluginAsyncZod<InboxContext> = async (app, ctx) => {
  const { store } = ctx;

  app.route({
    ...endpoint('GET /leads/:id/calls'),
    handler: async (request) => {
      const calls = await store.read(() => callsForLead(request.params.id));
      if (!calls) throw new Refusal(404, e.noLead);
      return calls;
    },
  });

  app.route({
    ...endpoint('GET /calls/:sid/recording'),
    handler: async (request, reply) => {
      const call = await store.read(() => callBySid(request.params.sid));
      if (!call?.recording_sid || !call.lead_id || !ctx.recordings) throw new Refusal(404, e.noRecording);
      const asked = request.headers.range;
      const range = typeof asked === 'string' && BYTE_RANGE.test(asked) ? asked : undefined;
      const upstream = await ctx.recordings.audio(call.recording_sid, range, AbortSignal.timeout(FETCH_WITHIN_MS)).catch(() => undefined);
      if (upstream?.status === 404) throw new Refusal(404, e.noRecording);
      if (!upstream?.body || (upstream.status !== 200 && upstream.status !== 206)) {
        await upstream?.body?.cancel();
        throw new Refusal(502, e.recordingUnavailable);
      }
      reply
        .code(upstream.status)
        .type('audio/mpeg')
        .header('Cache-Control', 'no-store, private')
        .header('Content-Disposition', 'inline')
        .header('Accept-Ranges', 'bytes');
      for (const name of ['content-length', 'content-range']) {
        const value = upstream.headers.get(name);
        if (value) reply.header(name, value);
      }
      return reply.send(Readable.fromWeb(upstream.body as NodeReadableStream<Uint8Array>));
    },
  });

  app.route({
    ...endpoint('DELETE /calls/:sid/recording'),
    config: { access: 'owner' },
    handler: async (request) => {
      const answer = await store.transact(function* () {
        const gone = yield* deleteCallRecording(request.params.sid);
        if (!gone?.leadId) return undefined;
        // The transcript goes with the recording: the timeline's copy of it too.
        if (gone.transcript) yield* removeEvents(gone.leadId, 'customer', voiceWords.events.transcript(gone.transcript));
        yield* ctx.audited(request, inboxWords.audit.recordingDeleted(gone.leadId));
        return yield* callsForLead(gone.leadId);
      });
      if (!answer) throw new Refusal(404, e.noRecording);
      return answer;
    },
  });

  app.route({
    ...endpoint('GET /reports/calls'),
    config: { badRequest: { error: e.range } },
    handler: async (request) => {
      const range = resolveRange(request.query, new Date());
      if (!range) throw new BadRequest();
      return callReportFor(store, range.from, range.to);
    },
  });
};
