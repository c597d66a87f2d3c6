/**
 * The site's content collections: each one's file kind (JSON data, YAML data, or MDX with
 * frontmatter data and a Markdown body), in the order the inbox's site editor lists them. Plain
 * data without zod, so the build, the lead server, the inbox's API contract and its browser code
 * all read this one list.
 */
export const siteCollections = {
  business: 'json',
  pages: 'yaml',
  products: 'yaml',
  cities: 'yaml',
  guides: 'mdx',
  blog: 'mdx',
  calculators: 'yaml',
} as const;

export type SiteCollection = keyof typeof siteCollections;

export const siteCollectionNames = Object.keys(siteCollections) as [SiteCollection, ...SiteCollection[]];
