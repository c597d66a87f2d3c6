/**
 * Every sentence partners read: the offer e-mails and the partner page. NZ English, for a
 * technician on a phone: what the job is, what to press, and never the customer's details before
 * they accept it.
 */
import { business } from '../../core/business.ts';

export const partnerWords = {
  offerSubject: (what: string, urgent: boolean) => `${urgent ? 'URGENT job offer' : 'Job offer'}: ${what}`,
  offerIntro: `${business.name} has a job for you. The customer’s details are shown once you accept it.`,
  answerBy: (when: string) => `Please answer by ${when}.`,
  openJob: 'Open the job',
  urgent: 'Urgent: the customer needs someone as soon as possible.',
  notUrgent: 'Not urgent.',
  facts: {
    service: 'Service',
    city: 'City',
    units: 'Units',
    timeframe: 'Timeframe',
    siteType: 'Site type',
    industry: 'Industry',
    notes: 'Project details',
  },
  noNotes: 'No details written.',
  acceptedSubject: (what: string) => `You have the job: ${what}`,
  acceptedIntro: 'Thanks for taking this job. Contact the customer now:',
  customer: { name: 'Name', company: 'Company', phone: 'Phone', email: 'E-mail' },
  signOff: `${business.name}. Reply to this e-mail to reach us.`,
  page: {
    title: 'Job offer',
    continueIntro: `${business.name} sent you this link with a job offer. Press Continue to see the job.`,
    continue: 'Continue',
    heading: (what: string) => what,
    accept: 'Accept job',
    decline: 'Decline',
    reason: 'Why are you declining? (optional)',
    onSite: 'On site',
    quoteSent: 'Quote sent',
    customerHeading: 'The customer',
    accepted: 'You have this job. Contact the customer now.',
    onSiteAt: (when: string) => `On site recorded ${when}.`,
    quoteSentAt: (when: string) => `Quote sent recorded ${when}.`,
    declined: 'You declined this job. Thanks for letting us know.',
    taken: 'Another partner has taken this job. Thanks anyway.',
    expired: 'This offer has expired.',
    withdrawn: 'This job is no longer offered.',
    gone: 'This job has been withdrawn.',
    invalidTitle: 'Link not valid',
    invalid: `This link is not valid. Check you opened the whole link from the e-mail, or contact ${business.name}.`,
    refused: 'This request did not come from the partner page, so nothing was changed.',
    answerBy: (when: string) => `Answer by ${when}.`,
  },
  events: {
    offered: (name: string) => `Offered to ${name}`,
    dispatched: (name: string) => `Offered to ${name} (on call, sent automatically)`,
    timedOut: (name: string) => `Offer to ${name} withdrawn: not accepted in time`,
    accepted: (name: string) => `${name} accepted the job`,
    declined: (name: string, reason: string) => `${name} declined${reason ? `: ${reason}` : ''}`,
    onSite: (name: string) => `${name} is on site`,
    quoteSent: (name: string) => `${name} sent a quote`,
  },
  audit: {
    disclosed: (leadId: string, name: string, email: string) => `Lead ${leadId}: customer’s details disclosed to ${name} (${email})`,
  },
} as const;
