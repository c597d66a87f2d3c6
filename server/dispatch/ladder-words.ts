/**
 * What the escalation ladder says to the people of the business it wakes, and what the lead's
 * timeline says about it. Read on a lock screen at night: the job in one line, why it is theirs,
 * and the one thing to do. A ladder text carries no link and no customer's detail before someone
 * takes it; the push opens the lead in the inbox, where the person is signed in.
 */
import { business } from '../../core/business.ts';
import type { LadderReason } from './ladder.ts';

const why: Record<LadderReason, string> = {
  nobody_covers: 'No partner on call covers it',
  nobody_accepted: 'No on-call partner has taken it yet',
  handed_back: 'The partner handed it back',
  missed_call: 'They called after hours and nobody answered',
};

const channelName = { push: 'an alert on their phone', sms: 'a text', voice: 'pressing 1 on a phone call', inbox: 'the inbox' } as const;
export type AckVia = keyof typeof channelName;

export interface LadderJob {
  /** The service and where, in plain letters ("Repair, Hamilton"). */
  what: string;
  /** The customer's name or business, as the lead shows it. */
  who: string;
  /** The ladder's code, for a reply naming the job. */
  code: string;
}

/** A phone number read a digit at a time (+64 as the 0 it is dialled with here), so a half-awake person can write it down. */
function spokenDigits(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  const national = digits.startsWith('+64') ? `0${digits.slice(3)}` : digits.replaceAll('+', '');
  return [...national.slice(0, 16)].join(' ');
}

export const ladderWords = {
  why,
  push: {
    title: (job: LadderJob) => `Urgent: nobody has ${job.what}`,
    body: (job: LadderJob, reason: LadderReason) => `${job.who}. ${why[reason]}. Tap "I've got this" if you will take it.`,
    taken: (job: LadderJob, name: string) => ({ title: `${name} has it: ${job.what}`, body: `${job.who}. Nothing more to do.` }),
  },
  /** The ladder's text, within two parts, GSM-7. */
  text: (job: LadderJob, reason: LadderReason) =>
    `URGENT ${job.code} from ${business.name}: nobody has ${job.what} (${job.who}). ${why[reason]}. Reply OK ${job.code} if you will take it. Std text charges may apply.`,
  /**
   * The ladder's phone call, spoken: the job, and press 1 to take it. It names no customer: whoever
   * answers may not be the person (a partner, a voicemail).
   */
  call: {
    prompt: (job: LadderJob) => `Urgent job from ${business.name}. Nobody has taken it: ${job.what}. Press 1 to take it.`,
    /** Said once the prompt has been said twice and nobody pressed a key. */
    noKey: 'No key was pressed, so the job is not yours. Goodbye.',
    notOne: 'You did not press 1, so the job is not yours. Goodbye.',
    acknowledged: (phone: string) => {
      const digits = spokenDigits(phone);
      return `Thank you, the job is yours. ${digits ? `Call the customer now on ${digits}. ` : ''}The lead is in your inbox. Goodbye.`;
    },
    already: (name: string) => `${name} already has this job. Nothing more to do. Goodbye.`,
    ended: 'This job was taken or closed. Nothing more to do. Goodbye.',
  },
  takenText: (job: LadderJob, name: string) => `${name} has the urgent job ${job.code} (${job.what}). Nothing more to do.`,
  replies: {
    acknowledged: (phone: string) => `Thanks, it is yours. Call the customer now${phone ? `: ${phone}` : ''}. The lead is in your inbox.`,
    already: (name: string) => `${name} already has that job. Nothing more to do.`,
    which: (jobs: readonly LadderJob[]) => `Which job? Reply OK and its code: ${jobs.map((j) => `${j.code} ${j.what}`).join('; ')}.`,
    help: (jobs: readonly LadderJob[]) =>
      jobs.length === 0
        ? 'No urgent job is waiting for you now.'
        : jobs.length === 1
          ? `Reply OK ${jobs[0]!.code} if you will take the urgent job (${jobs[0]!.what}).`
          : ladderWords.replies.which(jobs),
  },
  events: {
    started: (reason: LadderReason, people: number) =>
      people > 0
        ? `${why[reason]}: waking the business (${people} ${people === 1 ? 'person' : 'people'} on the ladder)`
        : `${why[reason]}, and nobody on the ladder has a way to be woken: add your mobile on your profile`,
    acknowledged: (email: string, via: AckVia) => `${email} has it (acknowledged by ${channelName[via]})`,
  },
  /** The answers of the acknowledgement link a push carries. */
  link: {
    done: 'Thanks, the job is yours.',
    already: (name: string) => `${name} already has it.`,
    ended: 'That alert has ended: the job was taken or closed.',
  },
} as const;
