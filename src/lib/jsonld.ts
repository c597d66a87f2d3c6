/**
 * Typed JSON-LD builders (schema-dts). Every structured-data block on the site comes from here,
 * built from the same data the page shows.
 */
import { PHOTO_PATH, PHOTO_WIDTHS, photoFileName } from '../../core/photo-sizes.ts';
import type { BlogPosting, BreadcrumbList, FAQPage, LocalBusiness, OpeningHoursSpecification, Organization, WebSite, WithContext } from 'schema-dts';
import { business, type City } from '../config/site.ts';
import type { FaqItem } from './content-schemas.ts';
import { WEEKDAYS } from '../../core/weekdays.ts';

export type JsonLd = WithContext<FAQPage | LocalBusiness | Organization | WebSite | BlogPosting | BreadcrumbList>;

export function absoluteUrl(site: URL | string, path: string): string {
  return new URL(path, site).href;
}

export function organization(site: URL | string): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': absoluteUrl(site, '/#organization'),
    name: business.name,
    url: absoluteUrl(site, '/'),
    email: business.email,
    telephone: business.emergencyLine.dial,
    areaServed: { '@type': 'Country', name: 'New Zealand' },
    logo: absoluteUrl(site, '/favicon.svg'),
  };
}

export function website(site: URL | string): WithContext<WebSite> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': absoluteUrl(site, '/#website'),
    name: business.name,
    url: absoluteUrl(site, '/'),
    inLanguage: 'en-NZ',
    publisher: { '@id': absoluteUrl(site, '/#organization') },
  };
}

export function faqPage(items: FaqItem[]): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/** The office hours from the business config; a day without hours (Sunday) is left out, as closed. */
function officeHours(): OpeningHoursSpecification[] {
  return business.hours.flatMap((h) =>
    h.opens && h.closes
      ? [{ '@type': 'OpeningHoursSpecification' as const, dayOfWeek: h.weekdays.map((d) => WEEKDAYS[d - 1]!), opens: h.opens, closes: h.closes }]
      : [],
  );
}

/** A service-area business: locality, region and country, no invented street address. */
export function localBusiness(site: URL | string, city: City): WithContext<LocalBusiness> {
  const url = absoluteUrl(site, city.href);
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${url}#business`,
    name: `${business.name} ${city.name}`,
    url,
    telephone: business.emergencyLine.dial,
    email: business.email,
    address: { '@type': 'PostalAddress', addressLocality: city.name, addressRegion: city.region, addressCountry: 'NZ' },
    geo: { '@type': 'GeoCoordinates', latitude: city.latitude, longitude: city.longitude },
    areaServed: { '@type': 'City', name: city.name },
    priceRange: business.priceRange,
    // Opening hours are the office's; the 24/7 line is a contact point with hours of its own, so
    // search engines do not show the business as open at 3 am.
    openingHoursSpecification: officeHours(),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'emergency',
      telephone: business.emergencyLine.dial,
      areaServed: 'NZ',
      hoursAvailable: { '@type': 'OpeningHoursSpecification', dayOfWeek: [...WEEKDAYS], opens: '00:00', closes: '23:59' },
    },
    parentOrganization: { '@id': absoluteUrl(site, '/#organization') },
  };
}

export function blogPosting(
  site: URL | string,
  post: { path: string; title: string; description: string; date: Date; author: string; words: number; photo?: { id: string } | undefined },
): WithContext<BlogPosting> {
  const url = absoluteUrl(site, post.path);
  const iso = post.date.toISOString().slice(0, 10);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    headline: post.title,
    description: post.description,
    url,
    mainEntityOfPage: url,
    datePublished: iso,
    dateModified: iso,
    wordCount: post.words,
    inLanguage: 'en-NZ',
    // Search results may show an article's own photo beside it: the largest size kept.
    ...(post.photo ? { image: absoluteUrl(site, `${PHOTO_PATH}${photoFileName(post.photo.id, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!, 'webp')}`) } : {}),
    author: { '@type': 'Organization', name: `${business.name} (${post.author})`, url: absoluteUrl(site, '/') },
    publisher: { '@id': absoluteUrl(site, '/#organization') },
  };
}

export function breadcrumbs(site: URL | string, trail: { name: string; path: string }[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: absoluteUrl(site, crumb.path) })),
  };
}

/** Serialises JSON-LD for a <script> element; `<` is escaped so copy can never close the element. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
