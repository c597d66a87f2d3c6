/** The site's routes as the content defines them; the sitemap, the visit counts and the tests use this list. */
import { entries } from './content.ts';
import type { SitePage } from '../../core/visit/beacon-fields.ts';

/** Every indexable page with its kind (noindex pages, such as the thank-you page, are left out). */
export async function sitePages(): Promise<SitePage[]> {
  const [pages, products, cities, guides, blog] = await Promise.all([
    entries('pages'),
    entries('products'),
    entries('cities'),
    entries('guides'),
    entries('blog'),
  ]);
  const pageRoutes = pages
    .filter((p) => !p.data.noindex)
    .map((p): SitePage => (p.id === 'index' ? { path: '/', kind: 'home' } : { path: `/${p.id}`, kind: p.id === 'blog' ? 'blog' : 'page' }));
  return [
    ...pageRoutes,
    ...products.map((p): SitePage => ({ path: `/${p.id}`, kind: 'product' })),
    ...cities.map((c): SitePage => ({ path: `/${c.id}`, kind: 'city' })),
    ...guides.map((g): SitePage => ({ path: `/${g.id}`, kind: 'guide' })),
    ...blog.map((b): SitePage => ({ path: `/blog/${b.id}`, kind: 'article' })),
  ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export async function indexableRoutes(): Promise<string[]> {
  return (await sitePages()).map((p) => p.path);
}
