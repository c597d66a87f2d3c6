/**
 * Who the business's partners are, as plain data the inbox app, the server and the import share:
 * their kinds, the regions they cover (the quote form's cities and "Regional" for the rest of the
 * country) and the services they do (the form's service types).
 */
import { industries, leadCities, serviceTypes } from '../lead/fields.ts';

export const partnerKinds = ['supplier', 'technician', 'both'] as const;
export type PartnerKind = (typeof partnerKinds)[number];

export const partnerKindLabels: Record<PartnerKind, string> = { supplier: 'Supplier', technician: 'Technician', both: 'Supplier and technician' };

/** The region for every place the form has no city of its own for. */
export const REGIONAL = 'Regional';
export const partnerRegions = [...leadCities, REGIONAL] as const;
export type PartnerRegion = (typeof partnerRegions)[number];

export const partnerServices = serviceTypes;
export const partnerIndustries = industries;

/** The region a lead's city falls in: the city itself, or Regional when the form gave none of its cities. */
export function regionOfCity(city: string): PartnerRegion {
  return partnerRegions.find((r) => r === city) ?? REGIONAL;
}

/**
 * The partner spreadsheet as the inbox takes it (uploaded from the Partners page): at most this many
 * characters of CSV text (a few hundred partners take a few tens of thousands) and this many
 * partners. Here rather than in the API's schema, so the app can check a file before sending it.
 */
export const partnerSheetLimits = { chars: 200_000, partners: 1_000 } as const;
