/**
 * Every text message partners read, and the short answers to their replies. A text is read on a
 * lock screen at night: the job in one line, what to do, and never the customer's details before
 * they accept (nor anything the customer typed freely).
 */
import { business } from '../../core/business.ts';

/** Plain spaces: one character outside the GSM alphabet (a non-breaking space, a curly quote) makes a text cost twice as much. */
const line = () => business.emergencyLine.digits.replace(/\u00a0/g, ' ');

/** How a customer stops our texts: Twilio reads STOP as the whole reply. */
const STOP_LINE = 'Reply STOP to stop these texts.';

/** A job still waiting, as a reply lists it. */
interface Waiting {
  code: string | null;
  service: string;
  city: string;
}
const endedWords = {
  lapsed: 'Sorry, the time to accept that job ran out, so it is no longer open to you.',
  taken: 'Sorry, another partner took that job first.',
  declined: 'You turned that job down, so it is no longer open to you.',
  closed: 'Sorry, that job was withdrawn or has closed.',
} as const;
const codeOf = (job: Waiting | undefined) => (job?.code ? ` ${job.code}` : '');
const jobList = (waiting: readonly Waiting[]) =>
  waiting.map((job) => `${job.code ?? '(no code)'} ${[job.service || 'refrigeration', job.city].filter(Boolean).join(', ')}`).join('; ');

export const textWords = {
  /**
   * The offer: what, where, what the customer says is wrong (already cleaned and cut), by when, the
   * link, and how to answer with the job's code.
   */
  offer: (o: {
    urgent: boolean;
    code: string | undefined;
    what: string;
    place: string;
    said: string;
    onSiteBy: string | undefined;
    acceptBy: string;
    link: string;
  }) =>
    [
      `${o.urgent ? 'URGENT job' : 'Job'}${o.code ? ` ${o.code}` : ''} from ${business.name}: ${o.what}, ${o.place}.`,
      o.said ? `Customer says: "${o.said}"` : '',
      o.onSiteBy ? `On site by ${o.onSiteBy}.` : '',
      `Accept by ${o.acceptBy}: ${o.link}`,
      o.code ? `Reply YES ${o.code} to accept or NO ${o.code} to decline.` : 'Reply YES to accept or NO to decline.',
      // New Zealand's networks ask that a text inviting a reply says the reply may cost.
      'Std text charges may apply.',
    ]
      .filter(Boolean)
      .join(' '),
  /** After a YES: the customer, to call now, and the job page for the rest. */
  accepted: (a: { name: string; phone: string; address: string; link: string }) =>
    `You have the job. Customer: ${a.name}, ${a.phone}. Site: ${a.address}. Call them now. Access notes and details: ${a.link}`,
  replies: {
    accepted: "Thanks, the job is yours. The customer's details follow in a moment.",
    // Getters: the emergency line is the published one at the time of asking.
    /** An offer that ended before this answer, saying how. */
    ended: (how: 'lapsed' | 'taken' | 'declined' | 'closed') => `${endedWords[how]} Questions: ${line()}.`,
    held: 'You already have this job: its details are in the text we sent after your YES.',
    declined: 'Thanks, you have turned that job down.',
    get noOffer() {
      return `No job is waiting for your answer right now. Questions: ${line()}.`;
    },
    stopped: `${business.name}: texts are off. Reply START to turn them back on.`,
    started: `${business.name}: texts are on again. Reply STOP to turn them off.`,
    /** What to reply, for the jobs waiting (with their codes when there are several, or the one has one). */
    help: (waiting: readonly Waiting[]) =>
      waiting.length > 1
        ? `Reply YES or NO with the job's code: ${jobList(waiting)}. Reply STOP for no more texts.`
        : `Reply YES${codeOf(waiting[0])} to accept the job we texted, NO${codeOf(waiting[0])} to decline it, or STOP for no more texts.`,
    /** Several jobs wait and the reply named none. */
    which: (waiting: readonly Waiting[]) =>
      `You have ${waiting.length} jobs waiting, so we have not taken any. Which one? Reply YES or NO with its code: ${jobList(waiting)}.`,
    /** A reply that was neither yes nor no: passed on, and the wait held a little longer. */
    noted: (waiting: readonly Waiting[], until: string | undefined) =>
      [
        `Thanks, we have passed your message on to ${business.name}.`,
        waiting.length > 1
          ? `To answer a job, reply YES or NO with its code: ${jobList(waiting)}.`
          : `To take the job reply YES${codeOf(waiting[0])}, or NO${codeOf(waiting[0])} to decline it.`,
        until ? `We will hold it for you until ${until}.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    get unknownNumber() {
      return `This number is not on ${business.name}'s partner list. Call ${line()}.`;
    },
  },
  /**
   * A text as sent: typographic characters become their plain forms (GSM-7 fits 160 characters in a
   * part, anything else 70), and no line breaks.
   */
  plain: (text: string) =>
    text
      .replace(/[\u00a0\u2000-\u200b\s]+/g, ' ')
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/[\u2013\u2014]/g, '-')
      .replace(/\u2026/g, '...')
      .trim(),
  /**
   * The texts to a lead's customer: who is coming and when, or the truth that nobody is yet, and
   * always the business's 24/7 line. No link (a customer's phone may flag one), at most two parts.
   */
  customer: {
    /** A partner accepted: their name, their number, and the on-site-by time they accepted with. */
    committed: (a: { name: string; phone: string; onSiteBy: string | undefined }) =>
      [
        `${business.name}: ${a.name} has taken your urgent job${a.onSiteBy ? ` and is due on site by ${a.onSiteBy}` : ''}.`,
        a.phone ? `Their number: ${a.phone}.` : '',
        `Anything else, call us 24/7 on ${line()}.`,
        STOP_LINE,
      ]
        .filter(Boolean)
        .join(' '),
    /** A person of the business acknowledged it: their first name, and the business's own line. */
    acknowledged: (a: { firstName: string | undefined; onSiteBy: string | undefined }) =>
      [
        `${business.name}: ${a.firstName ? `${a.firstName} from our team` : 'Our team'} has your urgent job and will be in touch.`,
        a.onSiteBy ? `We aim to have someone on site by ${a.onSiteBy}.` : '',
        `Call us 24/7 on ${line()}.`,
        STOP_LINE,
      ]
        .filter(Boolean)
        .join(' '),
    /** The partner pressed "On my way". */
    onMyWay: (a: { name: string; phone: string; arriveBy: string }) =>
      [`${business.name}: ${a.name} is on the way to you and expects to arrive by ${a.arriveBy}.`, a.phone ? `Their number: ${a.phone}.` : '', STOP_LINE]
        .filter(Boolean)
        .join(' '),
    /** The partner the customer was told of handed the job back. */
    handedBack: (a: { name: string }) =>
      `${business.name}: sorry, ${a.name} can no longer come to your job. We are looking for someone else now. To talk to us, call 24/7 on ${line()}. ${STOP_LINE}`,
    /** 30 minutes on, nobody has committed: no promise, only what is true and the number to call. */
    get nobodyYet() {
      return `${business.name}: sorry, we have not yet found a technician for your urgent job. We are still trying. To talk to someone now, call us 24/7 on ${line()}. ${STOP_LINE}`;
    },
    /** The answer to a customer's reply that is not STOP. */
    get noted() {
      return `Thanks, we have passed your message on to ${business.name}. For anything urgent call us 24/7 on ${line()}.`;
    },
    started: `${business.name}: texts about your job are on again. Reply STOP to turn them off.`,
    /**
     * A won job's one request for a Google review, and its one reminder: the link, and nothing
     * offered or asked first (every customer is asked alike, whatever they thought of the job).
     */
    review: (link: string) => `${business.name}: thanks for having us. If you have a minute, a Google review helps others find us: ${link} ${STOP_LINE}`,
    reviewReminder: (link: string) =>
      `${business.name}: a last reminder, if you have a minute, a Google review of our work helps others find us: ${link} ${STOP_LINE}`,
  },
  events: {
    /** A text sent to the lead's customer, as it was sent. */
    customerTexted: (body: string) => `Text to the customer: ${body}`,
    /** The customer's reply to one of our texts, their words as they wrote them (cleaned and cut). */
    customerReplied: (words: string) => `Reply by text from the customer: ${words}`,
    // Only "could not be delivered": whether anyone else is free to be offered it is dispatch's to find out, and its own line says so.
    undelivered: (name: string) => `The text to ${name} could not be delivered, so the offer to them has ended`,
    /** A partner's reply that was neither yes nor no, their words as they wrote them (cleaned and cut). */
    replied: (name: string, words: string) => `Reply by text from ${name}: ${words}`,
  },
} as const;
