/**
 * How soon the business promises to reach an emergency, by area, as the site tells visitors: a
 * range of hours in each of the six cities and a day anywhere else. The inbox holds the business
 * to the upper end of each range (the promise as a customer would read it); the city pages quote
 * the lower end as their CBD figure. Every other lead is promised a quote within a day.
 */
import { leadCities, type LeadCity } from './fields.ts';

export const emergencyResponseHours = {
  Auckland: { from: 2, to: 4 },
  Christchurch: { from: 2, to: 4 },
  Wellington: { from: 2, to: 4 },
  Hamilton: { from: 4, to: 6 },
  Tauranga: { from: 4, to: 6 },
  Dunedin: { from: 6, to: 12 },
} as const satisfies Record<LeadCity, { from: number; to: number }>;

/** Regional areas: anywhere outside the six cities, or a lead that named no city. */
export const REGIONAL_RESPONSE_HOURS = 24;
export const QUOTE_WITHIN_HOURS = 24;

const HOUR_MS = 3_600_000;

/** The hours an urgent lead from this city must be attended within. */
export function attendWithinHours(city: string): number {
  const known = leadCities.find((c) => c === city);
  return known ? emergencyResponseHours[known].to : REGIONAL_RESPONSE_HOURS;
}

/** When an urgent lead must be attended by (ISO, UTC); null for a lead that is not urgent. */
export function attendBy(lead: { created_at: string; city: string; urgent: boolean }): string | null {
  if (!lead.urgent) return null;
  const arrived = Date.parse(lead.created_at);
  if (!Number.isFinite(arrived)) return null;
  return new Date(arrived + attendWithinHours(lead.city) * HOUR_MS).toISOString();
}
