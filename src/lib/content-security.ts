/**
 * The site's content security policy, less the hashes of each page's own scripts and styles: the
 * build adds those to every page it writes, and the site editor's quick preview to each page it
 * renders. Plain TypeScript (no Astro imports): the Astro config and the lead server both read it.
 */
import { logoImageSources } from '../config/site.ts';

/** Google Analytics' hosts, when a measurement id is set. */
function analyticsHosts(env: Record<string, string | undefined>): string[] {
  return env.PUBLIC_GA_MEASUREMENT_ID ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'] : [];
}

export function contentSecurity(env: Record<string, string | undefined> = process.env) {
  const ga = analyticsHosts(env);
  return {
    directives: [
      "default-src 'self'",
      `img-src 'self' data: ${logoImageSources().join(' ')} ${ga.join(' ')}`.trim() as `img-src${string}`,
      `connect-src 'self' ${ga.join(' ')}`.trim() as `connect-src${string}`,
      "font-src 'self'",
      "form-action 'self'",
      "base-uri 'self'",
      "object-src 'none'",
    ] as const,
    /** Where scripts may come from besides the page's own hashed ones. */
    scriptResources: ["'self'", ...ga.slice(0, 1)],
  };
}
