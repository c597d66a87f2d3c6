/**
 * Zod schemas for every piece of copy the site renders. `src/content.config.ts` binds them to
 * collections; components take their inferred types as props, so a copy edit never touches a component.
 */
import { z } from 'zod';
import { iconNames } from './icon-names.ts';
import { artKeys } from './art-keys.ts';
import { PHOTO_ID } from '../../core/photo-sizes.ts';
import { serviceTypes, leadCities } from '../../core/lead/schema.ts';
import { cityKeys, productSlugs } from '../config/site.ts';
import { calculatorSchema, calculatorTools } from './calculators/content-schema.ts';
import { businessDetailsSchema } from '../../core/business-details.ts';
import type { SiteCollection } from '../../core/site-collections.ts';

/** An internal route ("/contact"), an in-page anchor ("#quote-form"), a tel: or mailto: link. */
const href = z
  .string()
  .regex(
    /^(\/[a-z0-9\-/]*(#[a-z0-9-]+)?|#[a-z0-9-]+|tel:\+?[0-9]+|\{emergencyTel\}|mailto:\S+@\S+|mailto:\{email\})$/,
    'Use an internal path, #anchor, tel: or mailto: link',
  )
  .describe(
    'Where the link goes: a page of this site such as /contact, a place on this page such as #quote-form, the 24/7 line as tel:{emergencyTel}, or the contact e-mail as mailto:{email}',
  );

/**
 * Lengths of a page's title and description as a search result shows them, counted after tokens
 * such as {business} are filled in (the content check and the built-page test both use these).
 */
/** A public page a rule or figure comes from, shown as a link with the date it was read. */
export const sourceSchema = z.object({
  title: z.string().min(5).max(200).describe('What the page is, e.g. "Office of the Privacy Commissioner: Principle 3"'),
  url: z.url({ protocol: /^https$/ }).describe('The https address of the page'),
  read: z.coerce.date().describe('The date the page was read (YYYY-MM-DD)'),
});

export const seoLengths = {
  title: { min: 15, max: 70 },
  description: { min: 70, max: 160 },
} as const;

export const seoSchema = z.object({
  title: z
    .string()
    .min(seoLengths.title.min)
    .max(seoLengths.title.max)
    .describe(
      `The page’s name on the browser tab and the headline of its search result (${seoLengths.title.min}-${seoLengths.title.max} characters); the business name is not added, so include it where it helps`,
    ),
  description: z
    .string()
    .min(seoLengths.description.min)
    .max(seoLengths.description.max)
    .describe(`The line a search result shows under its headline (${seoLengths.description.min}-${seoLengths.description.max} characters)`),
  keywords: z
    .array(z.string().min(2).max(60))
    .max(12)
    .optional()
    .meta({ advanced: true })
    .describe('Search terms written into the page for search engines; visitors never see them'),
  noindex: z
    .boolean()
    .default(false)
    .meta({ advanced: true })
    .describe(
      'Keeps this page out of Google and other search engines, and off the sitemap: people with the link still see it, but nobody finds it by searching',
    ),
});

export const actionSchema = z.object({
  label: z.string().min(2).max(40).describe('The words on the button'),
  href,
  variant: z
    .enum(['primary', 'secondary', 'emergency'])
    .default('primary')
    .describe('How the button looks: Primary is filled in the brand blue, Secondary has a blue outline, Emergency is red, for the 24/7 line'),
});

export const faqItemSchema = z.object({
  question: z.string().min(10).max(160).describe('The question, as a visitor would ask it'),
  answer: z.string().min(40).max(900).describe('The answer in plain sentences, without formatting: search engines read it as the answer to the question'),
});

export const formSettingsSchema = z.object({
  serviceType: z.enum(serviceTypes).optional().describe('Service type pre-selected in the form'),
  city: z.enum(leadCities).optional().describe('City pre-selected in the form'),
  title: z.string().max(80).optional().describe("Form heading; defaults to 'Get Your Free Quote Today'"),
  subtitle: z.string().max(200).optional().describe('Line under the heading; defaults to the standard form introduction'),
});

const cardSchema = z.object({
  title: z.string().min(2).max(80),
  body: z.string().min(10).max(600).describe('One or two sentences of plain text'),
  icon: z.enum(iconNames).optional().describe('A small picture beside the card'),
  points: z.array(z.string().min(2).max(160)).max(8).optional().describe('Short bullet points under the body'),
  href: href.optional().describe('Makes the card a link'),
  linkLabel: z.string().max(40).optional().describe('Visible text of the card link; defaults to "Learn more"'),
  badge: z.string().max(30).optional().describe('Small label such as "Most Popular"'),
});

/** The hero's decorative artwork, by subject. */
const art = z.enum(artKeys).describe('The drawing beside the heading on large screens, where the page has no photo');

/**
 * A photo the owner uploaded, shown in the hero in place of the artwork. The editor draws it as
 * an upload (its `format`); the files are named from the id (core/photo-sizes.ts).
 */
export const photoSchema = z
  .object({
    id: z.string().regex(PHOTO_ID, 'Upload the photo again').describe('The uploaded photo'),
    alt: z
      .string()
      .trim()
      .min(5, 'Say in a few words what the photo shows')
      .max(160)
      .describe('What the photo shows, for people who cannot see it, e.g. "Technician checking a cool room compressor in a Hamilton café"'),
  })
  .strict()
  .meta({ format: 'photo' })
  .describe('A photo beside the heading, in place of the artwork: JPEG, PNG or HEIC, at most 15 MB');

const heading = z.string().min(3).max(100).describe('The section’s heading');
const intro = z.string().max(600).optional().describe('Paragraph under the heading');
const anchor = z
  .string()
  .regex(/^[a-z0-9-]+$/)
  .optional()
  .describe('A short name that links straight to this section, such as "prices" for a link ending #prices: lower-case letters, digits and hyphens');

export const blockSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hero'),
    eyebrow: z.string().max(60).optional().describe('Short line above the heading'),
    heading: z.string().min(5).max(90).describe('The page’s main heading'),
    lead: z.string().min(20).max(400).describe('The paragraph under the main heading'),
    actions: z.array(actionSchema).max(3).default([]),
    highlights: z.array(z.string().max(80)).max(4).optional().describe('Short ticked points under the actions'),
    form: formSettingsSchema.optional().describe('Shows a copy of the quote form in the hero on small screens (home page)'),
    art: art.default('general'),
    photo: photoSchema.optional(),
    map: z.boolean().default(false).describe('Shows the map of the six cities on large screens instead of the artwork (contact page)'),
    urgent: z
      .object({
        target: z
          .string()
          .min(20)
          .max(200)
          .describe('The first line for a request from one of the six cities: {area} is the city, {hours} its response target ("4-6 hours")'),
        regional: z.string().min(20).max(200).describe('The same line for a request from elsewhere or that named no city; {hours} is the regional target'),
        uncovered: z
          .string()
          .min(20)
          .max(200)
          .optional()
          .describe(
            "The first line instead, when no technician was on call for the request's city and service as it arrived: lead with the 24/7 line ({emergencyLine}), and promise no technician's time",
          ),
        actions: z.array(actionSchema).min(1).max(2).describe('The 24/7 call button first ({emergencyTel}), then at most one more'),
        note: z.string().min(20).max(400).describe('A paragraph under the buttons: what happens now and what to do while waiting'),
      })
      .optional()
      .describe(
        "Thank-you page only: what an urgent request (urgent timeframe, repair call-out or the emergency page) sees in place of the lead. The page shows the line for the visitor's area",
      ),
  }),
  z.object({
    type: z.literal('cards'),
    id: anchor,
    heading,
    intro,
    columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(3),
    items: z.array(cardSchema).min(1).max(12),
  }),
  z.object({
    type: z.literal('table'),
    id: anchor,
    heading,
    intro,
    caption: z.string().min(5).max(160).describe('Table caption, read by screen readers and shown above the table'),
    columns: z.array(z.string().max(40)).min(2).max(6),
    rows: z
      .array(z.array(z.string().max(120)).min(2).max(6))
      .min(1)
      .max(20),
    note: z.string().max(300).optional().describe('Small print under the table'),
  }),
  z.object({
    type: z.literal('steps'),
    id: anchor,
    heading,
    intro,
    hideWhenUrgent: z
      .boolean()
      .default(false)
      .describe("Thank-you page only: hidden when the visitor arrives from an urgent request (the hero's urgent part says what happens instead)"),
    items: z
      .array(z.object({ title: z.string().max(60), body: z.string().max(400) }))
      .min(2)
      .max(8),
  }),
  z.object({
    type: z.literal('prose'),
    id: anchor,
    heading: heading.optional(),
    paragraphs: z.array(z.string().min(20).max(1200)).min(1).max(10),
    points: z.array(z.string().max(300)).max(12).optional().describe('A bulleted list after the paragraphs'),
    sources: z.array(sourceSchema).max(8).optional().describe('Public sources for the rules or figures in this block, each with the date it was read'),
  }),
  z.object({
    type: z.literal('faq'),
    heading: heading.default('Frequently Asked Questions'),
    items: z.array(faqItemSchema).min(2).max(20),
  }),
  z.object({
    type: z.literal('plans'),
    id: anchor,
    heading,
    intro,
    items: z
      .array(
        z.object({
          name: z.string().max(40),
          badge: z.string().max(30).optional(),
          summary: z.string().max(200).optional(),
          features: z.array(z.string().max(120)).min(2).max(10),
          action: actionSchema,
        }),
      )
      .min(1)
      .max(4),
  }),
  z.object({
    type: z.literal('stats'),
    id: anchor,
    heading,
    intro,
    items: z
      .array(z.object({ value: z.string().max(20), label: z.string().max(120) }))
      .min(2)
      .max(6),
    note: z.string().max(300).optional(),
  }),
  z.object({
    type: z.literal('links'),
    id: anchor,
    heading,
    intro,
    items: z
      .array(z.object({ label: z.string().max(60), href, description: z.string().max(200).optional() }))
      .min(1)
      .max(12),
  }),
  z.object({
    type: z.literal('list'),
    id: anchor,
    heading,
    intro,
    items: z.array(z.string().max(80)).min(2).max(40),
  }),
  z.object({
    type: z.literal('logos'),
    heading,
    intro,
    fallback: z.enum(['hide', 'name']).describe("When a logo fails to load: 'hide' it (home) or show the make's name (product pages)"),
  }),
  z.object({
    type: z.literal('contact'),
    heading,
    intro,
  }),
  z.object({
    type: z.literal('cta'),
    id: anchor,
    heading,
    body: z.string().max(400).optional(),
    actions: z.array(actionSchema).max(3).default([]),
    tone: z.enum(['brand', 'dark', 'emergency']).default('brand').describe('Background colour of the block'),
    form: formSettingsSchema.optional().describe('Embeds the quote form in this block'),
  }),
  z.object({
    type: z.literal('calculator'),
    id: anchor,
    tool: z.enum(calculatorTools).describe('Which calculator the section shows'),
  }),
  z.object({
    type: z.literal('quoteForm'),
    id: anchor,
    form: formSettingsSchema.default({}),
  }),
]);
export type Block = z.infer<typeof blockSchema>;
export type BlockOf<T extends Block['type']> = Extract<Block, { type: T }>;
export type Action = z.infer<typeof actionSchema>;
export type FaqItem = z.infer<typeof faqItemSchema>;
export type FormSettings = z.infer<typeof formSettingsSchema>;

/** A one-off page (home, cool rooms, repairs, contact, legal, industry pages...): SEO fields plus blocks. Its file name is its route. */
export const pageSchema = seoSchema.extend({
  canonical: z
    .boolean()
    .default(true)
    .meta({ advanced: true })
    .describe('Tells search engines this address is the page’s own, so copies elsewhere do not compete with it; leave it on'),
  updated: z.coerce.date().optional().describe("Shows a 'Last updated' line (legal pages)"),
  blocks: z.array(blockSchema).min(1),
});

/** A product landing page; the product template adds the fixed hero buttons, makes, related cards, FAQ and closing form. */
export const productSchema = seoSchema.extend({
  name: z.string().max(40).describe('Plural product name used on cards, e.g. "Commercial Fridges"'),
  cardText: z.string().min(40).max(200).describe('One sentence shown on related-product cards'),
  icon: z.enum(iconNames),
  art,
  hero: z.object({
    heading: z.string().min(5).max(90),
    lead: z.string().min(20).max(400),
    highlights: z.array(z.string().max(80)).max(4).optional(),
    photo: photoSchema.optional(),
  }),
  repairsLabel: z
    .enum(['Repair Services', 'Emergency Repairs', 'Maintenance Services', 'Service & Repairs', 'Service Support'])
    .describe("Label of the hero's secondary button to /repairs, worded for this product"),
  blocks: z.array(blockSchema).min(3).describe('Types, industry applications, energy efficiency or maintenance, with reference tables'),
  related: z.array(z.enum(productSlugs)).min(2).max(4).describe('Sibling product pages shown as cards'),
  faq: z.array(faqItemSchema).length(4).describe('Exactly four questions: enough to answer the usual doubts, few enough to read on a phone'),
  closing: z.object({ heading, body: z.string().max(400) }),
});

/** The pages a city page's service cards may link to. */
export const cityServiceHrefs = ['/commercial-fridge', '/commercial-freezer', '/cool-rooms', '/display-fridge', '/repairs'] as const;

/** A city page; the template adds the CBD response claim, LocalBusiness data and the form pre-filled per the config. */
export const citySchema = seoSchema.extend({
  city: z.enum(cityKeys).describe('The city this page is for'),
  hero: z.object({ heading: z.string().min(5).max(90), lead: z.string().min(20).max(400), photo: photoSchema.optional() }),
  areas: z.array(z.string().max(60)).min(8).max(30).describe('Real suburbs and nearby towns served'),
  services: z
    .array(z.object({ href: z.enum(cityServiceHrefs), title: z.string().max(60), body: z.string().min(30).max(300), icon: z.enum(iconNames) }))
    .length(5)
    .refine((s) => new Set(s.map((x) => x.href)).size === 5, 'One card for each of the five service pages'),
  whyChoose: z.array(cardSchema).min(3).max(6),
  local: z.object({ heading, paragraphs: z.array(z.string().min(80).max(1200)).min(3).max(6) }),
  industries: z.array(cardSchema).min(3).max(6).describe("The city's own industries we serve"),
  extraLinks: z
    .array(z.object({ label: z.string().max(60), href, description: z.string().max(200) }))
    .max(4)
    .default([]),
});

export const blogCategories = ['Buying Guides', 'Energy Efficiency', 'Maintenance', 'Compliance', 'Finance', 'Troubleshooting'] as const;

/** Articles share hero artwork by topic: each category's piece. */
export const categoryArt: Record<(typeof blogCategories)[number], z.infer<typeof art>> = {
  'Buying Guides': 'display-fridge',
  'Energy Efficiency': 'supermarket-aisle',
  Maintenance: 'maintenance',
  Compliance: 'lab-fridge',
  Finance: 'reach-in',
  Troubleshooting: 'repairs',
};

export const blogSchema = seoSchema.extend({
  excerpt: z.string().min(60).max(260).describe('Summary shown on the blog index'),
  date: z.coerce.date().describe('The date the article was first published'),
  author: z.string().max(60).describe('A role label such as "Senior Refrigeration Technician", never an invented person'),
  category: z.enum(blogCategories),
  serviceType: z.enum(serviceTypes).describe('Service type pre-selected in the article’s quote form'),
  heroLead: z.string().min(40).max(300).describe('Paragraph under the article title'),
  photo: photoSchema.optional(),
  readingMinutes: z
    .number()
    .int()
    .min(1)
    .max(30)
    .optional()
    .describe('A fixed reading time where the article states one; otherwise computed from the word count'),
  related: z
    // The editor offers the other articles by title: `format: 'article'` asks it to.
    .array(z.string().meta({ format: 'article' }))
    .length(3)
    .refine((slugs) => new Set(slugs).size === slugs.length, 'Choose three different articles')
    .describe('Three other articles shown as cards at the end of this one'),
});

export const guideSchema = seoSchema.extend({
  keywords: z
    .array(z.string().min(2).max(60))
    .min(3)
    .max(12)
    .meta({ advanced: true })
    .describe('Search terms written into the page for search engines; visitors never see them'),
  heading: z.string().min(5).max(90).describe('The page’s main heading'),
  heroLead: z.string().min(40).max(400),
  photo: photoSchema.optional(),
  updatedNote: z.string().max(80).optional().describe("Note after the date; defaults to 'Information verified monthly'"),
  quickAnswer: z.string().min(80).max(700).describe('The Quick Answer box: the short answer to the page’s main question'),
  faq: z.array(faqItemSchema).length(15).describe('Exactly 15 questions, the full set a buyer of this guide asks; also emitted as FAQPage data'),
  serviceType: z.enum(serviceTypes).default('Installation'),
  art,
});

/** Every content collection and its schema: the Astro config, the content check and the tests read this one map. */
export const collectionSchemas = {
  business: businessDetailsSchema,
  pages: pageSchema,
  products: productSchema,
  cities: citySchema,
  blog: blogSchema,
  guides: guideSchema,
  calculators: calculatorSchema,
} as const satisfies Record<SiteCollection, z.ZodType>;
export type CollectionName = keyof typeof collectionSchemas;
