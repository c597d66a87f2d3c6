/**
 * What a partner means by a text they send back: take the job, turn it down, stop or restart texts, ask
 * for help, or something else.
 *
 * Replies are typed on phones, so "Yes!", "yes." and " Y E S " all mean the same; anything longer than a
 * single word is not guessed at ("yes but not today" is 'other' and goes to a person). STOP and its
 * kin are the words on which Twilio itself stops delivering our texts to that phone, START and UNSTOP
 * the ones on which it resumes, and HELP and INFO a request for help: the site reads them the same
 * way, so it never believes a partner reachable whom Twilio has stopped texting.
 */

import type { ReplyIntent } from '../storage/text-work.ts';

export type { ReplyIntent };

/** Only the start of a reply is read: a keyword is a single word, and a long body is not worth the work. */
const READ_CHARS = 160;

const INTENTS: ReadonlyMap<string, ReplyIntent> = new Map([
  ...['yes', 'y', 'accept'].map((word) => [word, 'accept'] as const),
  ...['no', 'n', 'decline'].map((word) => [word, 'decline'] as const),
  ...['stop', 'stopall', 'unsubscribe', 'cancel', 'end', 'quit', 'revoke', 'optout'].map((word) => [word, 'stop'] as const),
  ...['start', 'unstop'].map((word) => [word, 'start'] as const),
  ...['help', 'info'].map((word) => [word, 'help'] as const),
]);

/** The intent of a reply's text. Never throws. */
export function replyIntent(body: string): ReplyIntent {
  if (typeof body !== 'string') return 'other';
  // NFKC folds full-width and styled letters to plain ones; then everything but letters and digits goes
  // (whitespace, punctuation, emoji and their joiners and variation selectors).
  const word = body
    .slice(0, READ_CHARS)
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase();
  return INTENTS.get(word) ?? 'other';
}
