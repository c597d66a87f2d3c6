/**
 * Rows to objects, the same for both stores: every column read back is checked, so a value the
 * code does not know (a purpose added by a newer release, say) fails loudly instead of passing as
 * something it is not.
 */
import { z } from 'zod';
import { storedLeadColumnsSchema } from '../../core/lead/schema.ts';
import { TRANSPORTS } from './purposes.ts';
import { ALL_PURPOSES, JOB_STATUSES, type ClaimedJob, type OutboxJob, type StoredLead } from './types.ts';

export type { Row } from './steps.ts';
import type { Row } from './steps.ts';

/** SQLite keeps times as ISO text; PostgreSQL hands back a Date. */
function isoTime(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

export function toLead(row: Row): StoredLead {
  return {
    ...storedLeadColumnsSchema.parse(row),
    id: String(row.id),
    created_at: isoTime(row.created_at),
    spam: Boolean(row.spam),
    spam_reason: String(row.spam_reason ?? ''),
    urgent: Boolean(Number(row.urgent)),
    ...(row.nobody_on_call === null || row.nobody_on_call === undefined ? {} : { nobody_on_call: Boolean(Number(row.nobody_on_call)) }),
  };
}

const jobRow = z.object({
  id: z.coerce.string(),
  lead_id: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  purpose: z.enum(ALL_PURPOSES),
  transport: z.enum(TRANSPORTS).default('email'),
  offer_id: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  period: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  status: z.enum(JOB_STATUSES),
  attempts: z.coerce.number(),
  next_attempt_at: z.coerce.number(),
  last_error: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
});

export function toJob(row: Row): OutboxJob {
  return jobRow.parse(row);
}

export function toClaimed(row: Row): ClaimedJob {
  return {
    ...toJob(row),
    claim: String(row.claim_token),
    claims: Number(row.claims ?? 1),
    secret: row.secret === null || row.secret === undefined ? null : String(row.secret),
  };
}
