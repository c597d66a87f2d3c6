/**
 * The quick preview's worker thread: loads the preview renderer the build made and renders the
 * pages it is sent, one at a time, so the server's own thread goes on answering visitors meanwhile.
 * quick-preview.ts ends it when the owner stops previewing, which frees all it held.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ContentEntry } from './content.ts';
import { RENDERER_READY } from '../../core/preview-renderer.ts';

export interface RenderRequest {
  route: string;
  entries: ContentEntry[];
}

export type RenderAnswer = { html: string } | { error: string };

interface Renderer {
  ready(): Promise<void>;
  renderPage(route: string, entries: readonly ContentEntry[]): Promise<string>;
}

const { renderer } = workerData as { renderer: string };
const port = parentPort!;
const loaded = import(renderer) as Promise<Renderer>;
// Making the container generates a key, and a thread ended during that aborts the whole process:
// the thread says when it is safe to end (quick-preview.ts waits for this before it ends it).
loaded
  .then((module) => module.ready())
  .finally(() => port.postMessage(RENDERER_READY))
  .catch(() => undefined);

port.on('message', (request: RenderRequest) => {
  loaded
    .then((module) => module.renderPage(request.route, request.entries))
    .then(
      (html): RenderAnswer => ({ html }),
      (error: unknown): RenderAnswer => ({ error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
    )
    .then(
      (answer) => port.postMessage(answer),
      () => undefined,
    );
});
