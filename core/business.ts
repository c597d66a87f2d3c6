/**
 * The business facts both the site and the lead server state: its name, e-mail, emergency line,
 * hours and promises, and the two paths the lead server needs to know. One typed module, so no
 * page, e-mail or server answer repeats one as a literal. The details the owner edits come from
 * the content folder's business/details.json (its schema is business-details.ts); the rest are
 * the developers'.
 */
// A subpath import (package.json "imports"), so a build can point it at a published version's copy.
import released from '#business-details' with { type: 'json' };
import type { BusinessDetails } from './business-details.ts';
import { WEEKDAYS } from './weekdays.ts';
import { clockText } from './clock-text.ts';
import { dialledForm } from './phone-keypad.ts';

export const DEFAULT_SITE_URL = 'https://www.commercialrefrigeration.nz';

/** Keeps a phone number or a short phrase on one line where it is shown. */
const oneLine = (text: string) => text.trim().replace(/\s+/g, '\u00a0');

/** A count of hours as the site writes it: "1 hour", "24 hours". */
export const hoursText = (n: number) => `${n} hour${n === 1 ? '' : 's'}`;

/** The details as the pages, e-mails and server read them. */
function factsOf(d: BusinessDetails) {
  return {
    email: d.email,
    emergencyLine: {
      /** What people read: a freephone number followed by a word (non-breaking spaces keep it on one line). */
      display: oneLine(d.emergencyLine.shownAs),
      /** What the phone dials, in international form, worked out from the digits the owner typed. */
      dial: dialledForm(d.emergencyLine.digits),
      /** The call link for it. */
      href: `tel:${dialledForm(d.emergencyLine.digits)}`,
      digits: oneLine(d.emergencyLine.digits),
    },
    /** The date shown on the guides' 'Last updated' line (ISO). */
    guidesUpdated: d.guideDateLine.updated,
    guidesUpdatedNote: d.guideDateLine.note,
    promises: {
      quoteWithin: hoursText(d.promises.quoteWithinHours),
      emailReplyWithin: `${hoursText(d.promises.replyWithinHours)} in business hours`,
    },
    /** Office hours in New Zealand time; `weekdays` are ISO day numbers (1 Monday to 7 Sunday); a closed day has null times. */
    hours: d.officeHours.map((row) => ({
      days: row.days,
      short: row.shortDays,
      weekdays: row.weekdays.map((day) => WEEKDAYS.indexOf(day) + 1),
      opens: row.opens || null,
      closes: row.closes || null,
      label: row.opens && row.closes ? `${clockText(row.opens)}-${clockText(row.closes)}` : row.whenClosed,
    })),
    /** Emergency response targets in hours: a range in each of the six cities, one figure anywhere else. */
    responseHours: d.responseTargets,
    /** The Google Business Profile's place ID, when the owner gave it: review requests link to it. */
    googlePlaceId: d.googlePlaceId ?? null,
    /** The published price ranges the guides quote. */
    prices: d.guidePrices,
  };
}

type Facts = ReturnType<typeof factsOf>;

/** The details a build states (the release's, or through astro.config.ts's alias the published version's), and the lead server outside any request or job. */
const releasedFacts = factsOf(released as BusinessDetails);

/**
 * The lead server states the details of the version it served when a request or a job began, so
 * two servers in one process, or a publish landing mid-request, never mix two versions' details.
 * Reached through getBuiltinModule because browsers load this module too: there is no scope there,
 * and the release's details, compiled in, are stated.
 */
const asyncHooks = globalThis.process?.getBuiltinModule?.('node:async_hooks');
const scope = asyncHooks && new asyncHooks.AsyncLocalStorage<Facts>();

/** Each version's details are worked out once however many requests state them. */
const factsByDetails = new WeakMap<BusinessDetails, Facts>();

function factsFor(details: BusinessDetails | undefined): Facts {
  if (!details) return releasedFacts;
  let stated = factsByDetails.get(details);
  if (!stated) factsByDetails.set(details, (stated = factsOf(details)));
  return stated;
}

/** Runs `work` (and everything it starts) stating `details`; undefined states the release's. */
export function withBusinessDetails<T>(details: BusinessDetails | undefined, work: () => T): T {
  return scope ? scope.run(factsFor(details), work) : work();
}

const facts = (): Facts => scope?.getStore() ?? releasedFacts;

export const business = {
  name: 'Commercial Refrigeration NZ',
  product: 'commercial refrigeration',
  get email() {
    return facts().email;
  },
  get emergencyLine() {
    return facts().emergencyLine;
  },
  copyrightYear: 2025,
  /** Dates the legal pages were last updated (ISO). */
  legalUpdated: '2025-01-23',
  get guidesUpdated() {
    return facts().guidesUpdated;
  },
  get guidesUpdatedNote() {
    return facts().guidesUpdatedNote;
  },
  get promises() {
    return facts().promises;
  },
  get hours() {
    return facts().hours;
  },
  get responseHours() {
    return facts().responseHours;
  },
  get googlePlaceId() {
    return facts().googlePlaceId;
  },
  get prices() {
    return facts().prices;
  },
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
