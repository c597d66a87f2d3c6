/**
 * Copy of the e-mails the lead server sends: the notification to the business and the
 * acknowledgement to the visitor. The senders only arrange these words; promises and the
 * emergency line come from the business config.
 */
import { business } from '../../core/business.ts';

const { quoteWithin, emailReplyWithin } = business.promises;

export const notificationCopy = {
  urgentTag: 'URGENT',
  /** Subject prefix of a lead that is not urgent, so the owner can filter on it. */
  quoteTag: 'Quote request',
  subjectSeparator: ' · ',
  noService: 'General enquiry',
  urgentBanner: 'URGENT – call back first',
  urgentWhy: {
    timeframe: 'timeframe “Urgent (24–72h)”',
    siteType: 'a repair call-out',
    path: 'sent from the emergency repairs page',
  },
  call: (phone: string) => `Call ${phone}`,
  email: (address: string) => `E-mail ${address}`,
  replySubject: 'Re: your refrigeration quote request',
  noPhone: 'No phone number given',
  projectHeading: 'Project details',
  noNotes: 'No details written.',
  choicesHeading: 'What they chose',
  originHeading: 'Where this came from',
  sentFrom: (path: string) => `Sent from the page ${path}`,
  campaign: (parts: string) => `Campaign: ${parts}`,
  googleAds: 'From a Google Ads click',
  referrer: (host: string) => `Arrived from ${host}`,
  direct: 'No campaign or referring site recorded (typed in, bookmarked or an app)',
  device: (device: string) => `On a ${device}`,
  received: (when: string) => `Received ${when}`,
  leadId: (id: string) => `Lead ${id}`,
  replyHint: 'Reply to this e-mail to answer them directly.',
  openInInbox: 'Open in the inbox',
} as const;

export const acknowledgementCopy = {
  subject: `We have your quote request – ${business.name}`,
  heading: 'Thanks, we have your request',
  intro: `Thanks for asking ${business.name} for a quote. This is what we received:`,
  nextHeading: 'What happens next',
  next: [`We reply to your e-mail within ${emailReplyWithin}.`, `Your free, no-obligation quote follows within ${quoteWithin}.`],
  emergency: (display: string) => `Fridge or cool room down right now? Call our 24/7 emergency line, ${display}.`,
  replyHint: 'To add anything, reply to this e-mail.',
  signOff: `${business.name}`,
} as const;
