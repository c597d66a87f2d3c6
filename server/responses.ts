/**
 * Answers to the quote form in the form the client asked for: JSON for the page's script
 * (Accept: application/json), an HTML page with a way back for a plain form post.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { business } from '../src/config/site.ts';
import { fieldLabel } from '../src/lib/lead.ts';
import { escapeHtml } from './notify/format.ts';
import { SERVER_PAGE_CSP } from './plugins/security.ts';
import { sitePath } from './paths.ts';

export function wantsJson(request: FastifyRequest): boolean {
  const accept = String(request.headers.accept ?? '');
  return accept.includes('application/json') && !accept.includes('text/html');
}

/** Where "go back" leads: the page the form was on when it is ours, else the contact page. */
function backLink(request: FastifyRequest): string {
  const referer = request.headers.referer;
  if (referer && URL.canParse(referer)) {
    const url = new URL(referer);
    // Only a path of this site: "//evil.example/contact" would be a link to another host.
    if (url.host === request.headers.host && sitePath(url.pathname)) return url.pathname + url.search;
  }
  return '/contact';
}

export function errorPage(title: string, message: string, errors: Record<string, string>, back: string): string {
  const items = Object.entries(errors)
    .map(([field, text]) => `<li><strong>${escapeHtml(fieldLabel(field))}</strong>: ${escapeHtml(text)}</li>`)
    .join('');
  return `<!doctype html>
<html lang="en-NZ"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(business.name)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${items ? `<ul>${items}</ul>` : ''}
<p><a href="${escapeHtml(back)}">Go back to the form</a> (your browser's back button keeps what you typed).</p>
<p>Urgent breakdown? Call our 24/7 line: <a href="${business.emergencyLine.href}">${escapeHtml(business.emergencyLine.display)}</a>, or e-mail <a href="mailto:${business.email}">${escapeHtml(business.email)}</a>.</p></main></body></html>`;
}

export function sendFailure(request: FastifyRequest, reply: FastifyReply, status: number, message: string, errors: Record<string, string> = {}) {
  reply.code(status).header('Cache-Control', 'no-store');
  if (wantsJson(request)) return reply.type('application/json; charset=utf-8').send({ ok: false, error: message, errors });
  const title = status === 429 ? 'Too many requests' : status >= 500 ? 'We could not save your request' : 'Please check your quote request';
  return reply
    .header('Content-Security-Policy', SERVER_PAGE_CSP)
    .type('text/html; charset=utf-8')
    .send(errorPage(title, message, errors, backLink(request)));
}
