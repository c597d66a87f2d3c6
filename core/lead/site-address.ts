/**
 * Where the job is, as every reader of a lead shows it: the lead e-mail, the inbox, the partner page.
 * The visitor's optional site fields (fields.ts: street, suburb or town, access notes) with the city
 * they chose. A partner sees only the area (suburb and city) before accepting, and the whole address
 * with its map link and the access notes after. Plain functions with no imports beyond the lead's
 * shape, safe for the browser.
 */

type SiteFields = { site_street: string; site_suburb: string; city: string };

/** The suburb or town and the city, without a repeat ("Frankton, Hamilton"; "Hamilton" when the suburb is the city); empty when neither is known. */
export function siteArea(lead: Pick<SiteFields, 'site_suburb' | 'city'>): string {
  const suburb = lead.site_suburb.trim();
  const city = lead.city.trim();
  if (!suburb) return city;
  if (!city || suburb.toLowerCase() === city.toLowerCase()) return suburb;
  return `${suburb}, ${city}`;
}

/** The whole address on one line ("12 Grey Street, Frankton, Hamilton"); empty when the visitor gave no street and no suburb. */
export function siteAddress(lead: SiteFields): string {
  if (!lead.site_street.trim() && !lead.site_suburb.trim()) return '';
  return [lead.site_street.trim(), siteArea(lead)].filter(Boolean).join(', ');
}

/**
 * A Google Maps search for the address (Maps URLs, `api=1`), with "New Zealand" added so a bare
 * street name finds the right country; undefined without a street or suburb. The visitor's words
 * are only ever the encoded query of this fixed https address.
 */
export function siteMapHref(lead: SiteFields): string | undefined {
  const address = siteAddress(lead);
  if (!address) return undefined;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${address}, New Zealand`)}`;
}
