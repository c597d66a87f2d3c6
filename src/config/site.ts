/**
 * The site's own facts: cities, makes, suppliers, logos, routes and navigation. The business's
 * name, e-mail, emergency line and hours are in core/business.ts (the lead server states them too)
 * and are re-exported here so components have one place to import from.
 */

export { DEFAULT_SITE_URL, business } from '../../core/business.ts';
import { leadRoutes } from '../../core/business.ts';
import { emergencyResponseHours } from '../../core/lead/response-targets.ts';

export const cityKeys = ['auckland', 'christchurch', 'wellington', 'hamilton', 'tauranga', 'dunedin'] as const;
export type CityKey = (typeof cityKeys)[number];

export interface City {
  key: CityKey;
  name: string;
  region: string;
  latitude: number;
  longitude: number;
  /** Route of the city's page. */
  href: `/${CityKey}`;
  /**
   * Emergency response target in the CBD, as each city page promises it (hours): the lower end of
   * the city's range, which the inbox's clock also reads. Tauranga's page makes no CBD promise.
   */
  cbdResponseHours: number | null;
  /** City pre-filled in the page's quote form; Tauranga's form leaves the choice to the visitor. */
  prefillForm: boolean;
}

export const cities: Record<CityKey, City> = {
  auckland: {
    key: 'auckland',
    name: 'Auckland',
    region: 'Auckland',
    latitude: -36.8485,
    longitude: 174.7633,
    href: '/auckland',
    cbdResponseHours: emergencyResponseHours('Auckland').from,
    prefillForm: true,
  },
  christchurch: {
    key: 'christchurch',
    name: 'Christchurch',
    region: 'Canterbury',
    latitude: -43.5321,
    longitude: 172.6362,
    href: '/christchurch',
    cbdResponseHours: emergencyResponseHours('Christchurch').from,
    prefillForm: true,
  },
  wellington: {
    key: 'wellington',
    name: 'Wellington',
    region: 'Wellington',
    latitude: -41.2866,
    longitude: 174.7756,
    href: '/wellington',
    cbdResponseHours: emergencyResponseHours('Wellington').from,
    prefillForm: true,
  },
  hamilton: {
    key: 'hamilton',
    name: 'Hamilton',
    region: 'Waikato',
    latitude: -37.787,
    longitude: 175.2793,
    href: '/hamilton',
    cbdResponseHours: emergencyResponseHours('Hamilton').from,
    prefillForm: true,
  },
  tauranga: {
    key: 'tauranga',
    name: 'Tauranga',
    region: 'Bay of Plenty',
    latitude: -37.6878,
    longitude: 176.1651,
    href: '/tauranga',
    cbdResponseHours: null,
    prefillForm: false,
  },
  dunedin: {
    key: 'dunedin',
    name: 'Dunedin',
    region: 'Otago',
    latitude: -45.8788,
    longitude: 170.5028,
    href: '/dunedin',
    cbdResponseHours: emergencyResponseHours('Dunedin').from,
    prefillForm: true,
  },
};

/** The two makes the comparison guide sets side by side. */
export const comparedMakes = {
  a: { name: 'Skope', domain: 'skope.com' },
  b: { name: 'Williams', domain: 'williamsrefrigeration.com.au' },
  route: '/skope-vs-williams-refrigeration',
} as const;

/** Six supplier makes shown in the home page's trust strip and on product pages. */
export const suppliers = [
  { name: 'Skope', domain: 'skope.com' },
  { name: 'Williams', domain: 'williamsrefrigeration.com.au' },
  { name: 'Bromic', domain: 'bromic.com' },
  { name: 'Hoshizaki', domain: 'hoshizaki.com' },
  { name: 'True', domain: 'truemfg.com' },
  { name: 'Turbo Air', domain: 'turboairinc.com' },
] as const;

/** Logo service URL template; `{domain}` is replaced by the supplier's domain. Overridable at build with PUBLIC_LOGO_URL_TEMPLATE. */
export const logoUrlTemplate: string = import.meta.env?.PUBLIC_LOGO_URL_TEMPLATE || 'https://www.google.com/s2/favicons?domain={domain}&sz=128';

export function logoUrl(domain: string): string {
  return logoUrlTemplate.replace('{domain}', encodeURIComponent(domain));
}

/** Where logo images may come from, for the Content Security Policy's img-src (Google's service redirects to gstatic). */
export function logoImageSources(): string[] {
  const origin = new URL(logoUrl('example.com')).origin;
  return origin === 'https://www.google.com' ? [origin, 'https://*.gstatic.com'] : [origin];
}

export const routes = {
  home: '/',
  contact: '/contact',
  thankYou: leadRoutes.thankYou,
  repairs: '/repairs',
  blog: '/blog',
  coolRooms: '/cool-rooms',
  installation: '/installation',
  maintenance: '/preventative-maintenance',
  emergency: leadRoutes.emergency,
  privacy: '/privacy',
  terms: '/terms',
  priceGuide: '/commercial-fridge-prices-nz',
  restaurantGuide: '/restaurant-refrigeration-nz',
  brandGuide: comparedMakes.route,
} as const;

export interface NavLink {
  label: string;
  href: string;
}

/** The product landing pages, one content file each (src/content/products/<slug>.yaml); the slug is the route. */
export const productSlugs = ['commercial-fridge', 'commercial-freezer', 'display-fridge', 'display-freezer', 'commercial-refrigerator'] as const;
export type ProductSlug = (typeof productSlugs)[number];

/** How menus name each product page. */
const productMenuNames: Record<ProductSlug, string> = {
  'commercial-fridge': 'Commercial Fridges',
  'commercial-freezer': 'Commercial Freezers',
  'display-fridge': 'Display Fridges',
  'display-freezer': 'Display Freezers',
  'commercial-refrigerator': 'Commercial Refrigerators',
};

export const productLinks: NavLink[] = [
  ...productSlugs.map((slug) => ({ label: productMenuNames[slug], href: `/${slug}` })),
  { label: 'Cool Rooms & Walk-in Freezers', href: routes.coolRooms },
];

export const locationLinks: NavLink[] = cityKeys.map((key) => ({ label: cities[key].name, href: cities[key].href }));

export const industryLinks: NavLink[] = [
  { label: 'Hospitality', href: '/hospitality-refrigeration' },
  { label: 'Medical & Laboratory', href: '/medical-refrigeration' },
  { label: 'Supermarket & Retail', href: '/supermarket-refrigeration' },
];

export const serviceLinks: NavLink[] = [
  { label: 'Installation', href: routes.installation },
  { label: 'Preventative Maintenance', href: routes.maintenance },
  { label: 'Emergency Repairs', href: routes.emergency },
  { label: 'Repairs & Maintenance', href: routes.repairs },
];

export const guideLinks: NavLink[] = [
  { label: 'Commercial Fridge Prices NZ', href: routes.priceGuide },
  { label: 'Restaurant Refrigeration Guide', href: routes.restaurantGuide },
  { label: `${comparedMakes.a.name} vs ${comparedMakes.b.name}`, href: routes.brandGuide },
];

/** The header's navigation, in the order visitors look for things: home, products, locations, repairs, resources, then the quote button. */
export const mainNav = {
  home: { label: 'Home', href: routes.home },
  menus: [
    { id: 'products', label: 'Products', links: productLinks },
    { id: 'locations', label: 'Locations', links: locationLinks },
  ],
  links: [
    { label: 'Repairs & Maintenance', href: routes.repairs },
    { label: 'Resources', href: routes.blog },
  ],
  cta: { label: 'Get Quote', href: routes.contact },
} as const;

export const footerNav: { heading: string; links: NavLink[] }[] = [
  { heading: 'Products', links: productLinks },
  { heading: 'Services', links: serviceLinks },
  { heading: 'Industries', links: industryLinks },
  { heading: 'Locations', links: locationLinks },
  {
    heading: 'Company',
    links: [
      { label: 'Home', href: routes.home },
      { label: 'Resources', href: routes.blog },
      ...guideLinks,
      { label: 'Contact & Quotes', href: routes.contact },
      { label: 'Privacy Policy', href: routes.privacy },
      { label: 'Terms of Service', href: routes.terms },
    ],
  },
];
