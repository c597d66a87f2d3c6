/**
 * Answers to the quote form in the form the client asked for: JSON for the page's script
 * (Accept: application/json), an HTML page with a way back for a plain form post. That page is
 * the site's own (stylesheet, header, footer) when the server has the built site.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { business } from '../../core/business.ts';
import { serverPageLabels as text } from './page-words.ts';
import { fieldLabel } from '../../core/lead/schema.ts';
import { escapeHtml } from '../../core/escape-html.ts';
import { SERVER_PAGE_CSP } from './plugins/security.ts';
import { sitePath } from './paths.ts';
import type { PageShell } from './page-shell.ts';

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

/** The message, the fields to fix, the way back and the emergency line, in the site's hero and section markup. */
export function errorMain(title: string, message: string, errors: Record<string, string>, back: string): string {
  const items = Object.entries(errors)
    .map(([field, problem]) => `<li class="card"><strong>${escapeHtml(fieldLabel(field))}</strong>: ${escapeHtml(problem)}</li>`)
    .join('');
  const { emergencyLine } = business;
  return `<section class="on-dark relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white" aria-labelledby="page-title"><div class="container-page py-12 sm:py-16"><h1 id="page-title" class="text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">${escapeHtml(title)}</h1><p class="mt-4 max-w-2xl text-lg text-slate-100 sm:text-xl">${escapeHtml(message)}</p><div class="mt-6 flex flex-wrap gap-3"><a href="${escapeHtml(back)}" class="btn-light">${escapeHtml(text.goBack)}</a><a href="${emergencyLine.href}" class="btn-on-dark">${escapeHtml(emergencyLine.display)}</a></div><p class="mt-4 max-w-2xl text-slate-100">${escapeHtml(text.goBackNote)}</p></div></section><section class="section bg-white"><div class="container-page">${items ? `<ul class="grid gap-4 sm:grid-cols-2">${items}</ul>` : ''}<p class="mt-6 text-slate-700">${escapeHtml(text.emergencyPrompt)} <a href="${emergencyLine.href}" class="font-semibold text-brand-700 underline">${escapeHtml(emergencyLine.display)}</a>, ${escapeHtml(text.orEmail)} <a href="mailto:${business.email}" class="font-semibold text-brand-700 underline">${escapeHtml(business.email)}</a>.</p></div></section>`;
}

/** The same content as a bare page, for a server without the built site (API-only tests). */
export function errorPage(title: string, main: string): string {
  return `<!doctype html>
<html lang="en-NZ"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(business.name)}</title></head>
<body><main id="main">${main}</main></body></html>`;
}

export function sendFailure(request: FastifyRequest, reply: FastifyReply, status: number, message: string, errors: Record<string, string> = {}) {
  reply.code(status).header('Cache-Control', 'no-store');
  if (wantsJson(request)) return reply.type('application/json; charset=utf-8').send({ ok: false, error: message, errors });
  const title = status === 429 ? text.tooManyTitle : status >= 500 ? text.notSavedTitle : text.checkTitle;
  const main = errorMain(title, message, errors, backLink(request));
  const shell = request.server.pageShell;
  reply.type('text/html; charset=utf-8');
  // The site's page brings its own CSP <meta> (hashes of its styles); the bare page allows nothing.
  if (shell) return reply.send(shell.render(title, main));
  return reply.header('Content-Security-Policy', SERVER_PAGE_CSP).send(errorPage(title, main));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's page around server messages; undefined without a built site. */
    pageShell: PageShell | undefined;
  }
}
