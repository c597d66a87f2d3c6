/**
 * Pages answer GET and HEAD only; POST is the quote form's on `/` and the visit beacon's on
 * /visit. Any other method, or POST anywhere else, is a 405 with an `Allow` header, decided before
 * any body is read.
 */
import fp from 'fastify-plugin';
import { sitePath } from '../paths.ts';

export const PAGE_METHODS = 'GET, HEAD';
export const FORM_PATH_METHODS = 'GET, HEAD, POST';

// fastify-plugin: the hook applies to the whole app, not only inside this plugin's context.
export const methodsPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      // A request a route answers (GET and HEAD on any page, POST /, the API's GETs) goes on.
      if (!request.is404 || request.method === 'GET' || request.method === 'HEAD') return;
      return reply
        .code(405)
        .header('Allow', sitePath(request.url) === '/' ? FORM_PATH_METHODS : PAGE_METHODS)
        .header('Cache-Control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(`${request.method} is not allowed here.`);
    });
  },
  { name: 'methods' },
);
