/**
 * Who can take an urgent job now: the one rule that dispatch, the owner's suggestions for a lead,
 * the evening's gap note and the inbox's on-call roster all read, so none of them can disagree about
 * who is covering. Pure: the partners come from storage as they are now, with `on_call_now` already
 * decided on the database's clock (the one that stamps offers), never a browser's.
 */
import type { Partner } from '../../core/inbox-api/partners.ts';
import { partnerRegions, regionOfCity, type PartnerRegion } from '../../core/partner/kinds.ts';

/** The city (as the quote form names it) and service of a job. */
export interface JobKind {
  city: string;
  service_type: string;
}

/**
 * Whether the business can reach the partner at all: not paused, and no offer e-mail to them bounced
 * (until someone fixes the address). A removed partner is not on any list this rule is given.
 */
export const reachable = (p: Partner): boolean => !p.paused && p.bounced_at === null;

/** Whether the partner works in the job's region and does its service. */
export function covers(p: Partner, job: JobKind): boolean {
  return p.regions.includes(regionOfCity(job.city)) && p.services.some((s) => s === job.service_type);
}

/** The rule: reachable, on call now, and (for a given job) covering its region and service. */
export function canTakeUrgentNow(p: Partner, job?: JobKind): boolean {
  return reachable(p) && p.on_call_now && (job === undefined || covers(p, job));
}

/**
 * Whether the business sends urgent jobs to partners at all: it has someone on its partner list.
 * One whose partners are all off call tonight still does, and its 2 a.m. request has nobody; a
 * business with no partners answers urgent requests itself, as its own promise says.
 */
export const dispatchesToPartners = (partners: readonly Partner[]): boolean => partners.length > 0;

/**
 * Whether an urgent job has nobody to go to right now: the business dispatches to partners, but
 * none who can take an urgent job now covers this job's city and service (all off call counts).
 * Dispatch then wakes the business at once, and the customer is told to call the 24/7 line rather
 * than promised a technician.
 */
export function nobodyCovers(partners: readonly Partner[], job: JobKind): boolean {
  return dispatchesToPartners(partners) && !partners.some((p) => canTakeUrgentNow(p, job));
}

/**
 * Whether the partner covers a whole night: able to take an urgent job now, and still on call when
 * the night ends. An owner reading "on call tonight" means someone who will answer at 3 am, so an
 * on-call time of their own that ends before morning leaves the rest of the night uncovered; the
 * inbox's switch has no end.
 */
export function coversUntil(p: Partner, endMs: number): boolean {
  return canTakeUrgentNow(p) && (p.on_call_until === null || p.on_call_until >= endMs);
}

/** The regions no partner who can take an urgent job now works in, in the form's order. */
export function uncoveredRegions(partners: readonly Partner[]): PartnerRegion[] {
  const ready = partners.filter((p) => canTakeUrgentNow(p));
  return partnerRegions.filter((region) => !ready.some((p) => p.regions.includes(region)));
}

/** Fairest first: the one offered any job least recently (never offered before anyone), then by name. */
export function fairestFirst<T extends { name: string; last_offered_at: number | null }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => (a.last_offered_at ?? 0) - (b.last_offered_at ?? 0) || a.name.localeCompare(b.name));
}
