/**
 * The reports: the range asked for, the figures answered (the Insight the server computes, whose
 * type is the one in core/lead/insight.ts: the schema is checked against it) and the Google Ads
 * file's start date.
 */
import { z } from 'zod';
import { calendarDate } from '../date-schema.ts';
import { acceptChannels, funnelStages, leadSources, type Insight } from '../lead/insight.ts';
import { lostReasons } from '../lead/status.ts';
import { hourBands } from '../lead/north-star.ts';

export const rangeQuery = z.object({ from: calendarDate.optional(), to: calendarDate.optional() });
export const sinceQuery = z.object({ since: calendarDate.optional() });

const labelCount = z.object({ label: z.string(), count: z.number() });
const valueCount = labelCount.extend({ cents: z.number() });
const responseStat = z.object({ answered: z.number(), waiting: z.number(), medianMinutes: z.number().nullable(), p90Minutes: z.number().nullable() });
const responseTimes = z.object({ businessHours: responseStat, afterHours: responseStat });
const commitGroup = z.object({ key: z.string(), urgent: z.number(), within: z.number(), committed: z.number(), p90Minutes: z.number().nullable() });

// Typed as Insight, so a figure added to the report and not here fails the type check instead of
// being dropped from the answer.
export const insight: z.ZodType<Insight> = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number(),
  withGclid: z.number(),
  weeks: z.array(z.object({ week: z.string(), total: z.number(), bySource: z.record(z.enum(leadSources), z.number()), response: responseTimes })),
  bySource: z.array(labelCount),
  byService: z.array(labelCount),
  byCity: z.array(labelCount),
  byPage: z.array(labelCount),
  byCampaign: z.array(labelCount),
  funnel: z.array(z.object({ stage: z.enum(funnelStages), count: z.number() })),
  lost: z.number(),
  lostReasons: z.array(z.object({ reason: z.enum(lostReasons), count: z.number() })),
  won: z.object({ count: z.number(), cents: z.number(), bySource: z.array(valueCount), byCampaign: z.array(valueCount) }),
  response: responseTimes,
  partners: z.object({
    byPartner: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        offers: z.number(),
        accepted: z.number(),
        declined: z.number(),
        noAnswer: z.number(),
        withdrawn: z.number(),
        waiting: z.number(),
        declineReasons: z.array(labelCount),
        medianAcceptMinutes: z.number().nullable(),
        medianAcceptMinutesVia: z.record(z.enum(acceptChannels), z.number().nullable()),
        onSite: z.array(z.object({ city: z.string(), count: z.number(), inTime: z.number() })),
        won: z.object({ count: z.number(), cents: z.number() }),
      }),
    ),
    promise: z.array(z.object({ city: z.string(), urgent: z.number(), kept: z.number() })),
  }),
  northStar: z.object({
    committed: commitGroup.extend({
      waiting: z.number(),
      byMonth: z.array(commitGroup),
      byCity: z.array(commitGroup),
      byBand: z.array(commitGroup.extend({ key: z.enum(hourBands) })),
    }),
    onSite: z.object({ due: z.number(), kept: z.number() }),
  }),
});
