/**
 * The business's job app (ServiceM8 or Fergus) in the inbox API: the owners' connection (the key
 * goes in once and never comes back out: only its last four characters are shown), "send every
 * won lead", and one lead's send with where it stands.
 */
import { z } from 'zod';

import { jobAppVendors } from './job-app-vendors.ts';

/** A key or token as the vendors issue them: printable, no spaces, of a sane length. */
export const jobAppBody = z
  .object({
    vendor: z.enum(jobAppVendors),
    secret: z
      .string()
      .transform((s) => s.trim())
      .pipe(
        z
          .string()
          .min(8)
          .max(400)
          .regex(/^[\x21-\x7e]+$/),
      ),
  })
  .strict();
export type JobAppInput = z.input<typeof jobAppBody>;

export const jobAppSettingsBody = z.object({ send_won: z.boolean() }).strict();

export const jobAppAnswer = z.object({
  vendor: z.enum(jobAppVendors).nullable(),
  /** The key's last four characters behind dots ("•••• 3f9a"); null when nothing is connected. */
  hint: z.string().nullable(),
  connected_at: z.number().nullable(),
  connected_by: z.string().nullable(),
  send_won: z.boolean(),
  /** The app's refusal of the key (revoked or expired) since it was connected, in its own words. */
  refused: z.object({ at: z.number(), words: z.string() }).nullable(),
});
export type JobAppAnswer = z.output<typeof jobAppAnswer>;

export const jobSendStates = ['queued', 'sent', 'failed'] as const;
export type JobSendState = (typeof jobSendStates)[number];

export const jobSend = z.object({
  vendor: z.enum(jobAppVendors),
  state: z.enum(jobSendStates),
  /** The app's own id for the job, once it made it. */
  job_id: z.string().nullable(),
  /** The number the app shows its users for the job ("1042"), where the app gave one. */
  job_number: z.string().nullable(),
  /** The address that opens the job in the app, where the app documents one. */
  job_url: z.string().nullable(),
  /** The app's words for the last failure (a refusal, or a passing trouble being retried). */
  error: z.string().nullable(),
  requested_at: z.number(),
  requested_by: z.string().nullable(),
  sent_at: z.number().nullable(),
});
export type JobSend = z.output<typeof jobSend>;

export const leadJobApp = z.object({ vendor: z.enum(jobAppVendors).nullable(), send: jobSend.nullable() });
export type LeadJobApp = z.output<typeof leadJobApp>;

/** The Reports' job app figures for a period of New Zealand dates (the range as the other reports take it). */
export const jobAppReport = z.object({ sent: z.number().int(), failed: z.number().int(), waiting: z.number().int() });
export type JobAppReport = z.output<typeof jobAppReport>;
