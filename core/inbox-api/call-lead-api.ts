/**
 * Calls in the inbox API: a lead's calls (who was rung and for how long, who answered, the
 * voicemail), the voicemail itself (played through the server, to signed-in people only) and the
 * Reports' calls: per day, answered and missed, by the number dialled, and how long a missed caller
 * waited to be called back.
 */
import { z } from 'zod';

/** Twilio's call SID: "CA" and 32 hexadecimal digits. */
export const callParams = z.object({ sid: z.string().regex(/^CA[0-9a-f]{32}$/i) });

export const legResultNames = ['ringing', 'answered', 'no-answer', 'busy', 'failed', 'no-key'] as const;

export const leadCall = z.object({
  sid: z.string(),
  started_at: z.number(),
  ended_at: z.number().nullable(),
  /** The number dialled, and the name of where it is advertised. */
  dialled: z.string(),
  source: z.string(),
  status: z.enum(['ringing', 'answered', 'missed']),
  after_hours: z.boolean(),
  answered_by: z.string().nullable(),
  talk_seconds: z.number().nullable(),
  /** Each person rung, in turn, and for how many seconds. */
  rung: z.array(z.object({ name: z.string(), seconds: z.number(), result: z.enum(legResultNames) })),
  /** The voicemail's length, while there is one to play. */
  voicemail_seconds: z.number().nullable(),
  transcript: z.string().nullable(),
});
export type LeadCall = z.output<typeof leadCall>;
export const leadCalls = z.object({ calls: z.array(leadCall) });

/** One day's calls to one number. */
export const callDay = z.object({ date: z.string(), dialled: z.string(), source: z.string(), answered: z.number(), missed: z.number() });

export const callReport = z.object({
  days: z.array(callDay),
  /** Each number's calls in the range. */
  numbers: z.array(z.object({ dialled: z.string(), source: z.string(), answered: z.number(), missed: z.number() })),
  /** Missed calls whose lead was called back (marked Contacted, or moved on further), and how long that took. */
  callBacks: z.object({
    missed: z.number(),
    calledBack: z.number(),
    /** Minutes from the call to the first call back: the middle one, and how many within the 15 minutes the text back promises. */
    medianMinutes: z.number().nullable(),
    within15: z.number(),
  }),
});
export type CallReport = z.output<typeof callReport>;
