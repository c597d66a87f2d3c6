/**
 * The lead inbox's API under /inbox/api: sessions from the database (so every instance knows
 * them), an Origin check and a CSRF token on every change, roles enforced here and not only in the
 * app, and answers nobody caches or indexes. The routes live beside this file, one file per concern,
 * declared from the contract in core/inbox-api: their schemas validate what comes in and serialise
 * what goes out (fastify-type-provider-zod, set here so only the inbox's routes use it), and a
 * refusal of any kind is answered by this plugin's error handler (refusals.ts).
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { audit } from '../storage/audit-log.ts';
import { createSession, deleteSession, sessionUser } from '../storage/sign-in-data.ts';
import { MemoryRateLimitCounter, RateLimiter } from '../http/rate-limit.ts';
import { isLoopbackHost } from '../http/loopback-host.ts';
import { randomToken, secretHash } from '../security/secrets.ts';
import { inboxWords } from './inbox-words.ts';
import { refusalAnswer } from './refusals.ts';
import { INBOX_PATH, SESSION_COOKIE, SESSION_IDLE_MS, SIGN_IN_LIMIT, type InboxContext, type InboxOptions } from './context.ts';
import { signInRoutes } from './sign-in-routes.ts';
import { passkeyRoutes } from './passkey-routes.ts';
import { peopleRoutes } from './people-routes.ts';
import { leadRoutes } from './lead-routes.ts';
import { reportRoutes } from './report-routes.ts';
import { partnerRoutes } from './partner-routes.ts';
import { partnerPageRoutes } from './partner-page-routes.ts';
import { offerRoutes } from './offer-routes.ts';
import { backupRoutes } from './backup-routes.ts';
import { siteRoutes } from './site-routes.ts';
import { ladderRoutes } from './ladder-routes.ts';
import { callAnswererRoutes } from './call-answerer-routes.ts';
import { pushRoutes } from './push-routes.ts';
import { jobAppRoutes } from './job-app-routes.ts';
import { callLeadRoutes } from './call-lead-routes.ts';
import { reviewRoutes } from './review-routes.ts';
import { fromThisSite, startedElsewhere } from '../http/same-origin.ts';
import { holdsNul } from '../http/nul-guard.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every /inbox answer, the page included: never cached, never indexed. */
export const inboxHeaders = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url === INBOX_PATH || request.url.startsWith(`${INBOX_PATH}/`) || request.url.startsWith(`${INBOX_PATH}?`)) {
        reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow');
      }
      return payload;
    });
  },
  { name: 'inbox-headers' },
);

function sessionHashOf(request: FastifyRequest): string | undefined {
  const id = request.cookies[SESSION_COOKIE];
  return id ? secretHash(id) : undefined;
}

export const inboxPlugin: FastifyPluginAsync<InboxOptions> = async (app: FastifyInstance, options) => {
  const { store } = options;
  const origin = new URL(options.publicOrigin);
  const secureCookies = !(origin.protocol === 'http:' && isLoopbackHost(origin.hostname));
  const sessionIdleMs = options.sessionIdleMs ?? SESSION_IDLE_MS;
  const limit = options.signInLimit ?? SIGN_IN_LIMIT;
  const counter = store.sharedRateLimitCounter?.() ?? new MemoryRateLimitCounter();
  const limiters = new Map<string, RateLimiter>();
  const cookiePath = INBOX_PATH;

  // Fastify's own options (prefix) stay with this plugin: the route files get the inbox's alone.
  const { prefix: _prefix, ...inboxOptions } = options as InboxOptions & { prefix?: string };
  const ctx: InboxContext = {
    ...inboxOptions,
    sessionIdleMs,
    secureCookies,
    async signInAllowed(kind, key) {
      let limiter = limiters.get(kind);
      if (!limiter) limiters.set(kind, (limiter = new RateLimiter(counter, limit.max, limit.windowMs, `inbox-${kind}:`)));
      return limiter.hit(key);
    },
    async startSession(request, reply, user) {
      const id = randomToken();
      // A browser holds one session: one left behind would stay usable to whoever had its cookie.
      const earlier = sessionHashOf(request);
      await store.transact(function* () {
        if (earlier) yield* deleteSession(earlier);
        yield* createSession(secretHash(id), user.id, sessionIdleMs);
      });
      reply.setCookie(SESSION_COOKIE, id, {
        path: cookiePath,
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        maxAge: Math.floor(sessionIdleMs / 1000),
      });
    },
    async endSession(request, reply) {
      const hash = sessionHashOf(request);
      if (hash) await store.transact(() => deleteSession(hash));
      reply.clearCookie(SESSION_COOKIE, { path: cookiePath, httpOnly: true, sameSite: 'lax', secure: secureCookies });
    },
    async record(request, action, detail = '', actorEmail = request.inboxUser?.email ?? null) {
      await store.transact(() => audit({ actor_email: actorEmail, action, detail, ip: request.ip }));
    },
    audited(request, action, detail = '') {
      return audit({ actor_email: request.inboxUser?.email ?? null, action, detail, ip: request.ip });
    },
  };

  await app.register(cookie);
  await app.register(csrf, {
    cookieKey: 'inbox_csrf',
    cookieOpts: { path: cookiePath, httpOnly: true, sameSite: 'strict', secure: secureCookies },
    getToken: (request) => {
      const token = request.headers['x-csrf-token'];
      return Array.isArray(token) ? token[0] : token;
    },
  });
  app.decorateRequest('inboxUser', undefined);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string; validation?: unknown }, request, reply) => {
    const refusal = refusalAnswer(error, request.routeOptions.config.badRequest);
    if (refusal) return reply.code(refusal.status).send(refusal.answer);
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'inbox request failed');
    const message =
      error.code?.startsWith('FST_CSRF') || status === 403
        ? inboxWords.errors.badToken
        : status === 413
          ? inboxWords.errors.tooLarge
          : status < 500
            ? inboxWords.errors.badRequest
            : 'Something went wrong on our side. Please try again.';
    return reply.code(status).send({ error: message });
  });

  // A change must come from the inbox's own origin and carry the CSRF token; otherwise nothing runs.
  // Before that, Fetch Metadata: a browser that says another site started the request (a link, a
  // form, an image, a script) is refused for every route, reads included, because the session
  // cookie travels with a top-level navigation from anywhere. The inbox's own calls say
  // same-origin, an address typed in says none; a client without the header (the CLI, an old
  // browser) falls through to the checks below.
  app.addHook('onRequest', (request, reply, done) => {
    if (startedElsewhere(request.headers)) {
      reply.code(403).send({ error: inboxWords.errors.crossSite });
      return;
    }
    if (SAFE_METHODS.has(request.method)) return done();
    if (!fromThisSite(request.headers, origin.origin) || request.headers.origin !== origin.origin) {
      reply.code(403).send({ error: inboxWords.errors.crossOrigin });
      return;
    }
    app.csrfProtection(request, reply, done);
  });

  app.addHook('preValidation', async (request, reply) => {
    // Query and path values reach queries as they are; bodies are cleaned (or refused) by their schemas.
    if (holdsNul(request.query) || holdsNul(request.params)) return reply.code(400).send({ error: inboxWords.errors.nul });
  });

  // Before validation, so a request nobody may make is refused as such whatever its body.
  app.addHook('preValidation', async (request, reply) => {
    const hash = sessionHashOf(request);
    request.inboxUser = hash ? await store.transact(() => sessionUser(hash, sessionIdleMs)) : undefined;
    const access = request.routeOptions.config.access ?? 'user';
    if (access === 'public') return;
    if (!request.inboxUser) return reply.code(401).send({ error: inboxWords.errors.signedOut });
    if (access === 'owner' && request.inboxUser.role !== 'owner') return reply.code(403).send({ error: inboxWords.errors.ownersOnly });
  });

  await app.register(signInRoutes, ctx);
  await app.register(passkeyRoutes, ctx);
  await app.register(peopleRoutes, ctx);
  await app.register(leadRoutes, ctx);
  await app.register(reportRoutes, ctx);
  await app.register(partnerRoutes, ctx);
  await app.register(partnerPageRoutes, ctx);
  await app.register(offerRoutes, ctx);
  await app.register(backupRoutes, ctx);
  await app.register(siteRoutes, ctx);
  await app.register(ladderRoutes, ctx);
  await app.register(callAnswererRoutes, ctx);
  await app.register(pushRoutes, ctx);
  await app.register(jobAppRoutes, ctx);
  await app.register(callLeadRoutes, ctx);
  await app.register(reviewRoutes, ctx);
};
