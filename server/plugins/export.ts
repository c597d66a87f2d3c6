/**
 * GET /api/leads.csv behind `Authorization: Bearer $LEADS_EXPORT_TOKEN` (constant-time comparison).
 * Registered only when the token is set; otherwise the path is an ordinary 404.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { LeadStore } from '../storage/types.ts';
import { toCsv } from '../csv.ts';

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison time says nothing about the token.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export const exportPlugin: FastifyPluginAsync<{ store: LeadStore; token: string }> = async (app, { store, token }) => {
  app.get('/api/leads.csv', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const header = String(request.headers.authorization ?? '');
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !sameSecret(given, token)) {
      return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ ok: false, error: 'A valid export token is required.' });
    }
    const query = request.query as { since?: string; include_spam?: string };
    const since = query.since ? new Date(query.since) : undefined;
    if (since && Number.isNaN(since.getTime())) return reply.code(400).send({ ok: false, error: 'since must be a date such as 2025-01-31.' });
    const leads = await store.listLeads({ since, includeSpam: query.include_spam === '1' || query.include_spam === 'true' });
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(toCsv(leads));
  });
};
