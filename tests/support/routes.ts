import { productSlugs } from '../../src/config/site.ts';

/** The client's route table, with the placeholder values filled in, written out as the tests expect it. */
export const specRoutes = [
  '/',
  '/commercial-fridge',
  '/commercial-freezer',
  '/display-fridge',
  '/display-freezer',
  '/commercial-refrigerator',
  '/cool-rooms',
  '/repairs',
  '/auckland',
  '/christchurch',
  '/wellington',
  '/hamilton',
  '/tauranga',
  '/dunedin',
  '/hospitality-refrigeration',
  '/medical-refrigeration',
  '/supermarket-refrigeration',
  '/blog',
  '/blog/choose-right-commercial-fridge',
  '/blog/energy-saving-tips',
  '/blog/commercial-vs-residential',
  '/blog/display-fridge-maintenance',
  '/blog/extend-freezer-life',
  '/blog/nz-compliance-standards',
  '/blog/lease-vs-buy',
  '/blog/common-problems',
  '/contact',
  '/thank-you',
  '/privacy',
  '/terms',
  '/installation',
  '/preventative-maintenance',
  '/emergency-repairs',
  '/skope-vs-williams-refrigeration',
  '/commercial-fridge-prices-nz',
  '/restaurant-refrigeration-nz',
] as const;

export const noindexRoutes = ['/thank-you'] as const;
export const productRoutes = productSlugs.map((slug) => `/${slug}` as const);
export const serviceRoutes = ['/repairs', '/emergency-repairs', '/installation', '/preventative-maintenance'] as const;
export const industryRoutes = ['/hospitality-refrigeration', '/medical-refrigeration', '/supermarket-refrigeration'] as const;
/** The thirteen pages that open with artwork of their own: products, cool rooms, services, industries. */
export const ownArtRoutes = [...productRoutes, '/cool-rooms', ...serviceRoutes, ...industryRoutes] as const;
export const cityRoutes = ['/auckland', '/christchurch', '/wellington', '/hamilton', '/tauranga', '/dunedin'] as const;
export const guideRoutes = ['/skope-vs-williams-refrigeration', '/commercial-fridge-prices-nz', '/restaurant-refrigeration-nz'] as const;
/** Pages given a set list of search terms, so they set meta keywords. */
export const keywordRoutes = ['/commercial-fridge', ...guideRoutes] as const;

/** A route as the server registered it: one method, the full path with its prefix. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

/**
 * Records the server's routes as Fastify registers them: pass `onRoute` to buildApp, which adds it
 * as an onRoute hook before any route exists. HEAD routes Fastify adds for each GET are left out.
 */
export function routeRecorder(): { routes: RegisteredRoute[]; onRoute: (route: { method: string | readonly string[]; url: string }) => void } {
  const routes: RegisteredRoute[] = [];
  return {
    routes,
    onRoute: (route) => {
      for (const method of typeof route.method === 'string' ? [route.method] : route.method) if (method !== 'HEAD') routes.push({ method, url: route.url });
    },
  };
}
