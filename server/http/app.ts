/**
 * The lead server, built by a factory so tests drive it with `inject`: one plugin per concern
 * (security headers, leads, visit beacon, health, export, static site).
 */
import { DEFAULTS } from '../config.ts';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { LeadStore } from '../storage/types.ts';
import type { LeadPurpose } from '../storage/purposes.ts';
import { securityHeaders, securityHeaderValues } from './plugins/security.ts';
import { methodsPlugin } from './plugins/methods.ts';
import { leadsPlugin } from './plugins/quote-form.ts';
import { healthPlugin, type HealthOptions } from './plugins/health.ts';
import { exportPlugin } from './plugins/export.ts';
import { staticSite } from './plugins/static.ts';
import { visitBeaconPlugin } from './plugins/visit-beacon.ts';
import type { PageKind } from '../../core/visit/beacon-fields.ts';
import { inboxHeaders, inboxPlugin } from '../inbox/plugin.ts';
import type { InboxOptions } from '../inbox/context.ts';
import { partnerPagePlugin } from '../partners/partner-page.ts';
import { jobsPagePlugin } from '../partners/jobs-page.ts';
import { INBOX_API_PREFIX } from '../../core/inbox-links.ts';
import { sendFailure } from './error-pages.ts';
import { LiveSite } from '../site/live-site.ts';
import { previewPagePlugin } from '../site/preview-page.ts';
import { LOG_SERIALIZERS } from './log-redaction.ts';
import { RequestLogController } from './request-log.ts';
import { twilioRoutes } from '../sms/twilio-routes.ts';
import { voiceRoutes, type VoiceRoutesOptions } from '../voice/voice-routes.ts';
import { ladderAckPlugin } from './plugins/ladder-ack.ts';
import { reviewLinkPlugin } from '../reviews/review-links.ts';
import { ladderCallRoutes } from '../voice/ladder-call.ts';
import { businessDetailsScope } from './plugins/business-details-scope.ts';
import { withBusinessDetails } from '../../core/business.ts';
import type { BusinessDetails } from '../../core/business-details.ts';

export interface AppOptions {
  store: LeadStore;
  /** Directory of the built site; omit to serve no pages (API-only tests). */
  distDir?: string | undefined;
  /** The site being served, when the caller swaps new builds in (the site editor); made from distDir otherwise. */
  site?: LiveSite | undefined;
  leadPurposes?: LeadPurpose[];
  rateLimit?: { max: number; windowMs: number };
  exportToken?: string | undefined;
  /** Delay before a refused export attempt's 401 (default EXPORT_FAILURE_DELAY_MS). */
  exportFailureDelayMs?: number;
  /** Wrong export tokens per address and window before 429 (default EXPORT_FAILURE_LIMIT). */
  exportFailureLimit?: { max: number; windowMs: number };
  /** How long one health check's answer is reused (default HEALTH_CACHE_MS). */
  healthCacheMs?: number;
  /** The scheduled backups' state for /healthz; omit when they are off. */
  backups?: HealthOptions['backups'];
  /** Proxies in front: how many, or their addresses/CIDRs (see parseTrustProxy); false for none. */
  trustProxy?: false | number | string[];
  /** Strict-Transport-Security on every response (default on). */
  hsts?: boolean;
  /** Connection limits; the defaults are SERVER_TIMEOUTS (tests shorten them). */
  timeouts?: Partial<ServerTimeouts>;
  /** The window in which the same form data is stored once (default 10 minutes). */
  repeatWindowMs?: number;
  /** A pino logger; none means silent. Whatever logger is given, request URLs and errors are redacted (log-redaction.ts). */
  logger?: FastifyBaseLogger;
  /** Whether urgent leads are dispatched to on-call partners (their dispatch job is queued with them). */
  dispatch?: boolean;
  /** The visit beacon: the pages it counts (default: the build's list) and its limits (default DEFAULTS.visits). */
  visits?: {
    pages?: ReadonlyMap<string, PageKind>;
    rateLimit?: { max: number; windowMs: number };
    flushMs?: number;
    rememberedVisitors?: number;
    pendingRows?: number;
  };
  /** The lead inbox at /inbox (its API under /inbox/api); omit for no inbox. */
  inbox?: Omit<InboxOptions, 'store' | 'leadPurposes'> | undefined;
  /** Text messages through Twilio: its callbacks are served (signed with this auth token, over PUBLIC_ORIGIN's URLs). */
  texts?: { authToken: string; publicOrigin: string } | undefined;
  /** The business's phone line through Twilio: calls to these numbers are answered (signed as the texts' callbacks); omit and no such route answers. */
  phoneLine?: Omit<VoiceRoutesOptions, 'store' | 'leadPurposes'> | undefined;
  /** The business details of the version served now, which the e-mails, texts and pages the server writes state; the release's when omitted. */
  businessDetails?: () => BusinessDetails | undefined;
  /** Told of every route as it is registered (Fastify's onRoute hook, added before any route): tests list the routes to attack. */
  onRoute?: (route: { method: string | readonly string[]; url: string }) => void;
}

export interface ServerTimeouts {
  /** The whole header block must arrive within this; then 408 and the socket is closed. */
  headersMs: number;
  /** The whole request, body included, must arrive within this; then 408 and the socket is closed. */
  requestMs: number;
  /** How often Node checks those two deadlines: a slow socket is cut at most this much after one. */
  checkIntervalMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** On shutdown, connections still open after this are closed, whatever they are doing. */
  closeGraceMs: number;
}

/**
 * A browser sends its headers in one packet and the quote form (32 KB at most) in well under a
 * second even on a poor mobile link; a client still sending after 20 s is not a browser. A slow
 * socket is cut within 22 s. Keep-alive outlasts the usual 60 s idle timeout of proxies in front,
 * so they never reuse a connection the server is closing.
 */
export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 20_000,
  checkIntervalMs: 2_000,
  keepAliveMs: 65_000,
  closeGraceMs: 5_000,
};
/** Node's defaults, set here so they are a decision: 16 KiB of headers, at most 100 of them. */
export const HEADER_LIMITS = { maxHeaderSize: 16 * 1024, maxHeadersCount: 100 };

/**
 * Fastify refuses a bare hop count (it cannot check the nearest peer), so a count becomes "trust
 * the nearest N hops": the client is the address the outermost trusted proxy saw. That is right
 * when the server is reachable only through the proxies (HOST=127.0.0.1 behind a local nginx).
 */
function trustProxyOption(trust: false | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const businessDetails = options.businessDetails ?? (() => undefined);
  const app = Fastify({
    // A child with the redacting serializers, so a logger made without them (a test's) still
    // never logs a request's secrets; Fastify lets the logger's serializers win over its own.
    ...(options.logger ? { loggerInstance: options.logger.child({}, { serializers: LOG_SERIALIZERS }) } : { logger: false }),
    logController: new RequestLogController(),
    trustProxy: trustProxyOption(options.trustProxy ?? false),
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs, maxHeaderSize: HEADER_LIMITS.maxHeaderSize },
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // No cap on requests per keep-alive connection: past a cap Node answers 503 instead of closing,
    // and a proxy that keeps its upstream connections open would pass that 503 to a visitor's quote.
    // Idle connections still close after keepAliveMs.
    maxRequestsPerSocket: 0,
    // The longest URL and header sizes Node accepts are its defaults; past them it answers 431/414 itself.
    routerOptions: { maxParamLength: 500 },
    return503OnClosing: true,
    // A path that cannot be percent-decoded never reaches the hooks (the onSend hook with the
    // security headers included, and the one that states the served business details), so its 400
    // sets them itself.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      reply.headers(securityHeaderValues('text/html', options.hsts ?? true));
      return withBusinessDetails(businessDetails(), () => sendFailure(request, reply, status, 'That address is not valid.'));
    },
    // Node refuses some requests before Fastify sees them (headers too large, a timeout, bytes that
    // are not HTTP); those answers carry the same security headers as every other.
    clientErrorHandler: (error: NodeJS.ErrnoException, socket) => {
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const reason = status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
      if (socket.writable && !socket.destroyed) {
        const body = `${reason}\n`;
        const headers = {
          ...securityHeaderValues('text/plain', options.hsts ?? true),
          'Content-Type': 'text/plain; charset=utf-8',
          'Content-Length': String(Buffer.byteLength(body)),
          Connection: 'close',
        };
        socket.end(
          `HTTP/1.1 ${status} ${reason}\r\n${Object.entries(headers)
            .map(([k, v]) => `${k}: ${v}`)
            .join('\r\n')}\r\n\r\n${body}`,
        );
      } else socket.destroy(error);
    },
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Before any other hook, so every hook and handler states the same version's details.
  await app.register(businessDetailsScope, { current: businessDetails });

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

  app.server.maxHeadersCount = HEADER_LIMITS.maxHeadersCount;
  // A socket trickling bytes holds server.close() until its deadline; shutdown waits only so long.
  app.addHook('preClose', async () => {
    setTimeout(() => app.server.closeAllConnections(), timeouts.closeGraceMs).unref();
  });

  const site = options.site ?? (options.distDir ? new LiveSite(options.distDir) : undefined);
  // A getter: the shell comes from whichever build is being served.
  app.decorate('pageShell', { getter: () => site?.pageShell });
  await app.register(securityHeaders, { hsts: options.hsts ?? true });
  await app.register(methodsPlugin);
  await app.register(leadsPlugin, {
    store: options.store,
    leadPurposes: options.leadPurposes ?? [],
    rateLimit: options.rateLimit ?? DEFAULTS.rateLimit,
    dispatch: options.dispatch,
    ...(options.repeatWindowMs === undefined ? {} : { repeatWindowMs: options.repeatWindowMs }),
  });
  await app.register(visitBeaconPlugin, {
    ...DEFAULTS.visits,
    ...options.visits,
    store: options.store,
    pages: options.visits?.pages ?? site?.pages ?? new Map(),
  });
  await app.register(healthPlugin, {
    store: options.store,
    backups: options.backups,
    ...(options.healthCacheMs === undefined ? {} : { cacheMs: options.healthCacheMs }),
  });
  if (options.exportToken) {
    await app.register(exportPlugin, {
      store: options.store,
      token: options.exportToken,
      failureDelayMs: options.exportFailureDelayMs,
      failureLimit: options.exportFailureLimit,
    });
  }
  await app.register(inboxHeaders);
  if (options.inbox) {
    await app.register(inboxPlugin, {
      ...options.inbox,
      backups: options.backups,
      store: options.store,
      leadPurposes: options.leadPurposes ?? [],
      prefix: INBOX_API_PREFIX,
    });
    await app.register(partnerPagePlugin, {
      store: options.store,
      publicOrigin: options.inbox.publicOrigin,
      // The visitor is told who will contact them only where they were acknowledged at all.
      introduce: (options.leadPurposes ?? []).includes('acknowledgement'),
    });
    await app.register(jobsPagePlugin, { store: options.store, publicOrigin: options.inbox.publicOrigin });
    await app.register(ladderAckPlugin, { store: options.store, publicOrigin: options.inbox.publicOrigin });
    await app.register(reviewLinkPlugin, { store: options.store });
    if (options.inbox.site) await app.register(previewPagePlugin, { store: options.store, site: options.inbox.site });
  }
  if (options.texts)
    await app.register(twilioRoutes, {
      ...options.texts,
      store: options.store,
      introduce: (options.leadPurposes ?? []).includes('acknowledgement'),
    });
  if (options.phoneLine) {
    await app.register(voiceRoutes, { ...options.phoneLine, store: options.store, leadPurposes: options.leadPurposes ?? [] });
    // The escalation ladder's calls go from the same line, and their key comes back signed the same way.
    await app.register(ladderCallRoutes, { authToken: options.phoneLine.authToken, publicOrigin: options.phoneLine.publicOrigin, store: options.store });
  }
  if (site) await app.register(staticSite, { site });
  return app;
}
