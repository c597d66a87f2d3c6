/**
 * Security headers on every response. Pages carry their own script/style CSP in a <meta> that Astro
 * hashes at build; this header adds what a <meta> cannot (frame-ancestors) and locks down the rest.
 */
import type { FastifyPluginAsync } from 'fastify';

export const SITE_CSP = "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";
/** For pages the server writes itself (form errors): no script, no style, nothing external. */
export const SERVER_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

export const securityHeaders: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', SITE_CSP);
    return payload;
  });
};

// Applies to the whole app, not only inside this plugin's encapsulation context.
(securityHeaders as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
