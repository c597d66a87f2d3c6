/**
 * Review requests in the inbox API: where one lead's request stands (with an owner's skip), and the
 * owners' switch with the figures of a range of dates for the Reports.
 */
import { z } from 'zod';

export const reviewStates = ['none', 'queued', 'skipped', 'held', 'sending', 'sent'] as const;
export const reviewHoldReasons = ['off', 'no_place', 'not_won', 'no_contact', 'stopped', 'unsubscribed', 'asked_recently', 'undelivered'] as const;

export const leadReview = z.object({
  /** none: not asked (not won yet); queued: goes at `due`; held: not sent, `reason` says why. */
  state: z.enum(reviewStates),
  reason: z.enum(reviewHoldReasons).nullable(),
  channel: z.enum(['sms', 'email']).nullable(),
  due: z.number().nullable(),
  sent_at: z.number().nullable(),
  reminded_at: z.number().nullable(),
  pressed_at: z.number().nullable(),
  presses: z.number(),
  /** Whether an owner may still skip this lead (or ask after all): nothing has been sent. */
  can_skip: z.boolean(),
});
export type LeadReview = z.output<typeof leadReview>;

export const skipBody = z.object({ skip: z.boolean() }).strict();

export const reviewSettingsBody = z.object({ on: z.boolean() }).strict();

export const reviewReport = z.object({
  on: z.boolean(),
  /** Whether the business details hold a Google place ID (nothing is sent without one). */
  place_id_set: z.boolean(),
  sent: z.number(),
  sent_by_text: z.number(),
  pressed: z.number(),
  reminded: z.number(),
});
export type ReviewReport = z.output<typeof reviewReport>;
