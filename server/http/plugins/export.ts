/**
 * GET /api/leads.csv behind `Authorization: Bearer $LEADS_EXPORT_TOKEN` (constant-time comparison).
 * Registered only when the token is set; otherwise the path is an ordinary 404. A refused token is
 * logged with the client's address and answered only after a delay, so guessing is slow; rows
 * are streamed as the store pages them in, never built into one string.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LeadStore } from '../../storage/types.ts';
import { eachLead } from '../../storage/open-store.ts';
import { csvLines } from '../../leads/csv.ts';
import { MemoryRateLimitCounter, RateLimiter } from '../rate-limit.ts';

/** How long a refused attempt waits before its 401. */
export const EXPORT_FAILURE_DELAY_MS = 2_000;
/** Wrong tokens one address may send in the window before it is refused at once with 429. */
export const EXPORT_FAILURE_LIMIT = { max: 10, windowMs: 600_000 };

export interface ExportOptions {
  store: LeadStore;
  token: string;
  failureDelayMs?: number | undefined;
  failureLimit?: { max: number; windowMs: number } | undefined;
}

// Unknown parameters are dropped, as before; a bad value is a 400 from the app's error handler.
const exportQuery = z.object({ since: z.string().max(40).optional(), include_spam: z.enum(['0', '1', 'true', 'false']).optional() });

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison time says nothing about the token.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export const exportPlugin: FastifyPluginAsync<ExportOptions> = async (
  app,
  { store, token, failureDelayMs = EXPORT_FAILURE_DELAY_MS, failureLimit = EXPORT_FAILURE_LIMIT },
) => {
  // Failures are counted in the shared store where there is one, so several instances count together.
  const failures = new RateLimiter(store.sharedRateLimitCounter?.() ?? new MemoryRateLimitCounter(), failureLimit.max, failureLimit.windowMs, 'export-failed:');

  // This plugin's own context: the other public routes keep Fastify's compilers.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.withTypeProvider<ZodTypeProvider>().get('/api/leads.csv', { schema: { querystring: exportQuery } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const header = String(request.headers.authorization ?? '');
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !sameSecret(given, token)) {
      request.log.warn({ ip: request.ip, tokenGiven: given !== '' }, 'export refused: missing or wrong token');
      // An address past its failures is refused at once: a flood of guesses holds no timers.
      const verdict = await failures.hit(request.ip);
      if (!verdict.allowed) {
        return reply
          .code(429)
          .header('Retry-After', String(verdict.retryAfterSeconds))
          .send({ ok: false, error: 'Too many refused export attempts from this address. Try again later.' });
      }
      await sleep(failureDelayMs);
      return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ ok: false, error: 'A valid export token is required.' });
    }
    const query = request.query;
    const since = query.since ? new Date(query.since) : undefined;
    if (since && Number.isNaN(since.getTime())) return reply.code(400).send({ ok: false, error: 'since must be a date such as 2025-01-31.' });
    const leads = eachLead(store, { since, includeSpam: query.include_spam === '1' || query.include_spam === 'true' });
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(Readable.from(csvLines(leads)));
  });
};
