/**
 * How the partners' pages take their plain form posts, kept once for the job page and "Your jobs":
 * urlencoded forms only, small, with no NUL character (PostgreSQL cannot store one, so it is a 400
 * here rather than a 500 at the database), and whatever goes wrong answered with the page's own
 * words (`failed`) instead of Fastify's JSON.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { holdsNul } from '../http/nul-guard.ts';

export function takePartnerForms(app: FastifyInstance, what: string, failed: (request: FastifyRequest, reply: FastifyReply, status: number) => unknown): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
    const form = Object.fromEntries(new URLSearchParams(String(body)));
    done(holdsNul(form) ? Object.assign(new Error('a NUL character in the form'), { statusCode: 400 }) : null, form);
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, `${what} failed`);
    return failed(request, reply, status);
  });
}
