/**
 * Copy of the e-mails the lead server sends: the notification to the business and the
 * acknowledgement to the visitor. The senders only arrange these words; promises and the
 * emergency line come from the business config.
 */
import { quoteRate } from '../../core/visit/visit-figures.ts';
import { business, whileYouWait } from '../../core/business.ts';

export const notificationCopy = {
  urgentTag: 'URGENT',
  /** Subject prefix of a lead that is not urgent, so the owner can filter on it. */
  quoteTag: 'Quote request',
  subjectSeparator: ' · ',
  noService: 'General enquiry',
  urgentBanner: 'URGENT – call back first',
  siteHeading: 'Where the job is',
  noSite: 'No site address given.',
  access: (notes: string) => `Access: ${notes}`,
  map: 'Open in Google Maps',
  dispatched: (names: readonly string[], when: string, until: string) =>
    names.length === 1
      ? `Offered automatically to ${names[0]} (on call) at ${when}: if they accept by ${until} they call the customer, and you will see it on the lead. Otherwise it goes to the next partner, and you hear if nobody takes it.`
      : `Offered automatically to ${names.slice(0, -1).join(', ')} and ${names.at(-1)} (on call) at ${when}: the first to accept by ${until} calls the customer, and you will see it on the lead. You hear if nobody takes it.`,
  dispatching: (name: string) =>
    `Being offered automatically to the on-call partners, ${name} first. If one accepts, they call the customer and you will see it on the lead.`,
  uncovered: 'No on-call partner covers this city and service, so nobody is being offered it automatically: call the customer yourself.',
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
  /** A getter: the promises are the published ones at the time of sending. */
  get next() {
    const { quoteWithin, emailReplyWithin } = business.promises;
    return [`We reply to your e-mail within ${emailReplyWithin}.`, `Your free, no-obligation quote follows within ${quoteWithin}.`];
  },
  emergency: (display: string) => `Fridge or cool room down right now? Call our 24/7 emergency line, ${display}.`,
  urgent: {
    subject: `A technician will call you – ${business.name}`,
    heading: 'Thanks, we have your urgent request',
    target: (city: string | null, hours: string) =>
      city
        ? `A technician will call you; we aim to be on site in ${city} within ${hours}.`
        : `A technician will call you; we aim to be on site within ${hours} in regional areas, and sooner in the main cities.`,
    /** When no on-call technician covered the request as it arrived: the 24/7 line first, and no technician's time promised. */
    uncovered: {
      subject: (display: string) => `Please call ${display} now – ${business.name}`,
      lead: (display: string) => `Call ${display} now: no technician is on call for your area at this moment, and our emergency line is answered 24/7.`,
      next: (display: string) => [`The person who answers ${display} talks through the fault with you and arranges what happens next.`, whileYouWait],
    },
    call: (display: string) => `Call ${display}, 24/7`,
    callText: (display: string, digits: string) => `Call ${display} (${digits}), 24/7, if it gets worse or you need us sooner.`,
    received: 'This is what we received:',
    next: [
      'The technician matched to your job calls the number you gave to talk through the fault and how to reach your site.',
      'Response times are targets, not guarantees: they vary with weather, technician availability and access to your site.',
      whileYouWait,
    ],
  },
  replyHint: 'To add anything, reply to this e-mail.',
  signOff: `${business.name}`,
  introducedSubject: (partner: string) => `${partner} will contact you – ${business.name}`,
  introducedHeading: (partner: string) => `${partner} has taken your job`,
  introducedIntro: (partner: string) =>
    `${partner}, one of the suppliers and technicians ${business.name} works with, has taken on your request and will contact you directly to arrange it.`,
  introducedShared: (partner: string) =>
    `We have passed your name, company, phone, e-mail and everything you wrote to ${partner} for this job, and to no one else.`,
  /** Said when the partner took the job by replying to a text: those details then went by text, through the text provider. */
  introducedByText: (partner: string) =>
    `${partner} took the job by replying to our text message, so your name, phone number and site address were sent to them by text, through Twilio, the service that carries our texts.`,
  introducedAlsoShown: (others: readonly string[]) =>
    `Before that, we offered the job to ${others.length === 1 ? others[0] : `${others.slice(0, -1).join(', ')} and ${others.at(-1)}`}: they saw what you asked for and your city, with no name, company, phone, e-mail or contact details from your message.`,
  introducedPhone: (phone: string) => `Call them: ${phone}`,
  introducedOnSiteBy: (when: string) => `We aim to have someone on site by ${when}.`,
} as const;

/** Copy of the e-mails about the business's own work: the nudge, the follow-up reminder, the evening gap note and the weekly digest. */
export const noticeCopy = {
  nudgeSubject: (who: string, urgent: boolean) => `${urgent ? 'URGENT: still not called' : 'Still waiting for a call'} · ${who}`,
  nudgeIntro: (who: string, waited: string) =>
    `${who} asked for a quote ${waited} ago and is still New in the lead inbox: nobody has called or written a note yet.`,
  reminderSubject: (who: string) => `Follow up today · ${who}`,
  unacceptedSubject: (who: string) => `URGENT: nobody has accepted the job · ${who}`,
  unacceptedIntro: (who: string, asked: number) =>
    `${who} needs urgent help and none of the ${asked} on-call partner${asked === 1 ? '' : 's'} offered the job has taken it yet. Call them, or offer the job from the lead.`,
  arrived: (when: string) => `Arrived ${when}`,
  overnight: {
    subject: (urgent: number, needing: number) =>
      `Overnight: ${urgent} urgent lead${urgent === 1 ? '' : 's'}${needing ? `, ${needing} still need${needing === 1 ? 's' : ''} you` : ', all taken'}`,
    intro: (sentAt: string) => `The urgent leads that came in from 6 pm last night to 7 am today (${sentAt}):`,
    count: {
      open: (n: number) => `${n} still open`,
      escalated: (n: number) => `${n} nobody accepted`,
      taken: (n: number) => `${n} taken by a partner`,
      onSite: (n: number) => `${n} with someone on site`,
    },
    heading: { open: 'Still open: nobody has them yet', escalated: 'Nobody accepted: call them', taken: 'Taken by a partner', onSite: 'Someone on site' },
    line: (who: string, when: string, partner: string | undefined) => `${who}, arrived ${when}${partner ? `, ${partner}` : ''}`,
  },
  gaps: {
    subject: (cities: string) => `Nobody on call tonight in ${cities}`,
    intro: (cities: string, evening: string) =>
      `None of your partners is on call in ${cities} tonight (${evening}) through to 7 am, so an urgent job there may not be offered to anyone. Ask a partner to go on call, or be ready to take those calls yourself.`,
    couldCover: (city: string) => `Your partners in ${city}`,
    nobody: (city: string) => `None of your partners covers ${city}. Add one on the Partners page.`,
    notOnCall: 'not on call',
    onCallUntil: (when: string) => `on call only until ${when}`,
    bounced: 'on call, but an offer e-mail to them bounced, so urgent jobs skip them until you fix their address',
    openPartners: 'Open Partners in the inbox',
  },
  onSiteBy: (when: string) => `Someone must be on site by ${when}`,
  triedHeading: 'Partners tried',
  callCustomer: (name: string) => `Call ${name}`,
  outcome: {
    declined: (reason: string) => (reason ? `declined (“${reason}”)` : 'declined'),
    noAnswer: 'no answer in time',
    withdrawn: 'withdrawn',
    textUndelivered: 'not reached (the text did not arrive)',
    emailUndelivered: 'not reached (their e-mail address refused it)',
  },
  phoneLabel: 'Phone: ',
  reminderIntro: (who: string, date: string) => `You asked to follow up with ${who} on ${date}.`,
  status: (label: string) => `Status: ${label}`,
  phone: (phone: string) => `Phone: ${phone}`,
  email: (address: string) => `E-mail: ${address}`,
  openLead: 'Open the lead',
  digestSubject: (range: string) => `Your leads for the week of ${range}`,
  digestHeading: (range: string) => `Leads for the week of ${range}`,
  digestIntro: (business: string) =>
    `The week’s quote requests to ${business}, Monday to Sunday, New Zealand time. Spam is left out of every figure but its own.`,
  leadsTotal: (n: number) => `Leads: ${n}`,
  visitors: (visitors: number, quotes: number) => {
    const rate = quoteRate(quotes, visitors);
    return `Visitors: ${visitors}, quote rate ${rate === null ? '–' : `${Math.round(rate * 1000) / 10}%`} (quote requests per visitor)`;
  },
  bySource: 'By source',
  byService: 'By service',
  wonValue: (value: string, jobs: number) => `Won this week: ${value} from ${jobs} job${jobs === 1 ? '' : 's'}`,
  partners: (offers: number, accepted: number, kept: number, urgent: number) =>
    `Partners: ${offers} offer${offers === 1 ? '' : 's'}, ${accepted} accepted; on site by the promised time for ${kept} of ${urgent} urgent lead${urgent === 1 ? '' : 's'}`,
  firstContact: 'Median time to first contact',
  businessHours: 'Arrived in office hours',
  afterHours: 'Arrived after hours',
  waiting: (n: number) => `${n} still waiting`,
  stillNew: (n: number) => `Leads still New in the inbox: ${n}`,
  spamHeld: (n: number) => `Spam held back this week: ${n}`,
  dead: (n: number) => `Notifications that failed for good: ${n}`,
  noDead: 'Every notification was delivered.',
  deadLine: (job: string, error: string | null) => `${job}${error ? `: ${error}` : ''}`,
  deadHint: 'Send them again from the lead in the inbox, or with: npm run leads -- retry-dead',
  openInbox: 'Open the lead inbox',
  prices: {
    heading: 'Your website',
    line: (days: number) =>
      `Prices on your website were last verified ${days} days ago. The price guide promises monthly checks: check the figures, then press “Mark as verified today” in the inbox’s Site section.`,
    subject: (days: number) => `Check the prices on your website: last verified ${days} days ago`,
    intro: (days: number, date: string) =>
      `The price figures on your website were last verified on ${date}, ${days} days ago, and the price guide tells visitors they are checked monthly. Buyers compare prices with these pages, so please check them.`,
    pagesHeading: 'Pages with a price date line',
    page: (title: string, date: string) => `${title}: last verified ${date}`,
    howTo:
      'Open each page in the Site section, check its figures (and change any that have moved), then press “Mark as verified today”. It takes effect on the website within seconds.',
    openSite: 'Open Site in the inbox',
  },
  openReports: 'See the reports',
  none: 'none',
} as const;

/** Copy of the e-mails about a job on a lead: the customer told nobody has it yet, and the business told its partner finished or handed it back. */
export const jobCopy = {
  nobodyYet: {
    subject: `We are still finding a technician – ${business.name}`,
    heading: 'We have not found a technician yet',
    /** Getters: the emergency line is the published one at the time of sending. */
    get lines() {
      return [
        `Sorry: 30 minutes after your urgent request, none of our technicians has been able to take it yet. We are still trying.`,
        `To talk to someone now, call our 24/7 line, ${business.emergencyLine.display} (${business.emergencyLine.digits}).`,
      ];
    },
    call: (display: string) => `Call ${display}, 24/7`,
    callText: (display: string, digits: string) => `Call ${display} (${digits}), 24/7.`,
    signOff: `${business.name}`,
  },
  doneSubject: (who: string) => `Job done: mark it Won or Lost · ${who}`,
  doneIntro: (partner: string) =>
    `${partner} has marked this job done. Mark the lead Won (with the job’s value) or Lost in the inbox, so the reports count it.`,
  handedBackSubject: (who: string, urgent: boolean) => `${urgent ? 'URGENT: ' : ''}Job handed back · ${who}`,
  handedBackIntro: (partner: string, reason: string) => `${partner} can’t do this job and has handed it back. Their reason: “${reason}”`,
  handedBackNext: (urgent: boolean) =>
    urgent
      ? 'As it is urgent, it goes at once to any other on-call partner who covers it, and the escalation ladder wakes your people until someone has it. The customer no longer shows on their job page.'
      : 'Offer it to another partner from the lead, or call the customer yourself. The customer no longer shows on their job page.',
  openLead: 'Open the lead',
} as const;
