import { DEFAULT_SITE_URL } from '../config/site.ts';

/** The site's address in its pages (canonical links, structured data): SITE_URL when set. */
export function siteUrl(env: Record<string, string | undefined> = process.env): string {
  return env.SITE_URL || DEFAULT_SITE_URL;
}
