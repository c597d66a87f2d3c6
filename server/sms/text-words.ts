/**
 * Every text message partners read, and the short answers to their replies. A text is read on a
 * lock screen at night: the job in one line, what to do, and never the customer's details before
 * they accept (nor anything the customer typed freely).
 */
import { business } from '../../core/business.ts';

/** Plain spaces: one character outside the GSM alphabet (a non-breaking space, a curly quote) makes a text cost twice as much. */
const line = () => business.emergencyLine.digits.replace(/\u00a0/g, ' ');

export const textWords = {
  /** The offer: what, where, by when, the link, and how to answer. */
  offer: (o: { urgent: boolean; service: string; place: string; onSiteBy: string | undefined; acceptBy: string; link: string }) =>
    [
      `${o.urgent ? 'URGENT job' : 'Job'} from ${business.name}: ${o.service || 'refrigeration'}, ${o.place}.`,
      o.onSiteBy ? `On site by ${o.onSiteBy}.` : '',
      `Accept by ${o.acceptBy}: ${o.link}`,
      'Reply YES to accept or NO to decline.',
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
    get taken() {
      return `Sorry, that job has been taken or has closed. Questions: ${line()}.`;
    },
    held: 'You already have this job: its details are in the text we sent after your YES.',
    declined: 'Thanks, we will offer it to someone else.',
    get noOffer() {
      return `No job is waiting for your answer right now. Questions: ${line()}.`;
    },
    stopped: `${business.name}: texts are off. Reply START to turn them back on.`,
    started: `${business.name}: texts are on again. Reply STOP to turn them off.`,
    help: 'Reply YES to accept the job we just texted, NO to decline it, or STOP for no more texts.',
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
  events: {
    undelivered: (name: string) => `The text to ${name} could not be delivered: offered to the next on-call partner`,
  },
} as const;
