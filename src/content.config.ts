import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { blogSchema, calculatorSchema, citySchema, guideSchema, pageSchema, productSchema } from './lib/content-schemas.ts';

/** One-off pages: src/content/pages/<route>.yaml ("index" is the home page). */
const pages = defineCollection({ loader: glob({ pattern: '**/*.yaml', base: './src/content/pages' }), schema: pageSchema });
/** The five product landing pages, one template. */
const products = defineCollection({ loader: glob({ pattern: '*.yaml', base: './src/content/products' }), schema: productSchema });
/** The six city pages, one template. */
const cities = defineCollection({ loader: glob({ pattern: '*.yaml', base: './src/content/cities' }), schema: citySchema });
/** The eight blog articles (MDX); the file name is the slug. */
const blog = defineCollection({ loader: glob({ pattern: '*.mdx', base: './src/content/blog' }), schema: blogSchema });
/** The three long guides (MDX); the file name is the route. */
const guides = defineCollection({ loader: glob({ pattern: '*.mdx', base: './src/content/guides' }), schema: guideSchema });

/** The calculators' copy and rule-of-thumb figures, one file each. */
const calculators = defineCollection({ loader: glob({ pattern: '*.yaml', base: './src/content/calculators' }), schema: calculatorSchema });

export const collections = { pages, products, cities, blog, guides, calculators };
