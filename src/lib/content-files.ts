/**
 * Where the content entries live as files: one folder per collection, JSON, YAML or MDX. The site build
 * reads them from `src/content` unless SITE_CONTENT_DIR names another folder: the lead server
 * builds a published version of the site from a copy of the release's files with the owner's
 * entries written over them. Plain Node (no Astro imports): the server, the content check and the
 * Astro config all read it.
 */
import type { CollectionName } from './content-schemas.ts';
import { siteCollections } from '../../core/site-collections.ts';

export const CONTENT_DIR_ENV = 'SITE_CONTENT_DIR';

/** The release's own content folder, relative to the project root. */
export const RELEASE_CONTENT_DIR = 'src/content';

/** The file kind of each collection; a collection without a schema (or the reverse) fails the type check. */
export const collectionFiles = siteCollections satisfies Record<CollectionName, 'json' | 'yaml' | 'mdx'>;

/** The business details' file in a content folder, and the import name the site's code reads it by. */
export const BUSINESS_DETAILS_FILE = 'business/details.json';
export const BUSINESS_DETAILS_IMPORT = '#business-details';

/** The folder the build reads content from. */
export function contentDir(env: Record<string, string | undefined> = process.env): string {
  return env[CONTENT_DIR_ENV] || `./${RELEASE_CONTENT_DIR}`;
}
