/**
 * Where on a page a `tel:` link sits, for the GA4 `click_to_call` event: a marked block
 * (`data-call-location`), else the landmark around it. The marked names are listed here once.
 */
export const CALL_LOCATION_ATTRIBUTE = 'data-call-location';

export const callLocations = {
  hero: 'hero',
  cta: 'cta',
  contactDetails: 'contact-details',
  mobileMenu: 'mobile-menu',
} as const;

export function callLocation(link: Element): string {
  const marked = link.closest(`[${CALL_LOCATION_ATTRIBUTE}]`)?.getAttribute(CALL_LOCATION_ATTRIBUTE);
  if (marked) return marked;
  if (link.closest('header')) return 'header';
  if (link.closest('footer')) return 'footer';
  if (link.closest('article')) return 'article';
  return 'content';
}
