/**
 * How soon the business promises to reach an emergency, by area, as the site tells visitors: a
 * range of hours in each of the six cities and a day anywhere else. The inbox holds the business
 * to the upper end of each range (the promise as a customer would read it); the city pages quote
 * the lower end as their CBD figure. Every other lead is promised a quote within a day.
 */
import { business, hoursText, leadRoutes } from '../business.ts';
import { leadCities, type LeadCity } from './fields.ts';
import { isUrgent } from './urgency.ts';

/** The emergency response target of each of the six cities, a range of hours (the business details keep them). */
export function emergencyResponseHours(city: LeadCity): { from: number; to: number } {
  return business.responseHours[city];
}

/** The target for the regional areas: anywhere outside the six cities, or a lead that named no city. */
export function regionalResponseHours(): number {
  return business.responseHours.regional;
}

const HOUR_MS = 3_600_000;

/** The hours an urgent lead from this city must be attended within. */
export function attendWithinHours(city: string): number {
  const known = leadCities.find((c) => c === city);
  return known ? emergencyResponseHours(known).to : regionalResponseHours();
}

/** When an urgent lead must be attended by (ISO, UTC); null for a lead that is not urgent. */
export function attendBy(lead: { created_at: string; city: string; urgent: boolean }): string | null {
  if (!lead.urgent) return null;
  const arrived = Date.parse(lead.created_at);
  if (!Number.isFinite(arrived)) return null;
  return new Date(arrived + attendWithinHours(lead.city) * HOUR_MS).toISOString();
}

/** An area the site states a response target for: one of the six cities, or the regional areas. */
export interface ResponseArea {
  /** The thank-you page's fragment that leads with this area's target: `urgent-hamilton`, `urgent-regional`. */
  anchor: string;
  /** The city; null for the regional areas (anywhere else, or a request that named no city). */
  city: LeadCity | null;
  /** The target as the site writes it: "4-6 hours", "24 hours". */
  hours: string;
}

const REGIONAL_ANCHOR = 'urgent-regional';

/** A city's target as the site writes it: "2-4 hours" (or "4 hours" when both ends are the same). */
export function rangeText(city: LeadCity): string {
  const { from, to } = emergencyResponseHours(city);
  return from === to ? hoursText(to) : `${from}-${to} hours`;
}

/** Every area with its target, the six cities in the form's order, then the regional areas. */
export function responseAreas(): readonly ResponseArea[] {
  return [
    ...leadCities.map((city) => ({ anchor: `urgent-${city.toLowerCase()}`, city, hours: rangeText(city) })),
    { anchor: REGIONAL_ANCHOR, city: null, hours: hoursText(regionalResponseHours()) },
  ];
}

/** The area a request's city falls in: that city, or the regional areas for any other value. */
export function responseAreaOf(city: string): ResponseArea {
  const areas = responseAreas();
  return areas.find((a) => a.city !== null && a.city === city) ?? areas.at(-1)!;
}

/**
 * The thank-you page's fragment for an urgent request that no on-call partner covered when it
 * arrived: the page leads with "Call the 24/7 line now" and promises no technician's time.
 */
export const CALL_NOW_ANCHOR = 'urgent-call-now';

/**
 * Where a visitor lands once their request is stored: the thank-you page, and for an urgent request
 * (urgency.ts) its fragment for their area, `/thank-you/#urgent-hamilton`, which the page answers
 * with that area's response target and the 24/7 line first (by CSS `:target`, so with or without
 * JavaScript); or, when the server found nobody on call to cover it (`nobodyOnCall`), the fragment
 * that leads with the 24/7 line alone. The form's script and the server's 303 for a plain post both
 * go here.
 */
export function thankYouLocation(lead: { city: string; timeframe: string; site_type: string; path: string }, { nobodyOnCall = false } = {}): string {
  if (!isUrgent(lead)) return leadRoutes.thankYou;
  return `${leadRoutes.thankYou}#${nobodyOnCall ? CALL_NOW_ANCHOR : responseAreaOf(lead.city).anchor}`;
}
