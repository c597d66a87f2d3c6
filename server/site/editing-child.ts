/**
 * The site editor's own process (content-checker.ts): checks an entry by the build's rules, and
 * renders a quick preview's page with the preview renderer the build made, one request at a time
 * over IPC. Both run the build's native MDX compiler, which a hostile body can keep busy or crash:
 * here that costs this process only. The two share one process because they load the same
 * schemas and compiler, and a renderer on a thread of the server left its memory in the server.
 */
import { checkEntryForBuild, type ContentEntry } from './content.ts';
import type { EditingRequest, EditingAnswer } from './content-checker.ts';

interface Renderer {
  ready(): Promise<void>;
  renderPage(route: string, entries: readonly ContentEntry[]): Promise<string>;
}

/** The renderer, loaded at the first request that needs it and kept for the next. */
let renderer: { url: string; loaded: Promise<Renderer> } | undefined;

function rendererAt(url: string): Promise<Renderer> {
  if (renderer?.url !== url) {
    const loaded = (import(url) as Promise<Renderer>).then(async (module) => {
      await module.ready();
      return module;
    });
    // A renderer that failed to load is tried again by the next request, not kept failing.
    loaded.catch(() => {
      if (renderer?.loaded === loaded) renderer = undefined;
    });
    renderer = { url, loaded };
  }
  return renderer.loaded;
}

async function answerTo(request: EditingRequest): Promise<EditingAnswer> {
  switch (request.kind) {
    case 'check':
      return {
        id: request.id,
        problems: await checkEntryForBuild(request.collection, request.data, request.body, request.routes ? new Set(request.routes) : undefined),
      };
    case 'load':
      await rendererAt(request.renderer);
      return { id: request.id, loaded: true };
    case 'render':
      return { id: request.id, html: await (await rendererAt(request.renderer)).renderPage(request.route, request.entries) };
  }
}

process.on('message', (request: EditingRequest) => {
  answerTo(request).then(
    (answer) => process.send?.(answer),
    (error: unknown) =>
      process.send?.({ id: request.id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) } satisfies EditingAnswer),
  );
});
// The server went away: nothing is left to answer.
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
