/**
 * The lead server, built by a factory so tests drive it with `inject`: one plugin per concern
 * (security headers, leads, health, export, static site).
 */
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { Channel, LeadStore } from './storage/types.ts';
import { securityHeaders } from './plugins/security.ts';
import { leadsPlugin } from './plugins/leads.ts';
import { healthPlugin } from './plugins/health.ts';
import { exportPlugin } from './plugins/export.ts';
import { staticSite } from './plugins/static.ts';
import { sendFailure } from './responses.ts';

export interface AppOptions {
  store: LeadStore;
  /** Directory of the built site; omit to serve no pages (API-only tests). */
  distDir?: string | undefined;
  channels?: Channel[];
  rateLimit?: { max: number; windowMs: number };
  exportToken?: string | undefined;
  trustProxy?: boolean;
  /** A pino logger; none means silent. */
  logger?: FastifyBaseLogger;
  onLeadStored?: () => void;
}

/** Paths that must never reach the logs. */
export const LOG_REDACT = ['req.headers.authorization', 'req.headers.cookie', '*.contact_name', '*.work_email', '*.phone', 'lead', 'body'];

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    trustProxy: options.trustProxy ?? false,
    // The longest URL and header sizes Node accepts are its defaults; past them it answers 431/414 itself.
    routerOptions: { maxParamLength: 500 },
    return503OnClosing: true,
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const message =
      status === 413
        ? 'The form data is too large. Shorten the project details and try again.'
        : status === 415
          ? 'Send the quote form as application/x-www-form-urlencoded.'
          : status < 500
            ? error.message || 'Bad request.'
            : 'Something went wrong on our side. Please try again.';
    return sendFailure(request, reply, status, message);
  });

  await app.register(securityHeaders);
  await app.register(leadsPlugin, {
    store: options.store,
    channels: options.channels ?? [],
    rateLimit: options.rateLimit ?? { max: 10, windowMs: 600_000 },
    onStored: options.onLeadStored,
  });
  await app.register(healthPlugin, { store: options.store });
  if (options.exportToken) await app.register(exportPlugin, { store: options.store, token: options.exportToken });
  if (options.distDir) await app.register(staticSite, { root: options.distDir });
  return app;
}
