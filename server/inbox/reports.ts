/**
 * The reports: every figure of a range of New Zealand dates as one JSON answer for the Reports view,
 * and for owners the Google Ads conversion file (quote requests and won jobs) to upload.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { defaultRange, insightFor } from '../leads/insight.ts';
import { DEFAULT_CONVERSION_NAME, DEFAULT_WON_CONVERSION_NAME, toGoogleAdsCsv } from '../leads/google-ads.ts';
import { nzInstant } from '../../core/nz-time.ts';
import { calendarDate } from '../../core/date-schema.ts';
import { leadsWithClick } from '../storage/inbox.ts';
import { inboxWords } from './words.ts';
import type { InboxContext } from './plugin.ts';

/** The longest range one answer covers: three years of weeks is still a small answer. */
const MAX_RANGE_DAYS = 3 * 366;

const rangeQuery = z.object({ from: calendarDate.optional(), to: calendarDate.optional() });

/** The range asked for, a missing end taken from the default twelve weeks; undefined when it runs backwards or is too long. */
function resolveRange(asked: z.output<typeof rangeQuery>, now: Date): { from: string; to: string } | undefined {
  const fallback = defaultRange(now);
  const from = asked.from ?? (asked.to && asked.to < fallback.from ? asked.to : fallback.from);
  const to = asked.to ?? (from > fallback.to ? from : fallback.to);
  return from <= to && (Date.parse(to) - Date.parse(from)) / 86_400_000 <= MAX_RANGE_DAYS ? { from, to } : undefined;
}
const sinceQuery = z.object({ since: calendarDate.optional() });

export const reportRoutes: FastifyPluginAsync<InboxContext> = async (app, ctx) => {
  const { store } = ctx;
  app.get('/reports', async (request, reply) => {
    const query = rangeQuery.safeParse(request.query);
    const range = query.success ? resolveRange(query.data, new Date()) : undefined;
    if (!range) return reply.code(400).send({ error: inboxWords.errors.range });
    return insightFor(store, range.from, range.to);
  });

  app.get('/google-ads.csv', { config: { access: 'owner' } }, async (request, reply) => {
    const query = sinceQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: inboxWords.errors.date });
    const since = query.data.since ? nzInstant(query.data.since, 0) : undefined;
    const { csv } = toGoogleAdsCsv(await store.read(() => leadsWithClick(since)), { quote: DEFAULT_CONVERSION_NAME, won: DEFAULT_WON_CONVERSION_NAME }, since);
    await ctx.record(request, inboxWords.audit.exportGoogleAds(query.data.since));
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="google-ads-conversions-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(csv);
  });
};
