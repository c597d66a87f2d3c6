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
import type { LeadStore } from '../../storage/types.ts';
import { eachLead } from '../../storage/index.ts';
import { csvLines } from '../../leads/csv.ts';

/** How long a refused attempt waits before its 401. */
export const EXPORT_FAILURE_DELAY_MS = 2_000;

export interface ExportOptions {
  store: LeadStore;
  token: string;
  failureDelayMs?: number | undefined;
}

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison time says nothing about the token.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export const exportPlugin: FastifyPluginAsync<ExportOptions> = async (app, { store, token, failureDelayMs = EXPORT_FAILURE_DELAY_MS }) => {
  app.get('/api/leads.csv', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const header = String(request.headers.authorization ?? '');
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !sameSecret(given, token)) {
      request.log.warn({ ip: request.ip, tokenGiven: given !== '' }, 'export refused: missing or wrong token');
      await sleep(failureDelayMs);
      return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ ok: false, error: 'A valid export token is required.' });
    }
    const query = request.query as { since?: string; include_spam?: string };
    const since = query.since ? new Date(query.since) : undefined;
    if (since && Number.isNaN(since.getTime())) return reply.code(400).send({ ok: false, error: 'since must be a date such as 2025-01-31.' });
    const leads = eachLead(store, { since, includeSpam: query.include_spam === '1' || query.include_spam === 'true' });
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(Readable.from(csvLines(leads)));
  });
};
