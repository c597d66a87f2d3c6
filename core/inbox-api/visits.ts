/**
 * The visits beside the leads: the figures the server counts from the site's visit beacons for a
 * range (the same range query as the reports), typed as the VisitReport of core/visit.
 */
import { z } from 'zod';
import { pageKinds, vitalMetrics } from '../visit/beacon-fields.ts';
import { visitDevices, type VisitReport } from '../visit/visit-figures.ts';

const visitRow = z.object({ label: z.string(), visitors: z.number(), views: z.number(), quotes: z.number() });

export const visitReport: z.ZodType<VisitReport> = z.object({
  from: z.string(),
  to: z.string(),
  visitors: z.number(),
  views: z.number(),
  quotes: z.number(),
  byPage: z.array(visitRow),
  bySource: z.array(visitRow),
  byCampaign: z.array(visitRow),
  byDevice: z.array(visitRow),
  formFunnel: z.array(z.object({ page: z.string(), seen: z.number(), started: z.number(), sent: z.number() })),
  vitals: z.array(
    z.object({
      metric: z.enum(vitalMetrics),
      kind: z.enum(pageKinds).nullable(),
      device: z.enum(visitDevices).nullable(),
      samples: z.number(),
      p75: z.number().nullable(),
    }),
  ),
});
