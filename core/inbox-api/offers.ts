/** Offering a lead to partners: who matches it and why, the offers made and who holds the job. */
import { z } from 'zod';
import { recordId } from './leads.ts';
import { acceptWindowNames } from '../partner/accept-windows.ts';

export const offerStateNames = ['open', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
/** Why an offer ended without an answer ('' while it waits, when answered, or when ended before the reason was kept). */
export const offerEndNames = ['', 'timed_out', 'taken', 'lead_closed', 'partner_removed', 'partner_paused', 'withdrawn', 'undelivered', 'handed_back'] as const;

export { acceptWindows, type AcceptWindow } from '../partner/accept-windows.ts';

/**
 * The ways an offer went to its partner, and where each stands: the e-mail being sent, sent, or
 * failed; the text being sent, sent, delivered (the phone company says so), failed, or replied to
 * (the partner answered YES or NO by text); not sent when it was not needed by the time it was to go
 * (the offer already answered or ended, texts turned off).
 */
export const offerChannelNames = ['email', 'text'] as const;
export const offerChannelStates = ['sending', 'sent', 'delivered', 'failed', 'replied', 'not_sent'] as const;
export const offerChannel = z.object({ channel: z.enum(offerChannelNames), state: z.enum(offerChannelStates) });
export type OfferChannel = z.output<typeof offerChannel>;

/**
 * What became of a suggested partner's latest offer of this lead: still waiting, holding the job,
 * declined, no answer in time, did not arrive (the text bounced: text_undelivered; otherwise the
 * e-mail), withdrawn by the business, taken or handed back after accepting, or ended another way.
 */
export const triedOutcomes = ['waiting', 'held', 'declined', 'no_answer', 'undelivered', 'text_undelivered', 'withdrawn', 'taken_back', 'ended'] as const;
export type TriedOutcomeName = (typeof triedOutcomes)[number];
export const suggestion = z.object({
  partner_id: z.string(),
  name: z.string(),
  why: z.string(),
  last_offered_at: z.number().nullable(),
  /** Whether they are on call now (by the database's clock): at night, the ones likely to answer. */
  on_call_now: z.boolean(),
  /** Null when the partner has not been offered this lead; else their latest offer of it (epoch ms) and what became of it. */
  tried: z.object({ outcome: z.enum(triedOutcomes), offered_at: z.number() }).nullable(),
});
export const offerSummary = z.object({
  id: z.string(),
  partner_name: z.string(),
  state: z.enum(offerStateNames),
  created_at: z.number(),
  expires_at: z.number(),
  answered_at: z.number().nullable(),
  decline_reason: z.string(),
  end_reason: z.enum(offerEndNames),
  on_site_at: z.number().nullable(),
  quote_sent_at: z.number().nullable(),
  /** When the partner accepted, kept if the job was later taken back. */
  accepted_at: z.number().nullable(),
  /** The e-mail first, then the text when there was one. */
  channels: z.array(offerChannel),
});
export type OfferSummary = z.output<typeof offerSummary>;
export type Suggestion = z.output<typeof suggestion>;

export const leadPartners = z.object({ suggestions: z.array(suggestion), offers: z.array(offerSummary), holder: z.string().nullable() });
export const offerBody = z.object({
  partner_id: z.string().min(1).max(100),
  /** Left out: the lead's default window (defaultAcceptWindow: a quarter of an hour for an urgent lead, else a day). */
  accept_within: z.enum(acceptWindowNames).optional(),
});
export const offerAnswer = z.object({ offer: offerSummary });
export const offerParams = z.object({ id: recordId, offer: recordId });
