/**
 * Where the content entries live as files: one folder per collection, YAML or MDX. The site build
 * reads them from `src/content` unless SITE_CONTENT_DIR names another folder: the lead server
 * builds a published version of the site from a copy of the release's files with the owner's
 * entries written over them. Plain Node (no Astro imports): the server, the content check and the
 * Astro config all read it.
 */
import type { CollectionName } from './content-schemas.ts';

export const CONTENT_DIR_ENV = 'SITE_CONTENT_DIR';

/** The release's own content folder, relative to the project root. */
export const RELEASE_CONTENT_DIR = 'src/content';

/** The file kind of each collection: YAML data, or MDX (frontmatter data and a Markdown body). */
export const collectionFiles = {
  pages: 'yaml',
  products: 'yaml',
  cities: 'yaml',
  blog: 'mdx',
  guides: 'mdx',
  calculators: 'yaml',
} as const satisfies Record<CollectionName, 'yaml' | 'mdx'>;

/** The folder the build reads content from. */
export function contentDir(env: Record<string, string | undefined> = process.env): string {
  return env[CONTENT_DIR_ENV] || `./${RELEASE_CONTENT_DIR}`;
}
