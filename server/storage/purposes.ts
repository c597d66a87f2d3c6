/**
 * Every job the outbox holds, by purpose: one table saying who queues it and how it may travel. A
 * job names what it is for; its transport (e-mail, a text message, a signed web hook, an alert to a
 * phone, a phone call, or none for work the worker does itself) is chosen when it is queued, from
 * what the recipient has, and each transport of one purpose is a job of its own (an offer's e-mail
 * and its text each go once). The lists the rest of the server needs are read from here.
 */
export const TRANSPORTS = ['email', 'sms', 'webhook', 'push', 'voice', 'none'] as const;
export type Transport = (typeof TRANSPORTS)[number];

/**
 * - lead: queued with a new lead (or when one leaves the spam folder), one per lead;
 * - scheduler: the business's own reminders and summaries, queued by the scheduler;
 * - partner: to and about partners, one job per offer;
 * - job: about the job on a lead, to its customer or to the business, keyed by the lead and kind
 *   (with the offer as its period where each partner's turn is told once: server/dispatch/customer-updates.ts);
 * - work: what the worker does rather than sends;
 * - ladder: to the people of the business when nobody has an urgent job (server/dispatch/ladder.ts),
 *   keyed by their period (the lead, its ladder, the round and the step), so each goes once.
 */
export type QueuedBy = 'lead' | 'scheduler' | 'partner' | 'work' | 'ladder' | 'job';

export const PURPOSES = {
  /** The business's e-mail about a new lead. */
  'new-lead': { queuedBy: 'lead', transports: ['email'] },
  /** The visitor's acknowledgement. */
  acknowledgement: { queuedBy: 'lead', transports: ['email'] },
  /** The lead as JSON to the business's other system, signed. */
  webhook: { queuedBy: 'lead', transports: ['webhook'] },
  /** A lead still New too long. */
  nudge: { queuedBy: 'scheduler', transports: ['email'] },
  /** A lead's follow-up date has come (one per lead and date). */
  reminder: { queuedBy: 'scheduler', transports: ['email'] },
  /** The week's summary (one per week). */
  digest: { queuedBy: 'scheduler', transports: ['email'] },
  /** An urgent job no on-call partner took (one per lead). */
  unaccepted: { queuedBy: 'scheduler', transports: ['email'] },
  /** The morning's summary of the night's urgent leads (one per date). */
  overnight: { queuedBy: 'scheduler', transports: ['email'] },
  /** The evening's note that no partner is on call tonight in some cities (one per date). */
  gaps: { queuedBy: 'scheduler', transports: ['email'] },
  /** The website's price date line is past its monthly check (one per date line). */
  prices: { queuedBy: 'scheduler', transports: ['email'] },
  /** A job offered to a partner. */
  offer: { queuedBy: 'partner', transports: ['email', 'sms'] },
  /** The customer's details to the partner who took the job. */
  accepted: { queuedBy: 'partner', transports: ['email', 'sms'] },
  /** The customer told which partner will contact them (only while acknowledgements are on). */
  introduced: { queuedBy: 'partner', transports: ['email'] },
  /** A partner told that an offer they received has ended without them. */
  ended: { queuedBy: 'partner', transports: ['email'] },
  /** The customer texted who has committed to their urgent job, their number and when they will be on site. */
  'customer-committed': { queuedBy: 'job', transports: ['sms'] },
  /** The customer texted that the partner is on the way, and by when they expect to arrive. */
  'customer-on-way': { queuedBy: 'job', transports: ['sms'] },
  /** The customer texted that the partner they were told of handed the job back, and that we are finding someone. */
  'customer-handed-back': { queuedBy: 'job', transports: ['sms'] },
  /** The customer of an urgent request that nobody committed to within 30 minutes told so by text, with the 24/7 line. */
  'customer-nobody': { queuedBy: 'job', transports: ['sms'] },
  /** A caller nobody answered texted back at once: we will call you back; reply with your address and what is wrong. */
  'customer-call-back': { queuedBy: 'job', transports: ['sms'] },
  /** The same honest word by e-mail. */
  'customer-nobody-email': { queuedBy: 'job', transports: ['email'] },
  /** The business asked to mark a lead Won or Lost: its partner pressed "Job done". */
  'job-done': { queuedBy: 'job', transports: ['email'] },
  /** The customer of a won job asked once for a Google review, by text to an NZ mobile or else by e-mail (server/reviews/). */
  'review-request': { queuedBy: 'job', transports: ['sms', 'email'] },
  /** The one reminder of a review request whose link was not pressed within three days, the same way. */
  'review-reminder': { queuedBy: 'job', transports: ['sms', 'email'] },
  /** The business told a partner handed a job back, and why. */
  'handed-back': { queuedBy: 'job', transports: ['email'] },
  /** The next step of one urgent lead's dispatch (server/dispatch/dispatch.ts). */
  dispatch: { queuedBy: 'work', transports: ['none'] },
  /** Dispatch looks again when it is due: an offer's wait is over (keyed by the offer), or the business is to be woken alongside. */
  'dispatch-due': { queuedBy: 'work', transports: ['none'] },
  /** A published version of the site built once for every instance (server/site/build-jobs.ts; the version and its build as its period). */
  'site-build': { queuedBy: 'work', transports: ['none'] },
  /** An urgent lead's escalation ladder started by dispatch (once per lead; the reason as its period). */
  'dispatch-escalate': { queuedBy: 'work', transports: ['none'] },
  /** A lead's job made in the business's job app, ServiceM8 or Fergus (server/jobapp/send-to-job-app.ts), once per lead. */
  'job-app': { queuedBy: 'work', transports: ['none'] },
  /** A voicemail's recording deleted at Twilio (an owner deleted it, or its lead went): the recording's SID as its period. */
  'recording-delete': { queuedBy: 'work', transports: ['voice'] },
  /** One step of an urgent lead's escalation ladder: one person woken by push to the inbox app, by text or by a call. */
  ladder: { queuedBy: 'ladder', transports: ['push', 'sms', 'voice'] },
  /** Someone woken by the ladder told who has acknowledged the lead (once per person and channel). */
  'ladder-taken': { queuedBy: 'ladder', transports: ['push', 'sms'] },
} as const satisfies Record<string, { queuedBy: QueuedBy; transports: readonly [Transport, ...Transport[]] }>;

export type Purpose = keyof typeof PURPOSES;
export const ALL_PURPOSES = Object.keys(PURPOSES) as Purpose[];

type PurposeOf<Q extends QueuedBy> = { [P in Purpose]: (typeof PURPOSES)[P]['queuedBy'] extends Q ? P : never }[Purpose];
const queuedBy = <Q extends QueuedBy>(q: Q) => ALL_PURPOSES.filter((p) => PURPOSES[p].queuedBy === q) as PurposeOf<Q>[];

/** A new lead's own jobs, in the order they are queued. */
export const LEAD_PURPOSES = queuedBy('lead');
export type LeadPurpose = PurposeOf<'lead'>;
/** The jobs whose `offer_id` names the offer they are about. */
export const OFFER_PURPOSES = queuedBy('partner');
export type OfferPurpose = PurposeOf<'partner'>;
/** How a purpose travels unless its queueing says otherwise: the first of its transports. */
export const defaultTransport = (purpose: Purpose): Transport => PURPOSES[purpose].transports[0];
/** Jobs that send nothing: not a delivery the inbox lists. */
export const WORK_PURPOSES = queuedBy('work');
/** The scheduler's jobs: the business's own reminders and summaries. */
export type SchedulerPurpose = PurposeOf<'scheduler'>;
/** The jobs about a lead's job, to its customer or the business. */
export type JobPurpose = PurposeOf<'job'>;
