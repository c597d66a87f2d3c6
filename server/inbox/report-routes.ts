/**
 * The reports: every figure of a range of New Zealand dates as one JSON answer for the Reports view,
 * the visits of the same range beside the leads they became (their own route: counted from other
 * tables, and the Reports still show the leads should the visits fail), and for owners the Google Ads conversion file (quote requests and won jobs) to upload.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { defaultRange, insightFor } from '../leads/range-insight.ts';
import { visitsFor } from '../visits/visit-insight.ts';
import { DEFAULT_CONVERSION_NAME, DEFAULT_WON_CONVERSION_NAME, toGoogleAdsCsv } from '../leads/google-ads.ts';
import { DAY_MS, nzInstant } from '../../core/nz-time.ts';
import type { rangeQuery } from '../../core/inbox-api/reports.ts';
import { leadsWithClick } from '../storage/lead-work.ts';
import { inboxWords } from './inbox-words.ts';
import { endpoint } from './endpoint.ts';
import { BadRequest } from './refusals.ts';
import type { InboxContext } from './context.ts';

/** The longest range one answer covers: three years of weeks is still a small answer. */
const MAX_RANGE_DAYS = 3 * 366;

/** The range asked for, a missing end taken from the default twelve weeks; undefined when it runs backwards or is too long. */
export function resolveRange(asked: z.output<typeof rangeQuery>, now: Date): { from: string; to: string } | undefined {
  const fallback = defaultRange(now);
  const from = asked.from ?? (asked.to && asked.to < fallback.from ? asked.to : fallback.from);
  const to = asked.to ?? (from > fallback.to ? from : fallback.to);
  return from <= to && (Date.parse(to) - Date.parse(from)) / DAY_MS <= MAX_RANGE_DAYS ? { from, to } : undefined;
}
export const reportRoutes: FastifyPluginAsyncZod<InboxContext> = async (app, ctx) => {
  const { store } = ctx;
  /** The handler of a route that answers for a range of dates, refusing one that runs backwards or is too long. */
  const forRange =
    <T>(answer: (store: InboxContext['store'], from: string, to: string) => Promise<T>) =>
    async (request: { query: z.output<typeof rangeQuery> }): Promise<T> => {
      const range = resolveRange(request.query, new Date());
      if (!range) throw new BadRequest();
      return answer(store, range.from, range.to);
    };
  const rangeConfig = { badRequest: { error: inboxWords.errors.range } };

  app.route({ ...endpoint('GET /reports'), config: rangeConfig, handler: forRange(insightFor) });
  app.route({ ...endpoint('GET /visits'), config: rangeConfig, handler: forRange(visitsFor) });

  app.route({
    ...endpoint('GET /google-ads.csv'),
    config: { access: 'owner', badRequest: { error: inboxWords.errors.date } },
    handler: async (request, reply) => {
      const since = request.query.since ? nzInstant(request.query.since, 0) : undefined;
      const { csv } = toGoogleAdsCsv(
        await store.read(() => leadsWithClick(since)),
        { quote: DEFAULT_CONVERSION_NAME, won: DEFAULT_WON_CONVERSION_NAME },
        since,
      );
      await ctx.record(request, inboxWords.audit.exportGoogleAds(request.query.since));
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="google-ads-conversions-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    },
  });
};
