/** GET /healthz: 200 when the database answers, 503 when it does not. */
import type { FastifyPluginAsync } from 'fastify';
import type { LeadStore } from '../storage/types.ts';

export const healthPlugin: FastifyPluginAsync<{ store: LeadStore }> = async (app, { store }) => {
  app.get('/healthz', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await store.ping();
      return { ok: true, database: store.kind };
    } catch (error) {
      request.log.error({ err: error }, 'health check failed');
      return reply.code(503).send({ ok: false, database: store.kind });
    }
  });
};
