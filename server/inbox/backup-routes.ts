/**
 * The scheduled backups for owners: the newest backup's time and size and the latest attempt's
 * failure, the same state /healthz reports, so the owner sees on their own screen that the
 * database is being copied (or that it is not). Null when this server takes no scheduled backups.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from './endpoint.ts';
import type { InboxContext } from './context.ts';

export const backupRoutes: FastifyPluginAsyncZod<InboxContext> = async (app, ctx) => {
  app.route({
    ...endpoint('GET /backups'),
    config: { access: 'owner' },
    handler: async () => {
      const state = ctx.backups?.();
      return { backups: state ? { last: state.last, failure: state.failure } : null };
    },
  });
};
