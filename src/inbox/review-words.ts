/**
 * The inbox's words about Google review requests: the card on a lead (owners) and the Reports'
 * section with the owners' switch. Plain words for the owner; the figures are counts, never guesses.
 */
import type { LeadReview } from '../../core/inbox-api/contract.ts';

type Reason = NonNullable<LeadReview['reason']>;
const how = (channel: LeadReview['channel']) => (channel === 'sms' ? 'by text' : 'by e-mail');

export const reviewWords = {
  lead: {
    heading: 'Google review',
    none: 'When this lead is marked Won, the customer is asked once for a Google review.',
    queued: (when: string) => `The customer will be asked for a Google review at ${when}.`,
    skipped: 'Skipped: this customer will not be asked for a review.',
    sending: 'The review request is being sent.',
    sent: (channel: LeadReview['channel'], when: string) => `Asked for a Google review ${how(channel)} ${when}.`,
    pressed: (times: number, when: string) => `They opened the review link ${when}${times > 1 ? ` (${times} times)` : ''}.`,
    notPressed: 'They have not opened the review link yet.',
    reminded: (when: string) => `One reminder sent ${when}.`,
    held: {
      off: 'Not asked: review requests are turned off (Reports).',
      no_place: 'Not asked: the business details have no Google place ID yet (Site, Business details).',
      not_won: 'Not asked: the lead was no longer Won when the request was due.',
      no_contact: 'Not asked: the customer gave no way to reach them.',
      stopped: 'Not asked: the customer replied STOP to our texts.',
      unsubscribed: 'Not asked: the customer unsubscribed from review e-mails.',
      asked_recently: 'Not asked: this customer was asked for a review in the last six months.',
      undelivered: 'Not asked: the text or e-mail could not be delivered.',
    } satisfies Record<Reason, string>,
    skip: 'Don’t ask this customer',
    unskip: 'Ask for a review after all',
  },
  report: {
    heading: 'Google review requests',
    sent: 'Requests sent',
    byText: (n: number) => `${n} by text`,
    pressed: 'Review links opened',
    reminded: 'Reminders sent',
    on: 'Customers of won jobs are asked once for a Google review, with one reminder if they do not open the link.',
    off: 'Review requests are turned off: no customer is asked.',
    noPlace: 'Add your Google place ID in Site, Business details: until then no customer is asked.',
    turnOff: 'Turn review requests off',
    turnOn: 'Turn review requests on',
  },
} as const;
