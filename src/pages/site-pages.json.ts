import type { APIRoute } from 'astro';
import { sitePages } from '../lib/routes.ts';

/** The pages the lead server counts visits of, with their kinds: the sitemap's list, read by server/visits/site-pages.ts. */
export const GET: APIRoute = async () => new Response(JSON.stringify(await sitePages()), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
