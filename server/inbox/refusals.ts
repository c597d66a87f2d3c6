/**
 * How the inbox says no, in one place: a request that fails its route's schema, a value a handler
 * finds bad (a forged cursor, a backwards range) and a person who is not signed in all become the
 * same answers, `{ error }` or `{ error, fields: { name: error } }`, with the inbox's sentences.
 */
import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorAnswer } from '../../core/inbox-api/contract.ts';
import type { InboxUser } from '../storage/sign-in-data.ts';
import { NOT_A_MOBILE } from '../../core/partner/texts.ts';
import { inboxWords } from './inbox-words.ts';

const e = inboxWords.errors;

/** The fields the app's forms can point at, with the sentence a bad value gets. */
const fieldSentences = {
  job_value: e.jobValue,
  lost_reason: e.lostReason,
  text: e.noteLength,
  date: e.date,
  email: e.email,
  kind: e.kind,
  regions: e.regions,
  services: e.services,
  phone: e.phone,
  mobile: e.mobile,
} as const;
export type SentenceField = keyof typeof fieldSentences;

/**
 * Reasons a field can be refused for that its own sentence does not cover, by the message the
 * contract's refinement gives (or a handler's BadRequest names): the field and the sentence to say.
 */
const reasonSentences: ReadonlyMap<string, { field: SentenceField; error: string }> = new Map([[NOT_A_MOBILE, { field: 'phone', error: e.phoneNotMobile }]]);

/**
 * What a bad request to a route gets, when not the field's sentence or the general one: another
 * status (the sign-in routes say only that the attempt failed), another sentence, or one field
 * that every bad request to the route is about (a form of one field).
 */
export interface BadRequestRule {
  status?: 400 | 401;
  error?: string;
  field?: SentenceField;
}

/** A refusal a handler throws; the error handler answers it. */
export class Refusal extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

/** A request the route cannot act on, found by its handler: answered as a failed schema is. */
export class BadRequest extends Error {
  readonly field: SentenceField | undefined;
  /** One of reasonSentences' reasons, when the field's own sentence would not say what is wrong. */
  readonly reason: string | undefined;
  constructor(field?: SentenceField, reason?: string) {
    super('bad request');
    this.field = field;
    this.reason = reason;
  }
}

const isSentenceField = (name: string | undefined): name is SentenceField => name !== undefined && Object.hasOwn(fieldSentences, name);

/**
 * The answer to a bad request: the route's rule first, else a known reason's sentence, else the
 * first field with a sentence, else the general sentence.
 */
function badRequestAnswer(
  rule: BadRequestRule | undefined,
  fields: (string | undefined)[],
  reasons: (string | undefined)[] = [],
): { status: number; answer: ErrorAnswer } {
  const reasoned =
    rule?.error === undefined ? reasons.map((r) => (r === undefined ? undefined : reasonSentences.get(r))).find((r) => r !== undefined) : undefined;
  if (reasoned) return { status: rule?.status ?? 400, answer: { error: reasoned.error, fields: { [reasoned.field]: reasoned.error } } };
  // A route's own sentence stands alone: it names no field unless the rule does.
  const field = rule?.error === undefined ? (rule?.field ?? fields.find(isSentenceField)) : rule.field;
  const error = rule?.error ?? (field ? fieldSentences[field] : e.badRequest);
  return { status: rule?.status ?? 400, answer: field ? { error, fields: { [field]: error } } : { error } };
}

/** The answer to an error that is a refusal, or undefined for any other error. */
export function refusalAnswer(error: unknown, rule: BadRequestRule | undefined): { status: number; answer: ErrorAnswer } | undefined {
  if (hasZodFastifySchemaValidationErrors(error))
    return badRequestAnswer(
      rule,
      error.validation.map((issue) => issue.instancePath.split('/')[1]),
      error.validation.map((issue) => issue.message),
    );
  if (error instanceof BadRequest) return badRequestAnswer(rule, [error.field], [error.reason]);
  if (error instanceof Refusal) return { status: error.statusCode, answer: { error: error.message } };
  return undefined;
}

/** The signed-in person of a route that requires one (the access hook has already refused anyone else). */
export function signedInUser(request: FastifyRequest): InboxUser {
  if (!request.inboxUser) throw new Refusal(401, e.signedOut);
  return request.inboxUser;
}
