import type { APIRoute } from 'astro';
import { indexableRoutes } from '../lib/routes.ts';

/** Every indexable route and no other (noindex pages are left out). */
export const GET: APIRoute = async ({ site }) => {
  const routes = await indexableRoutes();
  const urls = routes.map((path) => `  <url><loc>${new URL(path, site).href}</loc></url>`).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
