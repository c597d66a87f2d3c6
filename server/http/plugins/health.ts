/**
 * GET /healthz: 200 when the database takes a write, with the notification backlog (pending
 * count, age in seconds of the oldest pending job, dead count) and, when scheduled backups are on,
 * the newest backup and the latest attempt's failure; 503 when it cannot write. A failed backup
 * does not make the server unhealthy: it still takes leads, and the failure is there to alert on.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { LeadStore } from '../../storage/types.ts';
import type { BackupState } from '../../backup/schedule.ts';

/** How long one check's answer is served again: anyone may call /healthz, and each check writes a row. */
export const HEALTH_CACHE_MS = 1_000;

export interface HealthOptions {
  store: LeadStore;
  cacheMs?: number;
  /** The scheduled backups' state, when they are on. */
  backups?: (() => BackupState) | undefined;
}

interface BackupBody {
  last: { file: string; at: string; bytes: number } | null;
  failure: { at: string; error: string } | null;
}

type Health =
  | { status: 200; body: { ok: true; database: string; outbox: { pending: number; oldest_pending_seconds: number | null; dead: number }; backup?: BackupBody } }
  | { status: 503; body: { ok: false; database: string }; error: unknown };

export const healthPlugin: FastifyPluginAsync<HealthOptions> = async (app, { store, cacheMs = HEALTH_CACHE_MS, backups }) => {
  async function check(): Promise<Health> {
    try {
      await store.checkWritable();
      const { pending, oldestPendingSeconds, dead } = await store.outboxStatus(0);
      const outbox = { pending, oldest_pending_seconds: oldestPendingSeconds, dead };
      const backup = backups?.();
      return {
        status: 200,
        body: { ok: true, database: store.kind, outbox, ...(backup ? { backup: { last: backup.last, failure: backup.failure } } : {}) },
      };
    } catch (error) {
      return { status: 503, body: { ok: false, database: store.kind }, error };
    }
  }
  // Calls that arrive together share one check; a good answer stands for `cacheMs` after it ends,
  // a failure for no longer than the check itself, so recovery shows at once.
  let latest: { result: Promise<Health>; until: number } | undefined;

  app.get('/healthz', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!latest || latest.until <= Date.now()) {
      const entry = { result: check(), until: Number.POSITIVE_INFINITY };
      latest = entry;
      void entry.result.then((health) => (entry.until = health.status === 200 ? Date.now() + cacheMs : 0));
    }
    const health = await latest.result;
    if (health.status === 503) request.log.error({ err: health.error }, 'health check failed');
    return reply.code(health.status).send(health.body);
  });
};
