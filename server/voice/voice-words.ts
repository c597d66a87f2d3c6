/**
 * What calls to the business say: to the caller, to the person rung before they take the call, in
 * the text back to a caller nobody answered, and on the lead's timeline.
 */
import { business } from '../../core/business.ts';

/** A number as New Zealanders write it: +6421… as 021…; a withheld number as such. */
export function nationalNumber(e164: string): string {
  if (!e164) return 'a withheld number';
  return e164.startsWith('+64') ? `0${e164.slice(3)}` : e164;
}

const minutes = (seconds: number) => (seconds < 60 ? `${seconds} s` : `${Math.round(seconds / 60)} min`);

export const voiceWords = {
  caller: {
    greeting: `Thanks for calling ${business.name}. Please hold while we put you through.`,
    stillTrying: 'Still trying to reach someone for you. Please hold.',
    voicemail:
      'Sorry, nobody could take your call just now. After the tone, please leave your name, your address and what is wrong, and we will call you back.',
    thanks: 'Thank you. We will call you back soon. Goodbye.',
  },
  callee: {
    whisper: (afterHours: boolean) => `${afterHours ? 'Urgent call' : 'Call'} for ${business.name}, press 1 to take it.`,
    noKey: 'No key was pressed, so the call goes to the next person. Goodbye.',
    taken: 'This call has been taken or has ended. Goodbye.',
  },
  /** At most two text parts, plain GSM-7, no link. */
  textBack: `Sorry we missed your call. ${business.name} will call you back within 15 minutes. Reply with your address and what is wrong.`,
  lead: {
    name: 'Phone caller',
    notes: (o: { dialled: string; source: string; at: string; answeredBy?: string | undefined }) =>
      `${o.answeredBy ? `Call answered by ${o.answeredBy}` : 'Missed call'} to ${nationalNumber(o.dialled)}${o.source ? ` (${o.source})` : ''} at ${o.at}.`,
  },
  events: {
    missed: (rung: readonly { name: string; seconds: number }[]) =>
      rung.length === 0
        ? 'Missed call: nobody was set to take calls'
        : `Missed call: rang ${rung.map((r) => `${r.name} (${minutes(r.seconds)})`).join(', ')}; nobody pressed 1`,
    answered: (name: string) => `${name} answered the call`,
    talked: (name: string, seconds: number) => `Answered by ${name}, ${minutes(seconds)}`,
    voicemail: (seconds: number) => `Voicemail left (${minutes(seconds)})`,
    transcript: (text: string) => `Voicemail: ${text}`,
  },
} as const;
