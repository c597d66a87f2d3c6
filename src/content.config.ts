import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { collectionSchemas, type CollectionName } from './lib/content-schemas.ts';
import { contentDir } from './lib/content-files.ts';

/** The release's files, or a published version's copy of them (the lead server's site editor). */
const root = contentDir();

/** The business details the pages, e-mails and the lead server state: one JSON file (business.ts reads it too). */
const business = defineCollection({ loader: glob({ pattern: 'details.json', base: `${root}/business` }), schema: collectionSchemas.business });
/** One-off pages: src/content/pages/<route>.yaml ("index" is the home page). */
const pages = defineCollection({ loader: glob({ pattern: '**/*.yaml', base: `${root}/pages` }), schema: collectionSchemas.pages });
/** The five product landing pages, one template. */
const products = defineCollection({ loader: glob({ pattern: '*.yaml', base: `${root}/products` }), schema: collectionSchemas.products });
/** The six city pages, one template. */
const cities = defineCollection({ loader: glob({ pattern: '*.yaml', base: `${root}/cities` }), schema: collectionSchemas.cities });
/** The eight blog articles (MDX); the file name is the slug. */
const blog = defineCollection({ loader: glob({ pattern: '*.mdx', base: `${root}/blog` }), schema: collectionSchemas.blog });
/** The three long guides (MDX); the file name is the route. */
const guides = defineCollection({ loader: glob({ pattern: '*.mdx', base: `${root}/guides` }), schema: collectionSchemas.guides });

/** The calculators' copy and rule-of-thumb figures, one file each. */
const calculators = defineCollection({ loader: glob({ pattern: '*.yaml', base: `${root}/calculators` }), schema: collectionSchemas.calculators });

// satisfies: a collection added to the schema map but not here (or the reverse) fails the type check.
export const collections = { business, pages, products, cities, blog, guides, calculators } satisfies Record<CollectionName, unknown>;
