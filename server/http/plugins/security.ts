/**
 * Security headers on every response. Pages carry their own script/style CSP in a <meta> that Astro
 * hashes at build; this header adds what a <meta> cannot (frame-ancestors) and locks down the rest.
 * Anything that is not a page (SVG, JSON, CSV...) gets a CSP that runs nothing, so an SVG opened
 * on its own cannot run script.
 */
import type { FastifyPluginAsync } from 'fastify';

export const SITE_CSP = "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";
/** For pages the server writes itself (form errors): no script, no style, nothing external. */
export const SERVER_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
/** For every response that is not an HTML page: SVG may style itself, nothing else loads or runs. */
export const ASSET_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/** A year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityOptions {
  /** Strict-Transport-Security on every response; off only for a site served without TLS. */
  hsts: boolean;
}

export const securityHeaders: FastifyPluginAsync<SecurityOptions> = async (app, { hsts }) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    // Images may be shown by other origins (e-mail clients, link previews); nothing else may be embedded.
    reply.header('Cross-Origin-Resource-Policy', type.startsWith('image/') ? 'cross-origin' : 'same-origin');
    if (hsts) reply.header('Strict-Transport-Security', HSTS);
    // Untyped answers (304, 303) keep the page policy: a cache may merge a 304's headers into the stored page.
    const page = type === '' || type.startsWith('text/html');
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', page ? SITE_CSP : ASSET_CSP);
    return payload;
  });
};

// Applies to the whole app, not only inside this plugin's encapsulation context.
(securityHeaders as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
