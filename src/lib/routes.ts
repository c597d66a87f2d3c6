/** The site's routes as the content defines them; the sitemap and the tests use this list. */
import { entries } from './content.ts';

export async function indexableRoutes(): Promise<string[]> {
  const [pages, products, cities, guides, blog] = await Promise.all([
    entries('pages'),
    entries('products'),
    entries('cities'),
    entries('guides'),
    entries('blog'),
  ]);
  const pageRoutes = pages.filter((p) => !p.data.noindex).map((p) => (p.id === 'index' ? '/' : `/${p.id}`));
  return [
    ...pageRoutes,
    ...products.map((p) => `/${p.id}`),
    ...cities.map((c) => `/${c.id}`),
    ...guides.map((g) => `/${g.id}`),
    ...blog.map((b) => `/blog/${b.id}`),
  ].sort();
}
