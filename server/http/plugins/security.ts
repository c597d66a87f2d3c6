/**
 * Security headers on every response. Pages carry their own script/style CSP in a <meta> that Astro
 * hashes at build; this header adds what a <meta> cannot (frame-ancestors) and locks down the rest.
 * Anything that is not a page (SVG, JSON, CSV...) gets a CSP that runs nothing, so an SVG opened
 * on its own cannot run script.
 */
import fp from 'fastify-plugin';

export const SITE_CSP = "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";
/**
 * A preview of the owner's edit (signed in, or by its share link): the site's policy, but the inbox
 * on this site may show it in a frame, as the page's phone-width look beside its fields.
 */
export const PREVIEW_CSP = SITE_CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self'");
/** For pages the server writes itself (form errors): no script, no style, nothing external. */
export const SERVER_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
/** For every response that is not an HTML page: SVG may style itself, nothing else loads or runs. */
export const ASSET_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/**
 * For the inbox's service worker (a worker's policy comes with its script): it may post an alert's
 * "I've got it" to this site and show the inbox's own icons, and nothing else.
 */
export const WORKER_CSP = "default-src 'none'; connect-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/** A year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityOptions {
  /** Strict-Transport-Security on every response; off only for a site served without TLS. */
  hsts: boolean;
}

/**
 * The headers every answer carries, for a body of this content type. Also used where Fastify's hooks
 * do not run: a URL that cannot be decoded, and a request Node refuses before Fastify sees it.
 */
export function securityHeaderValues(contentType: string, hsts: boolean): Record<string, string> {
  // Untyped answers (304, 303) keep the page policy: a cache may merge a 304's headers into the stored page.
  const page = contentType === '' || contentType.startsWith('text/html');
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // Images may be shown by other origins (e-mail clients, link previews); nothing else may be embedded.
    'Cross-Origin-Resource-Policy': contentType.startsWith('image/') ? 'cross-origin' : 'same-origin',
    ...(hsts ? { 'Strict-Transport-Security': HSTS } : {}),
    'Content-Security-Policy': page ? SITE_CSP : ASSET_CSP,
  };
}

/** Headers a route may set stricter for itself; the site-wide values fill in only where it did not. */
const ROUTE_OWN_HEADERS = ['Content-Security-Policy', 'Referrer-Policy', 'X-Frame-Options'] as const;

// fastify-plugin: the hook applies to the whole app, not only inside this plugin's context.
export const securityHeaders = fp<SecurityOptions>(
  async (app, { hsts }) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      const headers = securityHeaderValues(String(reply.getHeader('content-type') ?? ''), hsts);
      // A route that set its own policy keeps it: the server's error pages their CSP, the partner page
      // its no-referrer (its address holds a secret that must not travel to another site), a preview
      // its frame for the inbox.
      for (const name of ROUTE_OWN_HEADERS) if (reply.hasHeader(name)) delete headers[name];
      reply.headers(headers);
      return payload;
    });
  },
  { name: 'security-headers' },
);
