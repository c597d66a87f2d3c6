/**
 * POST /visit — the site's visit beacon. Takes only a small, well-formed beacon (413 past its size,
 * 400 when malformed, 415 for another body), limited per address before the body is read, and
 * answers 204 at once: the count goes to memory (visits/visit-tally.ts), never to the database in
 * the request, so a flood of beacons cannot hold up the quote form's inserts. Crawlers, pages that
 * are not the site's own and beacons from other sites are answered the same and not counted.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isbot } from 'isbot';
import { BEACON_MAX_BYTES, BEACON_PATH, pagePath, type PageKind } from '../../../core/visit/beacon-fields.ts';
import { beaconSchema, type BeaconInput } from '../../../core/visit/beacon-schema.ts';
import { leadSource } from '../../../core/lead/arrival.ts';
import { deviceFromUserAgent } from '../../../core/lead/fields.ts';
import { clientKey, MemoryRateLimitCounter, RateLimiter } from '../rate-limit.ts';
import { VisitTally } from '../../visits/visit-tally.ts';
import type { LeadStore } from '../../storage/types.ts';
import { fromThisSite } from '../same-origin.ts';

export interface VisitBeaconOptions {
  store: LeadStore;
  /** The site's pages and their kinds: only these are counted. */
  pages: ReadonlyMap<string, PageKind>;
  rateLimit: { max: number; windowMs: number };
  flushMs: number;
  rememberedVisitors: number;
  pendingRows: number;
}

class Refused extends Error {
  readonly statusCode: number;
  constructor(statusCode: number) {
    super('refused');
    this.statusCode = statusCode;
  }
}

function parseBeacon(body: string): BeaconInput {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new Refused(400);
  }
  const parsed = beaconSchema.safeParse(json);
  if (!parsed.success) throw new Refused(400);
  return parsed.data;
}

/**
 * A beacon from a page of another site. Without Fetch Metadata the Origin is compared with the
 * request's own origin (a proxy that rewrites Host would spoil that for those few browsers); an old
 * browser's beacon may carry no Origin at all.
 */
function fromAnotherSite(request: FastifyRequest): boolean {
  return !fromThisSite(request.headers, `${request.protocol}://${request.host}`, { originMayBeMissing: true });
}

// fastify-plugin: the tally is the whole app's (closed with it, reachable by tests); the beacon's
// parsers and error answers stay in a context of their own below.
export const visitBeaconPlugin = fp<VisitBeaconOptions>(
  async (app, options) => {
    const { pages } = options;
    const tally = new VisitTally({ ...options, log: app.log });
    const limiter = new RateLimiter(new MemoryRateLimitCounter(), options.rateLimit.max, options.rateLimit.windowMs);
    tally.start();
    // Closed with the app: the counts still in memory go to the database before the store closes.
    app.addHook('onClose', async () => tally.stop());
    app.decorate('visitTally', tally);

    await app.register(async (scoped) => {
      const answer = (reply: FastifyReply, status: number) => reply.code(status).header('Cache-Control', 'no-store').send();

      // sendBeacon sends a string as text/plain (no preflight); JSON is taken too. Parsed in the
      // handler, so every bad body gets this plugin's short answer rather than an error page.
      scoped.removeAllContentTypeParsers();
      scoped.addContentTypeParser(['text/plain', 'application/json'], { parseAs: 'string', bodyLimit: BEACON_MAX_BYTES }, (_request, body, done) =>
        done(null, body),
      );
      scoped.setErrorHandler((error: FastifyError, request, reply) => {
        const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
        if (!error.statusCode || error.statusCode >= 500) request.log.warn({ err: error }, 'visit beacon refused');
        return answer(reply, status);
      });

      scoped.post<{ Body: string }>(BEACON_PATH, {
        bodyLimit: BEACON_MAX_BYTES,
        // Every page view sends one: a request line each at info would drown the log (request-log.ts).
        config: { requestLog: 'debug' },
        // Counted before the body is read: a flood from one address costs a map lookup per request.
        onRequest: async (request, reply) => {
          const verdict = await limiter.hit(request.ip);
          if (!verdict.allowed) return answer(reply.header('Retry-After', String(verdict.retryAfterSeconds)), 429);
        },
        handler: async (request, reply) => {
          if (typeof request.body !== 'string') return answer(reply, 400);
          const beacon = parseBeacon(request.body);
          const userAgent = request.headers['user-agent'] ?? '';
          const page = pagePath(beacon.path);
          const pageKind = pages.get(page);
          if (!pageKind || !userAgent || isbot(userAgent) || fromAnotherSite(request)) return answer(reply, 204);
          const visitor = { address: clientKey(request.ip), userAgent, page, device: deviceFromUserAgent(userAgent) };
          if (beacon.kind === 'view') {
            const source = leadSource({
              gclid: beacon.gclid ?? '',
              utm_source: beacon.utm_source ?? '',
              utm_medium: beacon.utm_medium ?? '',
              referrer: beacon.referrer ?? '',
              page_url: `http://${request.host}${page}`,
            });
            tally.count({ ...visitor, kind: 'view', source, campaign: (beacon.utm_campaign ?? '').trim() });
          } else if (beacon.kind === 'vital') {
            tally.count({ ...visitor, kind: 'vital', pageKind, metric: beacon.metric!, value: beacon.value! });
          } else {
            tally.count({ ...visitor, kind: beacon.kind });
          }
          return answer(reply, 204);
        },
      });
    });
  },
  { name: 'visit-beacon' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The beacon's counts in memory (tests flush them to read the database). */
    visitTally?: VisitTally;
  }
}
