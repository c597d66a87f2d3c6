/**
 * Who answers the business's phone line, in the inbox API: two ordered lists (office hours, after
 * hours) of people, each a person of the business or a partner, with the number to ring. A call
 * rings the first three who can take it, in turn; a partner counts only while on call.
 */
import { z } from 'zod';

/** A number to ring, as the owner typed it, in E.164: +… as given, 0… as a New Zealand number; undefined when it is neither. */
export function callableNumber(input: string): string | undefined {
  const compact = input.normalize('NFKC').replace(/[\s.\-()]/g, '');
  if (/^\+[1-9]\d{6,14}$/.test(compact)) return compact;
  if (/^0[2-9]\d{6,10}$/.test(compact)) return `+64${compact.slice(1)}`;
  return undefined;
}

/** At most this many people on each list: a call rings three, the rest stand in for anyone who cannot take it. */
export const MOST_ANSWERERS = 10;

export const answererInput = z
  .object({
    kind: z.enum(['user', 'partner']),
    id: z.string().min(1).max(100),
    phone: z
      .string()
      .max(40)
      .transform((s) => s.trim())
      .refine((s) => callableNumber(s) !== undefined, 'not a phone number: give it as 021 123 4567 or +64 21 123 4567'),
  })
  .strict();

export const answerersBody = z.object({ office: z.array(answererInput).max(MOST_ANSWERERS), after_hours: z.array(answererInput).max(MOST_ANSWERERS) }).strict();

/** Someone who may take calls: their name as the inbox shows it, the number on file, and for a partner whether they are on call now. */
export const answererCandidate = z.object({
  kind: z.enum(['user', 'partner']),
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  on_call: z.boolean().nullable(),
});

const answererOut = z.object({ kind: z.enum(['user', 'partner']), id: z.string(), phone: z.string() });

export const answerersAnswer = z.object({
  office: z.array(answererOut),
  after_hours: z.array(answererOut),
  people: z.array(answererCandidate),
  /** Whether this server answers calls at all (Twilio's voice settings are given). */
  line_on: z.boolean(),
});
export type AnswerersAnswer = z.output<typeof answerersAnswer>;
export type AnswerersInput = z.input<typeof answerersBody>;
