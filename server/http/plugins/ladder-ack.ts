/**
 * The one-tap acknowledgement an escalation alert carries: `POST /ack/TOKEN`, posted by the inbox
 * app's service worker when the person presses "I've got this" on the alert. The token (32 random
 * bytes, kept only as its hash) names the lead, its ladder and the person it was sent to, and is
 * the whole authority: a phone's lock screen has no session to show. It works once the ladder is
 * acknowledged by anyone no more, it is dropped when the ladder ends, and only a request from this
 * site is heard (no page elsewhere can make a phone acknowledge). The token sits in the path, so
 * the request log redacts the segment after `/ack/`.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { LeadStore } from '../../storage/types.ts';
import { secretHash } from '../../security/secrets.ts';
import { ladderLink } from '../../storage/ladder-records.ts';
import { acknowledgeLadder } from '../../dispatch/ladder.ts';
import { ladderWords } from '../../dispatch/ladder-words.ts';
import { ACK_PATH } from '../../outbox/ladder-senders.ts';
import { fromThisSite, startedElsewhere } from '../same-origin.ts';

export interface LadderAckOptions {
  store: LeadStore;
  publicOrigin: string;
}

/** A token as randomToken makes them: 43 URL-safe base64 characters. Anything else is nobody's. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const ladderAckPlugin: FastifyPluginAsync<LadderAckOptions> = async (app, { store, publicOrigin }) => {
  const origin = new URL(publicOrigin).origin;
  app.post<{ Params: { token: string } }>(`${ACK_PATH}/:token`, { bodyLimit: 1024 }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (startedElsewhere(request.headers) || !fromThisSite(request.headers, origin)) return reply.code(403).send({ error: 'Refused: not from this site.' });
    const token = request.params.token;
    if (!TOKEN.test(token)) return reply.code(404).send({ error: ladderWords.link.ended });
    const outcome = await store.transact(function* () {
      const link = yield* ladderLink(secretHash(token));
      if (!link) return undefined;
      return yield* acknowledgeLadder(link.leadId, link.userId, 'push', link.run);
    });
    if (!outcome) return reply.code(404).send({ error: ladderWords.link.ended });
    if (outcome.kind === 'acknowledged') return reply.code(200).send({ ok: true, message: ladderWords.link.done });
    if (outcome.kind === 'already')
      return outcome.mine
        ? reply.code(200).send({ ok: true, message: ladderWords.link.done })
        : reply.code(409).send({ error: ladderWords.link.already(outcome.by) });
    return reply.code(410).send({ error: ladderWords.link.ended });
  });
};
