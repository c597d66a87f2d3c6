/**
 * Every sentence partners read: the offer e-mails and the partner page. NZ English, for a
 * technician on a phone: what the job is, what to press, and never the customer's details before
 * they accept it.
 */
import { business } from '../../core/business.ts';
import { statusLabels, type LeadStatus } from '../../core/lead/status.ts';
import type { AnswerWords } from '../dispatch/offer-answers.ts';
import { nzTime } from '../../core/nz-time.ts';

export const partnerWords = {
  offerSubject: (what: string, urgent: boolean) => `${urgent ? 'URGENT job offer' : 'Job offer'}: ${what}`,
  offerIntro: `${business.name} has a job for you. The customer’s details are shown once you accept it.`,
  notesHidden: 'Names, phone numbers, e-mail addresses and links in the customer’s words are shown once you accept.',
  acceptBy: (when: string) => `Accept by ${when}.`,
  onSiteBy: (when: string) => `On site by ${when} (the time we promised the customer).`,
  where: (place: string) => `Where: ${place}`,
  budget: (range: string) => `Budget: ${range}`,
  openAgain: 'Open the job page',
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
  endedSubject: (what: string) => `Job no longer available: ${what}`,
  ended: {
    taken: 'Another partner took this job first, so the offer we sent you has ended.',
    // Not "offered it to someone else": when it lapses nobody else may be free, and the business keeps it.
    timedOut: 'The time to accept this job passed, so the offer we sent you has ended.',
    withdrawn: 'We have withdrawn this job offer: it is no longer available.',
    takenBack: 'We have taken this job back, so it is no longer yours: please do not go to the site or contact the customer about it.',
  },
  endedNothingToDo: 'There is nothing for you to do. Thanks for being on our list.',
  customer: { name: 'Name', company: 'Company', phone: 'Phone', email: 'E-mail' },
  signOff: `${business.name}. Reply to this e-mail to reach us.`,
  /** Every e-mail to a partner links to their standing page. */
  yourJobs: 'Your jobs',
  yourJobsHint: 'every job we have offered you, and when you are on call, on one page.',
  page: {
    title: 'Job offer',
    continueIntro: `${business.name} sent you this link with a job offer. Press Continue to see the job.`,
    continue: 'Continue',
    heading: (what: string) => what,
    urgent: 'Urgent',
    acceptBy: (when: string) => `Accept by ${when}`,
    onSiteBy: (when: string) => `On site by ${when}`,
    where: 'Where',
    map: 'Open in maps',
    access: 'Getting in',
    budget: 'Budget',
    accept: 'Accept job',
    decline: 'Decline',
    reason: 'Why are you declining? (optional)',
    onSite: 'On site',
    quoteSent: 'Quote sent',
    confirmOnSite: 'Record that you are on site now?',
    confirmQuoteSent: 'Record that you have sent the customer a quote?',
    yesOnSite: 'Yes, I’m on site',
    yesQuoteSent: 'Yes, quote sent',
    notYet: 'Not yet',
    undo: (what: string) => `Undo “${what}”`,
    undoHint: 'Pressed by mistake? You can undo it for 10 minutes.',
    customerHeading: 'The customer',
    call: (name: string) => `Call ${name}`,
    text: (name: string) => `Text ${name}`,
    email: (name: string) => `E-mail ${name}`,
    accepted: 'You have this job. Contact the customer now.',
    /** Once on site (or on the way, or done) the customer has been reached: the page says where the job stands instead. */
    onWayAt: (arriveBy: string, texted: boolean) => `On your way: you said you would arrive by ${arriveBy}.${texted ? ' We are texting the customer.' : ''}`,
    onSiteNow: 'You are on site.',
    doneAt: (when: string) => `Job done, recorded ${when}. Thanks: we have let the office know.`,
    onMyWay: 'On my way',
    onMyWayLegend: 'On my way: when will you get there?',
    /** Said only where the customer's mobile can be texted. */
    onMyWayHint: 'We text the customer that you are coming and when, with your name and number.',
    inMinutes: (minutes: number) => `In ${minutes} minutes`,
    withinHour: 'Within the hour',
    jobDone: 'Job done',
    confirmDone: 'Record that the job is done? The page then shows the job as finished.',
    yesDone: 'Yes, the job is done',
    handBack: 'I can’t do this job',
    handBackIntro: 'If you can’t do this job after all, hand it back so we can send someone else now. The customer’s details then close to you.',
    handBackReason: 'Why can’t you do it? (needed, a few words)',
    handBackSend: 'Hand the job back',
    handBackMissing: 'Write a few words about why, then press “Hand the job back”.',
    handedBack:
      'You handed this job back. Thanks for telling us: we are finding someone else, so please do not go to the site or contact the customer about it.',
    onSiteAt: (when: string) => `On site recorded ${when}.`,
    quoteSentAt: (when: string) => `Quote sent recorded ${when}.`,
    declined: 'You declined this job. Thanks for letting us know.',
    taken: 'Another partner has taken this job. Thanks anyway.',
    expired: 'The time to accept this offer has passed, so it is no longer yours to take.',
    withdrawn: 'This job is no longer offered.',
    takenBack: 'We have taken this job back, so it is no longer yours: please do not go to the site or contact the customer about it.',
    gone: 'This job has been withdrawn.',
    closed: 'This job is closed, so its details are no longer shown here.',
    // Getters: the emergency line is the published one at the time of asking.
    get callUs() {
      return `For anything about it, call ${business.name} on ${business.emergencyLine.display} (${business.emergencyLine.digits}).`;
    },
    afterHours: `${business.name} after hours`,
    callBusiness: `Call ${business.name}`,
    invalidTitle: 'Link not valid',
    get invalid() {
      return `This link is not valid. Check you opened the whole link from the e-mail, or call ${business.name} on ${business.emergencyLine.display}.`;
    },
    refused: 'This request did not come from the partner page, so nothing was changed.',
  },
  /** The partner's standing page, "Your jobs". */
  jobs: {
    title: 'Your jobs',
    forName: (name: string) => `For ${name}`,
    onCallUntil: (when: string) => `On call until ${when}`,
    onCallNoEnd: 'On call (no end time set)',
    notOnCall: 'Not on call',
    onCallHeading: 'When you are on call',
    onCallIntro: 'Urgent jobs are sent to you only while you are on call. It starts now and ends at the time you set.',
    until: 'On call until',
    untilHint: 'New Zealand time.',
    save: 'Set on-call time',
    shortcuts: 'Or choose',
    tonight: 'Tonight until 7:00',
    weekend: 'This weekend',
    weekendHint: 'This weekend lasts until Monday 7:00 am.',
    off: 'Off',
    savedOn: (when: string) => `Saved: you are on call until ${when}.`,
    savedOff: 'Saved: you are not on call now.',
    badTime: 'Pick a date and a time, then press “Set on-call time”.',
    pastTime: 'That time has already passed. Pick a later one.',
    tooFar: (days: number) => `Pick a time within the next ${days} days.`,
    offersHeading: 'Offers waiting for you',
    noOffers: 'No job offers are waiting for you.',
    heldHeading: 'Jobs you have',
    noHeld: 'You have no jobs with us at the moment.',
    open: 'Open the job',
    openName: (what: string) => `Open the job: ${what}`,
    notTheirs: 'That job is not on your list.',
    /** Above the list, on a page opened from an e-mail or text about one job (that link opens no job). */
    listOnly: 'This page came from an e-mail or text about one job, so it lists your jobs but does not open them.',
    openFromMessage: 'To open this job, use the e-mail or text we sent you about it.',
    limited: 'Jobs open only from the e-mail or text we sent you about each one.',
    ended: 'That job is no longer open to you. The list below is up to date.',
    earlierHeading: 'Earlier jobs',
    /** Where each job stands, as its card says it. */
    states: {
      offered: 'Offered',
      accepted: 'Accepted',
      onMyWay: 'On my way',
      onSite: 'On site',
      done: 'Done',
      handedBack: 'Handed back',
      takenBack: 'Taken back',
      closed: 'Closed',
    },
    stateLabel: 'State',
    arriveBy: (when: string) => `You said you would arrive by ${when}`,
    acceptedAt: (when: string) => `Accepted ${when}`,
    goneTitle: 'Link no longer works',
    get gone() {
      return `This link to your jobs page no longer works. Use the link in our latest e-mail, or call ${business.name} on ${business.emergencyLine.display} (${business.emergencyLine.digits}).`;
    },
  },
  events: {
    offered: (name: string) => `Offered to ${name}`,
    dispatched: (name: string) => `Offered to ${name} (on call, sent automatically)`,
    timedOut: (name: string) => `Offer to ${name} withdrawn: not accepted in time`,
    leadClosed: (name: string) => `Offer to ${name} withdrawn: the lead is no longer open`,
    partnerRemoved: (name: string) => `Offer to ${name} withdrawn: the partner was removed`,
    partnerPaused: (name: string) => `Offer to ${name} withdrawn: the partner was paused`,
    withdrawn: (name: string) => `Offer to ${name} withdrawn`,
    accepted: (name: string) => `${name} accepted the job`,
    declined: (name: string, reason: string) => `${name} declined${reason ? `: ${reason}` : ''}`,
    onSite: (name: string) => `${name} is on site`,
    onMyWay: (name: string, arriveBy: string) => `${name} is on the way, arriving by ${arriveBy}`,
    done: (name: string) => `${name} marked the job done: mark the lead Won or Lost`,
    handedBack: (name: string, reason: string) => `${name} handed the job back: ${reason}`,
    quoteSent: (name: string) => `${name} sent a quote`,
    undid: (name: string, what: string) => `${name} took back “${what}”`,
    leadMoved: (name: string, status: LeadStatus) => `Status: ${statusLabels[status]} (${name}’s answer)`,
    undelivered: (name: string) => `Offer to ${name} not delivered: their e-mail address refused it`,
  },
  audit: {
    onCall: (name: string, email: string, until: string | undefined) =>
      `${name} (${email}) set their own on-call time: ${until ? `on call until ${until}` : 'not on call'}`,
    disclosed: (leadId: string, name: string, email: string) => `Lead ${leadId}: customer’s details disclosed to ${name} (${email})`,
  },
} as const;

/** What a partner's answer writes in the lead's timeline. */
export const answerWords: AnswerWords = {
  answered: (partner, a) => {
    const e = partnerWords.events;
    if (a.action === 'accept') return e.accepted(partner.name);
    if (a.action === 'decline') return e.declined(partner.name, a.reason);
    if (a.action === 'undo_on_site') return e.undid(partner.name, partnerWords.page.onSite);
    if (a.action === 'undo_quote_sent') return e.undid(partner.name, partnerWords.page.quoteSent);
    if (a.action === 'on_my_way') return e.onMyWay(partner.name, nzTime(new Date(Date.now() + a.minutes * 60_000).toISOString()));
    if (a.action === 'done') return e.done(partner.name);
    if (a.action === 'hand_back') return e.handedBack(partner.name, a.reason);
    return a.action === 'on_site' ? e.onSite(partner.name) : e.quoteSent(partner.name);
  },
  status: (partner, status) => partnerWords.events.leadMoved(partner.name, status),
};
