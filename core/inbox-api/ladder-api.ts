/**
 * The escalation ladder in the inbox API: the owners' ladder (who is woken, how and when, when
 * nobody takes an urgent job), each person's own mobile, and "I've got this" on a lead whose
 * ladder runs.
 */
import { z } from 'zod';
import { userRoles } from '../lead/status.ts';
import { isNzMobile } from '../partner/nz-mobile.ts';
import { LADDER_BOUNDS, ladderChannels } from './ladder-rules.ts';

export const ladderStepInput = z.object({
  user_id: z.string().min(1).max(100),
  channel: z.enum(ladderChannels),
  after_minutes: z.number().int().min(0).max(LADDER_BOUNDS.afterMinutes),
});

export const ladderBody = z
  .object({
    steps: z.array(ladderStepInput).min(1).max(LADDER_BOUNDS.steps),
    rounds: z.number().int().min(1).max(LADDER_BOUNDS.rounds),
    every_minutes: z.number().int().min(LADDER_BOUNDS.everyMinutes.min).max(LADDER_BOUNDS.everyMinutes.max),
  })
  .strict();

/** Someone who may be on the ladder: every person of the business, and whether they have a mobile for texts. */
export const ladderPerson = z.object({ id: z.string(), email: z.string(), role: z.enum(userRoles), has_mobile: z.boolean() });

export const ladderAnswer = z.object({
  steps: z.array(ladderStepInput.extend({ user_id: z.string() })),
  rounds: z.number().int(),
  every_minutes: z.number().int(),
  /** False while the owners have set none: the steps are the default (every owner, push and text, at once; and a call to the first owner where calls are set up). */
  custom: z.boolean(),
  people: z.array(ladderPerson),
  /** The ways this server can wake people: alerts always, texts and calls where Twilio is set up for them. */
  channels: z.array(z.enum(ladderChannels)),
});
export type LadderAnswer = z.output<typeof ladderAnswer>;
export type LadderInput = z.input<typeof ladderBody>;

/** A person's own mobile: a New Zealand mobile, or empty for none. */
export const mobileBody = z
  .object({
    mobile: z
      .string()
      .max(40)
      .transform((s) => s.trim())
      .refine((s) => s === '' || isNzMobile(s), 'not a New Zealand mobile'),
  })
  .strict();
export const profileAnswer = z.object({ id: z.string(), email: z.string(), role: z.enum(userRoles), mobile: z.string() });
export type Profile = z.output<typeof profileAnswer>;

/** Where a lead's ladder stands: whether it runs (so anyone may say they have it), and who acknowledged it. */
export const leadLadder = z.object({ running: z.boolean(), acknowledged_by: z.string().nullable(), acknowledged_at: z.number().nullable() });
export type LeadLadder = z.output<typeof leadLadder>;
export const runningLadders = z.object({ lead_ids: z.array(z.string()) });
export const acknowledgedAnswer = z.object({ acknowledged_by: z.string() });
