/**
 * Working the leads: the list, one lead with its timeline and notifications, and the changes the
 * app sends. The job value travels in dollars and is checked in cents, as it is stored.
 */
import { z } from 'zod';
import { calendarDate } from '../date-schema.ts';
import { cleanMultiLine, leadColumnsText } from '../lead/schema.ts';
import { inboxViews, leadStatuses, lostReasons, MAX_JOB_VALUE_CENTS } from '../lead/status.ts';

/**
 * An id as the inbox sends it in a path: bounded (a passkey's id is the longest, well under this), and
 * text PostgreSQL can hold (a NUL character would fail there with a 500 instead of being refused).
 */
export const recordId = z
  .string()
  .max(2048)
  .refine((id) => !id.includes('\u0000'), 'not an id');
export const idParams = z.object({ id: recordId });

export const listQuery = z.object({
  view: z.enum(inboxViews).default('new'),
  q: z.string().trim().max(200).optional(),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const leadHeader = {
  id: z.string(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  urgent: z.boolean(),
  status: z.enum(leadStatuses),
  spam: z.boolean(),
  spam_reason: z.string(),
  /** YYYY-MM-DD, New Zealand date. */
  follow_up_on: z.string().nullable(),
  /** ISO 8601, UTC: when an urgent lead must be attended by, from the response target of its area; null when not urgent. */
  attend_by: z.string().nullable(),
  /** The partner who holds the job (accepted it and has not had it taken back), with what they have done; null when nobody does. */
  holder: z
    .object({
      name: z.string(),
      phone: z.string(),
      accepted_at: z.number(),
      on_site_at: z.number().nullable(),
      quote_sent_at: z.number().nullable(),
      /** When they pressed "On my way", and by when they said they would arrive. */
      on_way_at: z.number().nullable(),
      arrive_by: z.number().nullable(),
      /** When they pressed "Job done": the lead is then the business's to mark Won or Lost. */
      done_at: z.number().nullable(),
    })
    .nullable(),
};

export const leadRow = leadColumnsText.pick({ contact_name: true, company_name: true, city: true, service_type: true }).extend(leadHeader);
export type LeadRow = z.output<typeof leadRow>;

/** Every column of the lead: the app shows them and a person's export carries them all. */
export const leadDetail = leadColumnsText.extend({
  ...leadHeader,
  /** Dollars. */
  job_value: z.number().nullable(),
  lost_reason: z.enum(lostReasons).nullable(),
  status_changed_at: z.string().nullable(),
  first_action_at: z.string().nullable(),
  furthest_stage: z.number().int(),
  /** An urgent lead that no on-call partner covered as it arrived: the customer was told to call the 24/7 line. Absent when the question did not arise. */
  nobody_on_call: z.boolean().optional(),
});
export type LeadDetail = z.output<typeof leadDetail>;

export const timelineEntry = z.object({ id: z.string(), at: z.string(), kind: z.string(), actor_email: z.string().nullable(), text: z.string() });
export type TimelineEntry = z.output<typeof timelineEntry>;

export const notificationStates = ['pending', 'sent', 'failed', 'dead'] as const;
export const notification = z.object({
  id: z.string(),
  purpose: z.string(),
  label: z.string(),
  state: z.enum(notificationStates),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  can_send_again: z.boolean(),
});
export type Notification = z.output<typeof notification>;

export const leadPage = z.object({
  leads: z.array(leadRow),
  next: z.string().nullable(),
  counts: z.record(z.enum(inboxViews), z.number().int()),
});
export type LeadPage = z.output<typeof leadPage>;

export const fullLead = z.object({ lead: leadDetail, timeline: z.array(timelineEntry), notifications: z.array(notification) });
export type FullLead = z.output<typeof fullLead>;

export const leadAnswer = z.object({ lead: leadDetail });

export const statusBody = z
  .object({
    status: z.enum(leadStatuses),
    // Checked in cents, as stored: a value that rounds to nothing would mark a job won at $0.
    job_value: z
      .number()
      .transform((dollars) => Math.round(dollars * 100))
      .pipe(z.number().int().min(1).max(MAX_JOB_VALUE_CENTS))
      .optional(),
    lost_reason: z.enum(lostReasons).optional(),
  })
  .superRefine((change, ctx) => {
    if (change.status === 'won' && change.job_value === undefined) ctx.addIssue({ code: 'custom', path: ['job_value'], message: 'A won job has a value.' });
    if (change.status === 'lost' && change.lost_reason === undefined)
      ctx.addIssue({ code: 'custom', path: ['lost_reason'], message: 'A lost lead has a reason.' });
  });
export type StatusChange = z.input<typeof statusBody>;

// Cleaned as a lead's own fields are: notes reach the CSV, the export and other people's screens.
export const noteBody = z.object({ text: z.string().max(20_000).transform(cleanMultiLine).pipe(z.string().min(1).max(4000)) });
export const noteAnswer = z.object({
  entry: z.object({ id: z.string(), lead_id: z.string(), at: z.string(), kind: z.string(), actor_email: z.string().nullable(), text: z.string() }),
});

export const followUpBody = z.object({ date: calendarDate.nullable() });

/** The notification sent again, as the lead's page lists it. */
export const sentAgainAnswer = z.object({ notification: notification.optional() });

/** One person's leads (a Privacy Act access request). */
export const personQuery = z.object({ email: z.string().trim().min(3).max(254) });
/** A partner who received the person's details, by accepting the job of one of their leads. */
export const disclosure = z.object({ lead_id: z.string(), name: z.string(), email: z.string(), at: z.string() });
export const personExport = z.object({ email: z.string(), exported_at: z.string(), leads: z.array(fullLead), disclosed_to: z.array(disclosure) });
