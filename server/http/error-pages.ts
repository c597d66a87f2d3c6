/**
 * Answers to the quote form in the form the client asked for: JSON for the page's script
 * (Accept: application/json), an HTML page with a way back for a plain form post. That page is
 * the site's own (stylesheet, header, footer) when the server has the built site.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { business } from '../../core/business.ts';
import { serverPageLabels as text } from './page-words.ts';
import { fieldLabel } from '../../core/lead/schema.ts';
import { h, Rendered, renderDocument, renderFragment, type ReactNode } from '../html/render.ts';
import { SERVER_PAGE_CSP } from './plugins/security.ts';
import { sitePath } from './paths.ts';
import type { PageShell } from './page-shell.ts';
import { sendPage } from './send-page.ts';

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
  return renderFragment(h(ErrorContent, { title, message, errors, back }));
}

function ErrorContent({ title, message, errors, back }: { title: string; message: string; errors: Record<string, string>; back: string }): ReactNode {
  const items = Object.entries(errors);
  const { emergencyLine } = business;
  const link = 'font-semibold text-brand-700 underline';
  return [
    h(
      'section',
      {
        key: 'hero',
        className: 'on-dark relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white',
        'aria-labelledby': 'page-title',
      },
      h(
        'div',
        { className: 'container-page py-12 sm:py-16' },
        h('h1', { id: 'page-title', className: 'text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl' }, title),
        h('p', { className: 'mt-4 max-w-2xl text-lg text-slate-100 sm:text-xl' }, message),
        h(
          'div',
          { className: 'mt-6 flex flex-wrap gap-3' },
          h('a', { href: back, className: 'btn-light' }, text.goBack),
          h('a', { href: emergencyLine.href, className: 'btn-on-dark' }, emergencyLine.display),
        ),
        h('p', { className: 'mt-4 max-w-2xl text-slate-100' }, text.goBackNote),
      ),
    ),
    h(
      'section',
      { key: 'help', className: 'section bg-white' },
      h(
        'div',
        { className: 'container-page' },
        items.length > 0 &&
          h(
            'ul',
            { className: 'grid gap-4 sm:grid-cols-2' },
            items.map(([field, problem]) => h('li', { key: field, className: 'card' }, h('strong', null, fieldLabel(field)), `: ${problem}`)),
          ),
        h(
          'p',
          { className: 'mt-6 text-slate-700' },
          `${text.emergencyPrompt} `,
          h('a', { href: emergencyLine.href, className: link }, emergencyLine.display),
          `, ${text.orEmail} `,
          h('a', { href: `mailto:${business.email}`, className: link }, business.email),
          '.',
        ),
      ),
    ),
  ];
}

/** The same content as a bare page, for a server without the built site (API-only tests); `main` is the renderer's own markup. */
export function errorPage(title: string, main: string): string {
  return renderDocument(
    h(
      'html',
      { lang: 'en-NZ' },
      h(
        'head',
        null,
        h('meta', { charSet: 'utf-8' }),
        h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
        h('meta', { name: 'robots', content: 'noindex' }),
        h('title', null, `${title} | ${business.name}`),
      ),
      h('body', null, h(Rendered, { tag: 'main', id: 'main', html: main })),
    ),
  );
}

export function sendFailure(request: FastifyRequest, reply: FastifyReply, status: number, message: string, errors: Record<string, string> = {}) {
  reply.code(status).header('Cache-Control', 'no-store');
  if (wantsJson(request)) return reply.type('application/json; charset=utf-8').send({ ok: false, error: message, errors });
  const title = status === 429 ? text.tooManyTitle : status >= 500 ? text.notSavedTitle : text.checkTitle;
  const main = errorMain(title, message, errors, backLink(request));
  const shell = request.server.pageShell;
  reply.type('text/html; charset=utf-8');
  // The site's page brings its own CSP <meta> (hashes of its styles); the bare page allows nothing.
  if (shell) return sendPage(request, reply, shell.render(title, main));
  return reply.header('Content-Security-Policy', SERVER_PAGE_CSP).send(errorPage(title, main));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's page around server messages; undefined without a built site. */
    pageShell: PageShell | undefined;
  }
}
