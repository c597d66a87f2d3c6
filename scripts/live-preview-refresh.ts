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
import { isRunnableDevEnvironment, type EnvironmentModuleNode, type ViteDevServer } from 'vite';
import { resolve } from 'node:path';
import { LIVE_PREVIEW_ENV, LIVE_PREVIEW_HEADER, REFRESH_PATH } from '../core/live-preview.ts';

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

export function livePreview(secret = process.env[LIVE_PREVIEW_ENV]): AstroIntegration {
  return {
    name: 'live-preview',
    hooks: {
      'astro:server:setup': ({ server, refreshContent }) => {
        if (!secret) return;
        server.middlewares.use((request, response, next) => {
          if (request.headers[LIVE_PREVIEW_HEADER] !== secret) {
            response.statusCode = 403;
            response.end();
            return;
          }
          if (request.url !== REFRESH_PATH) return next();
          let body = '';
          request.setEncoding('utf8');
          request.on('data', (chunk: string) => {
            body += chunk;
            if (body.length > MAX_BODY) request.destroy();
          });
          request.on('end', () => {
            void (async () => {
              try {
                const files = (JSON.parse(body) as string[]).map((file) => resolve(file));
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
        });
      },
    },
  };
}
