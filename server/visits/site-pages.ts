/**
 * The pages the visits count, as the build wrote them (SITE_PAGES_FILE, made from the same route
 * list as the sitemap): any other path a beacon names is not counted, so a made-up one cannot grow
 * the tables. A build without the file counts nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { pageKinds, SITE_PAGES_FILE, type PageKind } from '../../core/visit/beacon-fields.ts';

const sitePages = z.array(z.object({ path: z.string().startsWith('/'), kind: z.enum(pageKinds) }));

export function loadSitePages(distDir: string): Map<string, PageKind> {
  const file = join(distDir, SITE_PAGES_FILE);
  if (!existsSync(file)) return new Map();
  return new Map(sitePages.parse(JSON.parse(readFileSync(file, 'utf8'))).map((p) => [p.path, p.kind]));
}
