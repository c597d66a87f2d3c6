/**
 * GET /healthz: 200 when the database takes a write, with the notification backlog (pending
 * count, age in seconds of the oldest pending job, dead count); 503 when it cannot write.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { LeadStore } from '../../storage/types.ts';

export const healthPlugin: FastifyPluginAsync<{ store: LeadStore }> = async (app, { store }) => {
  app.get('/healthz', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await store.checkWritable();
      const { pending, oldestPendingSeconds, dead } = await store.outboxStatus(0);
      return { ok: true, database: store.kind, outbox: { pending, oldest_pending_seconds: oldestPendingSeconds, dead } };
    } catch (error) {
      request.log.error({ err: error }, 'health check failed');
      return reply.code(503).send({ ok: false, database: store.kind });
    }
  });
};
