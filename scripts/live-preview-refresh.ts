/**
 * An Astro integration for the site editor's quick previews. The lead server keeps `astro dev`
 * running on a content folder of its own and renders one page from it in well under a second,
 * where a whole build takes several.
 *
 * Active only when LIVE_PREVIEW_ENV carries a secret (the lead server's dev child):
 * - every request without that secret is refused, so nothing else on the machine can read the
 *   project's files through the dev server;
 * - `POST REFRESH_PATH` with the content files just written (a JSON list of paths) drops those
 *   files' modules and reloads the content collections, and answers once the next page render
 *   sees them: the file watcher's timing is not something a preview can wait on.
 */
import type { AstroIntegration } from 'astro';
import { isRunnableDevEnvironment, type Connect, type EnvironmentModuleNode, type ViteDevServer } from 'vite';
import { resolve } from 'node:path';
import { LIVE_PREVIEW_ENV, LIVE_PREVIEW_HEADER, REFRESH_PATH } from '../core/live-preview-protocol.ts';

/** The refresh request's body at most: a list of content file paths. */
const MAX_BODY = 1_000_000;

/** The content collections' data, as Astro's dev server loads it. */
const DATA_STORE_MODULE = '\0astro:data-layer-content';

/**
 * Drops what every environment has loaded of the content data and of `files` (their modules and
 * those that import them, in the module graph and in the running modules), and has each clear its
 * cache of pages' paths and props: the next render reads them all afresh. Astro does this itself
 * on its file watcher's word, some time after the files change; a preview cannot wait on that.
 */
function forget(server: ViteDevServer, files: readonly string[]): void {
  const timestamp = Date.now();
  for (const environment of Object.values(server.environments)) {
    const graph = environment.moduleGraph;
    const modules = [graph.getModuleById(DATA_STORE_MODULE), ...files.flatMap((file) => [...(graph.getModulesByFile(file) ?? [])])];
    const seen = new Set<EnvironmentModuleNode>();
    for (const module of modules) if (module) graph.invalidateModule(module, seen, timestamp, true);
    if (isRunnableDevEnvironment(environment)) {
      const running = environment.runner.evaluatedModules;
      for (const module of seen) {
        const loaded = module.id ? running.getModuleById(module.id) : undefined;
        if (loaded) running.invalidateModule(loaded);
      }
    }
    if (environment.name !== 'client') environment.hot.send('astro:content-changed', {});
  }
}

/** The refresh body's files as absolute paths, or undefined when it is not a JSON list of paths. */
function filesOf(body: string): string[] | undefined {
  try {
    const list: unknown = JSON.parse(body);
    return Array.isArray(list) && list.every((file) => typeof file === 'string' && file !== '') ? list.map((file: string) => resolve(file)) : undefined;
  } catch {
    return undefined;
  }
}

export function livePreview(secret = process.env[LIVE_PREVIEW_ENV]): AstroIntegration {
  /** Puts the refusal of strangers first among the dev server's middleware. */
  let first: (() => void) | undefined;
  return {
    name: 'live-preview',
    hooks: {
      'astro:server:setup': ({ server, refreshContent }) => {
        if (!secret) return;
        const refuseStrangers: Connect.NextHandleFunction = (request, response, next) => {
          if (request.headers[LIVE_PREVIEW_HEADER] !== secret) {
            // Closed after the answer: its body, unread, must not be taken for the next request.
            response.shouldKeepAlive = false;
            response.statusCode = 403;
            response.end();
            return;
          }
          if (request.url !== REFRESH_PATH) return next();
          if (request.method !== 'POST') {
            response.shouldKeepAlive = false;
            response.statusCode = 405;
            response.setHeader('allow', 'POST');
            response.end();
            return;
          }
          let body = '';
          request.setEncoding('utf8');
          request.on('data', (chunk: string) => {
            body += chunk;
            if (body.length > MAX_BODY) request.destroy();
          });
          request.on('end', () => {
            void (async () => {
              const files = filesOf(body);
              if (!files) {
                response.statusCode = 400;
                response.end('expected a JSON list of file paths');
                return;
              }
              try {
                await refreshContent?.({});
                forget(server, files);
                response.statusCode = 204;
                response.end();
              } catch (error) {
                response.statusCode = 500;
                response.end(String(error));
              }
            })();
          });
        };
        server.middlewares.use(refuseStrangers);
        first = () => {
          const stack = server.middlewares.stack;
          stack.unshift(
            ...stack.splice(
              stack.findIndex((layer) => layer.handle === refuseStrangers),
              1,
            ),
          );
        };
        first();
      },
      // Once more when the server is up: Astro puts its own middleware in front after this setup
      // (a redirect of `//`, for one), which would answer before the secret is checked.
      'astro:server:start': () => first?.(),
    },
  };
}
