/** Reads the built site (dist/) for the static audits. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const distDir = new URL('../../dist/', import.meta.url).pathname;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]));
}

export interface BuiltPage {
  /** Route, without a trailing slash ("/" for the home page, "/404" for the not-found page). */
  route: string;
  file: string;
  html: string;
}

/** The business's own side: built with the site, but not one of its public pages. */
export const INBOX_ROUTE = '/inbox';

/** Every public page of the build (the inbox, the business's own app, is audited on its own). */
export function builtPages(): BuiltPage[] {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  return walk(distDir)
    .filter((f) => f.endsWith('.html'))
    .map((file) => {
      const rel = relative(distDir, file).split(sep).join('/');
      const route = rel === 'index.html' ? '/' : `/${rel.replace(/\/index\.html$/, '').replace(/\.html$/, '')}`;
      return { route, file, html: readFileSync(file, 'utf8') };
    })
    .filter((page) => page.route !== INBOX_ROUTE)
    .sort((a, b) => a.route.localeCompare(b.route));
}

export function distFileExists(urlPath: string): boolean {
  const clean = decodeURIComponent(urlPath.split(/[?#]/)[0]!);
  const candidates = [join(distDir, clean), join(distDir, clean, 'index.html')];
  return candidates.some((c) => existsSync(c) && !c.endsWith('/'));
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x27;/g, "'")
    .replace(/&nbsp;/g, '\u00a0');
}

export function metaContent(html: string, name: string): string | undefined {
  const m = new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html);
  return m ? decodeEntities(m[1]!) : undefined;
}

export function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}
