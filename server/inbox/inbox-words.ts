/**
 * Every sentence the inbox's server says: its error answers, the timeline's lines, the audit
 * log's actions and the sign-in e-mails. NZ English, for the owner and staff, not for developers.
 */
import { business } from '../../core/business.ts';
import { lostReasonLabels, statusLabels, type LeadStatus, type LostReason, type UserRole } from '../../core/lead/status.ts';
import type { Purpose } from '../storage/purposes.ts';

const nzd = new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD', maximumFractionDigits: 2 });

export const inboxWords = {
  errors: {
    nul: 'Part of what was sent holds a character that cannot be stored (a NUL). Remove it and try again.',
    signedOut: 'Sign in to use the lead inbox.',
    ownersOnly: 'Only an owner can do that.',
    crossOrigin: 'This request did not come from the lead inbox, so nothing was changed.',
    crossSite: 'This request came from another website, so the lead inbox did not answer it. Open the inbox itself instead.',
    badToken: 'The page was open too long. Reload it and try again.',
    tooMany: 'Too many sign-in attempts. Wait a few minutes and try again.',
    badCode: 'That code is wrong or has expired. Ask for a new one if you need to.',
    badLink: 'This sign-in link has been used or has expired. Ask an owner for a new one, or sign in with an e-mailed code.',
    badPasskey: 'That passkey was not accepted. Try again, or sign in with an e-mailed code.',
    passkeyNotSaved: 'The passkey could not be added. Try again.',
    noLead: 'There is no such lead. It may have been deleted.',
    noRecording: 'There is no voicemail to play: it was deleted, or none was left.',
    recordingUnavailable: 'The voicemail could not be fetched from Twilio just now. Try again in a minute.',
    answererGone: 'Someone on the list is no longer a person of the business or a partner. Reload and try again.',
    reviewSent: 'The review request has already been sent to this customer, so it can no longer be skipped.',
    noNotification: 'There is no such notification.',
    cannotSendAgain: 'Only a notification that failed can be sent again.',
    notSpam: 'This lead is not held as spam.',
    noUser: 'There is no such person.',
    userExists: 'That address can already sign in.',
    lastOwner: 'The inbox needs at least one owner. Make someone else an owner first.',
    notYourself: 'You cannot remove yourself. Ask another owner.',
    noPasskey: 'There is no such passkey.',
    jobValue: 'Enter the job value in dollars, from 0.01 to 10 million, for example 4500.',
    lostReason: 'Choose why the lead was lost.',
    noteLength: 'Write a note of 1 to 4,000 characters.',
    date: 'Enter a date such as 2026-12-01.',
    email: 'Enter an e-mail address.',
    badRequest: 'That request was not valid.',
    range: 'Choose a range of dates: the first no later than the last, and at most three years.',
    noPartner: 'There is no such partner. They may have been removed.',
    noOffer: 'There is no such offer of this lead.',
    offerAnswered: 'This offer is no longer waiting for an answer, so there is nothing to withdraw.',
    partnerExists: 'A partner with that e-mail address is already on the list.',
    pagePaused: 'This partner is paused, so they have no jobs page. Resume them first.',
    kind: 'Choose whether they supply, fix, or both.',
    regions: 'Choose at least one region they cover.',
    services: 'Choose at least one service they do.',
    phone: 'Enter a phone number of at most 40 characters.',
    phoneNotMobile: 'Texts need a New Zealand mobile number, such as 021 123 4567. Enter their mobile, or untick Text messages.',
    mobile: 'Enter a New Zealand mobile number, such as 021 123 4567, or leave it empty.',
    ladderNoPerson: 'One of the people on the ladder can no longer sign in. Choose someone else.',
    ladderNoMobile: (email: string) =>
      `${email} has no mobile number yet, so they cannot be texted or called. Ask them to add it on their profile, or alert them instead.`,
    ladderNoCalls: 'This server cannot place phone calls yet (TWILIO_VOICE_FROM is not set). Alert or text them instead.',
    ladderAlready: (email: string) => `${email} already has this job.`,
    ladderEnded: 'Nobody needs to take this job now: a partner has it, or it has closed.',
    importFile: 'Choose the partner spreadsheet saved as a CSV file (at most 200 KB).',
    importRefused: (problem: string) => `Nothing was imported. ${problem}`,
    importTooMany: (max: number) => `the file has more than ${max.toLocaleString('en-NZ')} partners`,
    tooLarge: 'That is too large to send. Choose a smaller file.',
    offerRefused: {
      no_lead: 'There is no such lead. It may have been deleted.',
      no_partner: 'That partner is paused or no longer on the list.',
      closed: 'This lead is quoted or closed, so it is no longer offered to partners.',
      taken: 'A partner has already accepted this job.',
      too_many: 'Three offers are already waiting for an answer. Wait for one, or for them to expire.',
      already: 'An offer of this job to that partner is still waiting for their answer.',
    },
    noSecondChannel: 'No notification is configured on this server, so releasing this lead would send nothing.',
  },
  events: {
    arrived: (path: string) => (path ? `Quote request arrived from ${path}` : 'Quote request arrived'),
    status: (status: LeadStatus, jobValueCents: number | null, lostReason: LostReason | null) =>
      status === 'won' && jobValueCents !== null
        ? `Status: ${statusLabels.won}, job value ${nzd.format(jobValueCents / 100)}`
        : status === 'lost' && lostReason
          ? `Status: ${statusLabels.lost} (${lostReasonLabels[lostReason]})`
          : `Status: ${statusLabels[status]}`,
    followUp: (date: string | null) => (date ? `Follow up on ${date}` : 'Follow-up date cleared'),
    notSpam: 'Released from spam: its notifications are queued',
    sendAgain: (label: string) => `${label}: sent again`,
    /** Handed to the mail server or the text provider: nothing yet says it arrived. */
    sent: (label: string) => `${label}: sent`,
    /** A delivery receipt says it arrived. */
    delivered: (label: string) => `${label}: delivered`,
    dead: (label: string, error: string | null) => `${label}: failed for good${error ? ` (${error})` : ''}`,
  },
  /** Added to a delivery's name when it went by text message rather than e-mail. */
  byText: ' by text',
  notification: (purpose: Purpose, urgentCopy: boolean): string =>
    ({
      'new-lead': urgentCopy ? 'E-mail to the business and the urgent address' : 'E-mail to the business',
      acknowledgement: 'Acknowledgement to the customer',
      webhook: 'Webhook to your other systems',
      nudge: urgentCopy ? 'Reminder that nobody has called (business and urgent address)' : 'Reminder that nobody has called',
      reminder: 'Follow-up reminder',
      digest: 'Weekly digest',
      overnight: 'Overnight summary',
      gaps: 'Evening note: nobody on call in some cities',
      prices: 'Reminder to check the website’s prices',
      unaccepted: urgentCopy ? 'Nobody has accepted the urgent job (business and urgent address)' : 'Nobody has accepted the urgent job',
      offer: 'Job offer',
      dispatch: 'Urgent job offered to on-call partners automatically',
      'dispatch-due': 'Urgent job: dispatch looked again when due',
      'dispatch-escalate': 'Urgent job: the business woken, as no partner had taken it',
      'job-app': 'Job made in the job app',
      'site-build': 'A published version of the site built',
      accepted: 'Customer’s details sent to the partner',
      introduced: 'Customer told who will call',
      ended: 'Partner told the offer has ended',
      'customer-committed': 'Customer told who is coming',
      'customer-on-way': 'Customer told the partner is on the way',
      'customer-handed-back': 'Customer told the partner can no longer come',
      'customer-nobody': 'Customer told nobody has taken it yet',
      'customer-nobody-email': 'Customer told nobody has taken it yet',
      'customer-call-back': 'Caller texted back: we will call you',
      'job-done': 'Partner marked the job done: mark it Won or Lost',
      'handed-back': 'Partner handed the job back',
      'review-request': 'Customer asked for a Google review',
      'review-reminder': 'Customer reminded about the Google review',
      ladder: 'Someone of the business woken: nobody has the urgent job',
      'ladder-taken': 'Those woken told who has the urgent job',
      'recording-delete': 'Voicemail deleted at Twilio',
    })[purpose],
  audit: {
    reviewSkip: (leadId: string, skip: boolean) => `Lead ${leadId}: ${skip ? 'skipped the Google review request' : 'asked for a Google review after all'}`,
    reviewsOn: (on: boolean) => (on ? 'Turned Google review requests on' : 'Turned Google review requests off'),
    mobileChanged: (email: string, set: boolean) => `${email} ${set ? 'set their mobile number' : 'removed their mobile number'}`,
    ladderChanged: 'Changed who is woken when nobody takes an urgent job',
    answerersChanged: 'Changed who answers the phone line',
    ladderReset: 'Set who is woken when nobody takes an urgent job back to every owner',
    signIn: (method: string) => `Signed in (${method})`,
    signInFailed: (method: string) => `Failed sign-in (${method})`,
    signOut: 'Signed out',
    codeSent: 'Sign-in code requested',
    codeUnknown: 'Sign-in code requested for an address that cannot sign in (nothing sent)',
    userAdded: (email: string, role: UserRole) => `Added ${email} as ${role}`,
    userRemoved: (email: string) => `Removed ${email}`,
    roleChanged: (email: string, role: UserRole) => `Made ${email} ${role === 'owner' ? 'an owner' : 'staff'}`,
    passkeyAdded: (name: string) => `Passkey added: ${name}`,
    passkeyRemoved: (name: string) => `Passkey removed: ${name}`,
    status: (leadId: string, text: string) => `Lead ${leadId}: ${text}`,
    notSpam: (leadId: string) => `Lead ${leadId}: released from spam`,
    sendAgain: (leadId: string, label: string) => `Lead ${leadId}: ${label} sent again`,
    deleted: (leadId: string, email: string) => `Lead ${leadId} deleted (${email})`,
    recordingDeleted: (leadId: string) => `Lead ${leadId}: voicemail recording deleted`,
    exportCsv: (view: string, q: string) => `Exported the ${view} view as CSV${q ? ` (search "${q}")` : ''}`,
    exportGoogleAds: (since: string | undefined) => `Exported the Google Ads conversions${since ? ` since ${since}` : ''}`,
    exportPerson: (email: string, count: number) => `Exported ${count} lead(s) from ${email}`,
    partnerAdded: (name: string, email: string) => `Partner added: ${name} (${email})`,
    partnerChanged: (name: string, email: string, paused: boolean) => `Partner changed: ${name} (${email})${paused ? ', paused' : ''}`,
    partnerRemoved: (name: string, email: string) => `Partner removed: ${name} (${email})`,
    pageRenewed: (name: string, email: string) => `New link to the jobs page of ${name} (${email}); older links stopped working`,
    pageRevoked: (name: string, email: string) => `Jobs page of ${name} (${email}) turned off`,
    offered: (leadId: string, name: string) => `Lead ${leadId}: offered to ${name}`,
    withdrawn: (leadId: string, name: string) => `Lead ${leadId}: offer to ${name} withdrawn`,
    partnersImported: (added: number, updated: number) => `Partners imported: ${added} added, ${updated} updated`,
    uploaded: 'uploaded in the inbox',
  },
  /** Why a partner is suggested for a lead. */
  matches: (region: string, service: string) => `Covers ${region} and does ${service}`,
  passkeyName: 'Passkey',
  /** Alerts on a person's phones (Web Push). */
  push: {
    /** A browser whose push service the server does not post to. */
    unknownService: 'Alerts cannot be turned on in this browser. Try Chrome, Edge, Firefox or Safari.',
    /** A test alert no push service took. */
    testFailed: 'The test alert could not be sent just now. Try again in a minute.',
    test: {
      title: 'Test alert',
      body: 'Alerts reach this phone. When an urgent job needs someone, it will buzz here like this.',
    },
    /** The audit log's lines; `device` is a short label such as "Chrome on Android". */
    turnedOn: (device: string) => `Alerts turned on: ${device}`,
    turnedOff: (device: string) => `Alerts turned off: ${device}`,
    /** A device whose browser gave no recognisable name. */
    someDevice: 'a browser',
  },
  mail: {
    codeSubject: `Your sign-in code for the ${business.name} lead inbox`,
    /** The code e-mail's paragraphs. */
    code: (code: string) => [
      `Your sign-in code is ${code}`,
      'It works once, for 10 minutes. If you did not ask for it, you can ignore this e-mail: nobody can sign in without the code.',
      business.name,
    ],
    linkSubject: `You can now sign in to the ${business.name} lead inbox`,
    /** The invitation's paragraphs, before and after the link itself. */
    link: {
      before: [
        `You have been added to the ${business.name} lead inbox, where quote requests from the website arrive.`,
        "Open this link to sign in (it works once, within 24 hours), then add a passkey so you can sign in with your phone's fingerprint or face next time:",
      ],
      after: ['If you were not expecting this, ignore this e-mail.'],
    },
  },
};
