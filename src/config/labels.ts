import { business, cities } from './site.ts';

const { quoteWithin, emailReplyWithin } = business.promises;

/** Fixed interface labels the templates use, word for word as the business approved them (tests check them). Business facts come from the config. */
export const labels = {
  sources: 'Sources',
  sourceRead: (date: string) => `read ${date}`,
  getQuote: 'Get Quote',
  getFreeQuote: 'Get Free Quote',
  contactUs: 'Contact Us',
  readMore: 'Read More',
  expertConsultation: 'Get Expert Consultation',
  relatedGuides: 'Related Guides',
  quickAnswer: 'Quick Answer',
  lastUpdated: 'Last updated',
  faq: 'Frequently Asked Questions',
  makes: 'Makes we supply, install and service',
  makesIntro: 'We work with the commercial refrigeration makes New Zealand businesses rely on.',
  relatedProducts: 'Related products',
  relatedArticles: 'Related articles',
  areasServed: (city: string) => `Areas we serve in and around ${city}`,
  cityServices: (city: string) => `Refrigeration services in ${city}`,
  cityWhy: (city: string) => `Why ${city} businesses choose us`,
  cityIndustries: (city: string) => `${city} industries we work with`,
  cityMore: 'More services',
  cityQuote: (city: string) => `Get a free quote in ${city}`,
  cityQuoteBody: `Tell us what you need. We reply within ${emailReplyWithin} and send your free quote within ${quoteWithin}.`,
  mapOfCity: (city: string) => `Map of New Zealand showing ${city}`,
  mapOfCities: (names: string[]) => `Map of New Zealand showing ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`,
  /** A target, not a promise: the wider-area targets on the same page are longer, and weather, access and technician availability affect both. */
  cbdResponse: (city: string, hours: number) =>
    `Emergency response target in the ${city} CBD: ${hours} hours, 24/7, depending on access and technician availability.`,
  callEmergency: (display: string) => `Call ${display}`,
  articleCta: 'Need expert advice on your refrigeration?',
  articleCtaBody: `Get a free, no-obligation quote within ${quoteWithin}, or talk to our team about your site.`,
  guideCta: 'Get expert pricing for your business',
  guideCtaBody: `Tell us about your site and we will send a free, itemised quote within ${quoteWithin}.`,
  minRead: (n: number) => `${n} min read`,
  blogCategories: 'Browse by category',
  footerStatement: `Supply, installation, repairs and maintenance of commercial refrigeration, with nationwide service across New Zealand, from ${cities.auckland.name} to ${cities.dunedin.name} and the regions between.`,
  footerEmergency: (display: string) => `24/7 emergency line: ${display}`,
} as const;

/** Words every calculator shares; each calculator's own copy is in src/content/calculators/. `{label}`, `{example}`, `{min}`, `{max}` fill in. */
export const calculatorLabels = {
  quoteButton: 'Get a quote for this',
  quoteAdded: 'Added to the quote form’s project details. Add your name and e-mail there to send it.',
  fixInput: 'Correct the highlighted figure to see the result.',
  errors: {
    required: '{label}: enter a number.',
    invalid: '{label}: enter a number, such as {example}.',
    whole: '{label}: enter a whole number.',
    min: '{label}: enter {min} or more.',
    max: '{label}: enter {max} or less.',
  },
} as const;

/** Dates in long New Zealand format, e.g. "23 January 2025". */
export function formatLongDate(date: Date): string {
  return new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
