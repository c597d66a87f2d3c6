/**
 * The business facts both the site and the lead server state: its name, e-mail, emergency line,
 * hours and promises, and the two paths the lead server needs to know. One typed module, so no
 * page, e-mail or server answer repeats one as a literal.
 */

export const DEFAULT_SITE_URL = 'https://www.commercialrefrigeration.nz';

/** The emergency line as dialled (0800 374 343 in international form). */
const emergencyDial = '+64800374343';

export const business = {
  name: 'Commercial Refrigeration NZ',
  product: 'commercial refrigeration',
  email: 'quotes@commercialrefrigeration.nz',
  emergencyLine: {
    /** What people read: a freephone number followed by a word (non-breaking spaces keep it on one line). */
    display: '0800\u00a0FRIDGE',
    /** What the phone dials (0800 374 343). */
    dial: emergencyDial,
    /** The call link for it. */
    href: `tel:${emergencyDial}`,
    digits: '0800\u00a0374\u00a0343',
  },
  copyrightYear: 2025,
  /** Dates the legal pages were last updated (ISO). */
  legalUpdated: '2025-01-23',
  /** The date shown on the guides' 'Last updated' line (ISO). */
  guidesUpdated: '2025-01-23',
  guidesUpdatedNote: 'Information verified monthly',
  promises: {
    quoteWithin: '24 hours',
    emailReplyWithin: '2 hours in business hours',
  },
  /** Office hours in New Zealand time; `weekdays` are ISO day numbers (1 Monday to 7 Sunday). */
  hours: [
    { days: 'Monday to Friday', short: 'Mon-Fri', weekdays: [1, 2, 3, 4, 5], opens: '07:00', closes: '18:00', label: '7:00am-6:00pm' },
    { days: 'Saturday', short: 'Sat', weekdays: [6], opens: '08:00', closes: '16:00', label: '8:00am-4:00pm' },
    { days: 'Sunday', short: 'Sun', weekdays: [7], opens: null, closes: null, label: 'Emergency call-outs only' },
  ],
  /**
   * How long quote requests are kept before `npm run leads -- purge` deletes them: the privacy page
   * states it and the purge command uses it when no other number is given.
   */
  leadRetentionDays: 730,
  /**
   * How long at most the link of a partner who accepted a job keeps showing the customer, when the
   * job is not won or lost sooner: the privacy page states it and the partner page keeps to it.
   */
  heldJobDays: 30,
  /** Priced as a mid-range service business in LocalBusiness data. */
  priceRange: '$$',
} as const;

/**
 * The one account of who does the work, for every page that explains it (content files use the
 * {howWeWork} token): one contact who arranges supply, installation and service through matched
 * suppliers and technicians and stays responsible for the job.
 */
export const howWeWork = `You deal with one contact at ${business.name}, who arranges the supply, installation and servicing of your equipment through suppliers and technicians matched to your job and location, and who stays responsible for the job from quote to handover.`;

/** What a customer whose fridge or freezer has failed can do until a technician arrives: the urgent thank-you page and acknowledgement both say it. */
export const whileYouWait =
  'While you wait, keep the doors closed, move high-risk food to a working fridge or freezer, and write down the temperature and the time.';

/** Paths the lead server needs as well as the site: where a plain form post lands, and the page whose leads are urgent. */
export const leadRoutes = {
  thankYou: '/thank-you/',
  emergency: '/emergency-repairs',
} as const;
