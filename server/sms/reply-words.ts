/**
 * What a partner means by a text they send back: take the job, turn it down, stop or restart texts, ask
 * for help, or something else; and which job, when the text names one by its code ("YES K7P").
 *
 * STOP and its kin are the words on which Twilio itself stops delivering our texts to that phone,
 * START and UNSTOP the ones on which it resumes, and HELP and INFO a request for help. Twilio matches
 * them against the whole message (trimmed, any case), so they are read only when they are the whole
 * reply: "stop" inside a sentence stops nothing at Twilio, and the site never believes a partner
 * unreachable (or reachable) when Twilio does not.
 *
 * A yes or a no is read as people write one on a phone at night: by how the reply starts ("Yep on my
 * way 20min", "nah sorry"), whatever the case, punctuation or trailing words, or a thumb emoji.
 */
import type { ReplyIntent } from '../storage/text-work.ts';
import { JOB_CODE } from './job-codes.ts';

export type { ReplyIntent };

/** Only the start of a reply is read: the meaning is in its first words, and a long body is not worth the work. */
const READ_CHARS = 160;

/** The whole reply, squeezed to its letters and digits, as Twilio reads its keywords (and a spelt-out "Y E S"). */
const WHOLE: ReadonlyMap<string, ReplyIntent> = new Map([
  ...['yes', 'y', 'accept'].map((word) => [word, 'accept'] as const),
  ...['no', 'n', 'decline'].map((word) => [word, 'decline'] as const),
  ...['stop', 'stopall', 'unsubscribe', 'cancel', 'end', 'quit', 'revoke', 'optout'].map((word) => [word, 'stop'] as const),
  ...['start', 'unstop'].map((word) => [word, 'start'] as const),
  ...['help', 'info'].map((word) => [word, 'help'] as const),
]);

/** The first words of a yes or a no. "No worries" and its kin are a yes, here. */
const OPENINGS: readonly (readonly [string, ReplyIntent])[] = [
  ...[
    'yes',
    'y',
    'yep',
    'yeah',
    'yea',
    'yup',
    'ya',
    'ok',
    'okay',
    'k',
    'sure',
    'accept',
    'omw',
    'coming',
    'on my way',
    "i'll take it",
    'ill take it',
    'i will take it',
  ]
    .concat(['no worries', 'no probs', 'no prob', 'no problem', 'no dramas', 'no drama', 'sweet as'])
    .map((phrase) => [phrase, 'accept'] as const),
  ...['no', 'n', 'nah', 'nope', "can't", 'cant', 'cannot', 'can not', 'busy', 'not tonight', 'not now', 'decline'].map(
    (phrase) => [phrase, 'decline'] as const,
  ),
]
  // Longest first: "no worries" is read before "no".
  .sort(([a], [b]) => b.length - a.length);

const THUMBS = [
  [/\u{1F44D}|\u2705|\u2714/gu, ' yes '],
  [/\u{1F44E}|\u274C/gu, ' no '],
] as const;

export interface ReadReply {
  intent: ReplyIntent;
  /** The job code the reply names (upper case), if any. */
  code: string | undefined;
}

/** The meaning of a reply's text, and the job it names. Never throws. */
export function readReply(body: string): ReadReply {
  if (typeof body !== 'string') return { intent: 'other', code: undefined };
  // NFKC folds full-width and styled letters to plain ones.
  const head = body.slice(0, READ_CHARS).normalize('NFKC');
  const whole = WHOLE.get(head.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase());
  if (whole) return { intent: whole, code: undefined };
  let text = head.toLowerCase().replace(/[\u2018\u2019\u02bc`]/g, "'");
  for (const [emoji, word] of THUMBS) text = text.replace(emoji, word);
  const words = text.match(/[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu) ?? [];
  const code = words.find((word) => JOB_CODE.test(word))?.toUpperCase();
  const rest = words.filter((word) => !JOB_CODE.test(word)).join(' ');
  const opening = OPENINGS.find(([phrase]) => rest === phrase || rest.startsWith(`${phrase} `));
  return { intent: opening?.[1] ?? 'other', code };
}

/** The intent of a reply's text. Never throws. */
export function replyIntent(body: string): ReplyIntent {
  return readReply(body).intent;
}
