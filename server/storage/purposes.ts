/**
 * Every job the outbox holds, by purpose: one table saying who queues it and how it travels. A job
 * names what it is for; its transport (e-mail, a signed web hook, or none for work the worker does
 * itself) is the sender's concern, and the lists the rest of the server needs are read from here.
 */
export type Transport = 'email' | 'webhook' | 'none';

/**
 * - lead: queued with a new lead (or when one leaves the spam folder), one per lead;
 * - scheduler: the business's own reminders and summaries, queued by the scheduler;
 * - partner: to and about partners, one job per offer;
 * - work: what the worker does rather than sends.
 */
export type QueuedBy = 'lead' | 'scheduler' | 'partner' | 'work';

export const PURPOSES = {
  /** The business's e-mail about a new lead. */
  'new-lead': { queuedBy: 'lead', transport: 'email' },
  /** The visitor's acknowledgement. */
  acknowledgement: { queuedBy: 'lead', transport: 'email' },
  /** The lead as JSON to the business's other system, signed. */
  webhook: { queuedBy: 'lead', transport: 'webhook' },
  /** A lead still New too long. */
  nudge: { queuedBy: 'scheduler', transport: 'email' },
  /** A lead's follow-up date has come (one per lead and date). */
  reminder: { queuedBy: 'scheduler', transport: 'email' },
  /** The week's summary (one per week). */
  digest: { queuedBy: 'scheduler', transport: 'email' },
  /** An urgent job no on-call partner took (one per lead). */
  unaccepted: { queuedBy: 'scheduler', transport: 'email' },
  /** The morning's summary of the night's urgent leads (one per date). */
  overnight: { queuedBy: 'scheduler', transport: 'email' },
  /** A job offered to a partner. */
  offer: { queuedBy: 'partner', transport: 'email' },
  /** The customer's details to the partner who took the job. */
  accepted: { queuedBy: 'partner', transport: 'email' },
  /** The customer told which partner will contact them (only while acknowledgements are on). */
  introduced: { queuedBy: 'partner', transport: 'email' },
  /** A partner told that an offer they received has ended without them. */
  ended: { queuedBy: 'partner', transport: 'email' },
  /** The next step of one urgent lead's dispatch (dispatch-work.ts). */
  dispatch: { queuedBy: 'work', transport: 'none' },
} as const satisfies Record<string, { queuedBy: QueuedBy; transport: Transport }>;

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
/** Jobs that send nothing: not a delivery the inbox lists. */
export const WORK_PURPOSES = queuedBy('work');
/** The scheduler's jobs: the business's own reminders and summaries. */
export type SchedulerPurpose = PurposeOf<'scheduler'>;
