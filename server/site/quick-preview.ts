/**
 * Quick previews: the owner's draft shown in well under a second, where a build of the whole site
 * takes several. The page is rendered by the preview renderer the build made (dist-renderer/, from
 * src/preview/render-page.ts): the same templates, given the entries, through Astro's Container
 * API, on a worker thread of this process. Nothing runs beside the server.
 *
 * The worker starts when someone opens the site editor and ends after EDITING_IDLE_MS without a preview,
 * or after RENDERS_PER_WORKER renders: Astro's renderer keeps a little of every page it renders
 * (about 0.4 MB), and ending the thread is what gives all of it back.
 *
 * The rendered page names its scripts by their source files and carries no stylesheet: each script
 * is pointed at the served build's file for the same source and the served build's stylesheet is
 * added, so the preview loads as a published page does (like-the-build.ts).
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Asset } from '../http/plugins/static.ts';
import type { ContentEntry, EntryKey } from './content.ts';
import { likeTheBuild, NotLikeTheBuild } from './like-the-build.ts';
import type { RenderAnswer, RenderRequest } from './quick-preview-worker.ts';
import { PREVIEW_RENDERER_FILE, RENDERER_READY } from '../../core/preview-renderer.ts';
import { EDITING_IDLE_MS } from './editing-idle.ts';

/** Renders one worker makes before the next render starts a new one. */
const RENDERS_PER_WORKER = 200;
/** How long a render may take, the renderer's loading included, before the worker is ended and the site built instead. */
const RENDER_MS = 20_000;

const STYLE = /<style\b[^>]*>[\s\S]*?<\/style>/g;

export interface QuickPreviewOptions {
  /** The project's root, where the build put the renderer. */
  root: string;
  log?: FastifyBaseLogger | undefined;
  idleMs?: number | undefined;
  rendersPerWorker?: number | undefined;
}

interface Running {
  worker: Worker;
  renders: number;
  /** Settles once the thread may be ended safely: its renderer loaded and its container made, or the thread gone. */
  ready: Promise<void>;
}

export class QuickPreview {
  readonly #root: string;
  readonly #log: FastifyBaseLogger | undefined;
  readonly #idleMs: number;
  readonly #rendersPerWorker: number;
  #running: Running | undefined;
  #idle: NodeJS.Timeout | undefined;
  #turn: Promise<unknown> = Promise.resolve();
  #stopped = false;
  /** Workers started so far (to show that one is ended and another started). */
  started = 0;

  constructor(options: QuickPreviewOptions) {
    this.#root = resolve(options.root);
    this.#log = options.log;
    this.#idleMs = options.idleMs ?? EDITING_IDLE_MS;
    this.#rendersPerWorker = options.rendersPerWorker ?? RENDERS_PER_WORKER;
  }

  /** Whether a worker is running (someone opened the site editor, and has previewed within EDITING_IDLE_MS). */
  get warmed(): boolean {
    return this.#running !== undefined;
  }

  /** Starts the worker, which loads the renderer, so the first preview does not wait for it. */
  warm(): void {
    if (this.#stopped) return;
    this.#worker();
  }

  /**
   * The page at `route` made from `site` (every entry of the site, as a version's content is), made
   * to load as the served build's pages do. Renders take turns: the renderer is one thread, and a
   * render waiting behind another would only hold its memory longer.
   */
  async render(site: ReadonlyMap<EntryKey, ContentEntry>, route: string, served: ReadonlyMap<string, Asset>): Promise<Buffer> {
    if (this.#stopped) throw new Error('the quick preview is stopped');
    const html = await this.#inTurn(() => this.#ask({ route, entries: [...site.values()] }));
    const page = likeTheBuild(withServedStyles(html, served, route), served);
    // Where this server's files are is nobody's business, least of all a share link's holder's.
    if (page.includes(this.#root)) throw new NotLikeTheBuild('the page names a folder of this server');
    return page;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#end();
    await this.#turn;
  }

  /** The running worker, started now if none is. */
  #worker(): Running {
    this.#idleFromNow();
    if (!this.#running) {
      const worker = new Worker(new URL('./quick-preview-worker.ts', import.meta.url), {
        workerData: { renderer: pathToFileURL(join(this.#root, PREVIEW_RENDERER_FILE)).href },
        // A small young generation keeps the thread's memory near what it holds (measured: at most
        // 138 MB added over 200 renders, against 305 MB with V8's defaults); the old generation's
        // cap is above what RENDERS_PER_WORKER renders keep, and a worker that reaches it ends.
        resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 160 },
      });
      const ready = new Promise<void>((done) => {
        const heard = (message: unknown) => {
          if (message !== RENDERER_READY) return;
          worker.off('message', heard);
          done();
        };
        worker.on('message', heard);
        worker.once('exit', () => done());
      });
      const running: Running = { worker, renders: 0, ready };
      worker.on('error', (error) => this.#log?.warn({ err: error }, 'the quick preview’s worker failed; previews build the site until it starts again'));
      worker.on('exit', () => {
        if (this.#running === running) this.#running = undefined;
      });
      // An idle worker does not keep the process alive: the server's own work does.
      worker.unref();
      this.#running = running;
      this.started++;
    }
    return this.#running;
  }

  /** Renders on the worker; a worker that fails, ends or takes longer than RENDER_MS is ended, and the render refused. */
  #ask(request: RenderRequest): Promise<string> {
    if (this.#stopped) return Promise.reject(new Error('the quick preview is stopped'));
    const running = this.#worker();
    // Idle is counted from the end of the last render, not while one is under way.
    clearTimeout(this.#idle);
    return new Promise<string>((done, fail) => {
      const settle = (answer: RenderAnswer | Error) => {
        clearTimeout(timer);
        running.worker.off('message', heard);
        running.worker.off('error', settle);
        running.worker.off('exit', ended);
        if (answer instanceof Error) fail(answer);
        else if ('error' in answer) fail(new Error(`the preview renderer refused ${request.route}: ${answer.error}`));
        else done(answer.html);
        if (answer instanceof Error || ++running.renders >= this.#rendersPerWorker) void this.#end(running);
        else this.#idleFromNow();
      };
      const ended = (code: number) => settle(new Error(`the quick preview’s worker ended (exit code ${code})`));
      const timer = setTimeout(() => settle(new Error(`the preview of ${request.route} took longer than ${RENDER_MS / 1000} s`)), RENDER_MS);
      const heard = (message: RenderAnswer | typeof RENDERER_READY) => {
        if (message !== RENDERER_READY) settle(message);
      };
      running.worker.on('message', heard);
      running.worker.on('error', settle);
      running.worker.on('exit', ended);
      running.worker.postMessage(request);
    });
  }

  /** Ends the worker (the one given, if it is still the one running). */
  async #end(which = this.#running): Promise<void> {
    if (!which) return;
    if (this.#running === which) {
      this.#running = undefined;
      clearTimeout(this.#idle);
    }
    // Not while it makes its container: a thread ended then aborts the whole process. A thread that
    // never gets that far (stuck loading) is ended after RENDER_MS all the same.
    await Promise.race([which.ready, delay(RENDER_MS, undefined, { ref: false })]);
    await which.worker.terminate();
  }

  #idleFromNow(): void {
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => void this.#end(), this.#idleMs);
    this.#idle.unref();
  }

  /** Runs `work` after the work before it, failed or not. */
  #inTurn<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#turn.then(work, work);
    this.#turn = next.catch(() => undefined);
    return next;
  }
}

/** `html` with the served build's stylesheet: its page at `route` has it, or the home page. */
function withServedStyles(html: string, served: ReadonlyMap<string, Asset>, route: string): string {
  const page = [served.get(route), served.get('/')].find((asset) => asset?.type.startsWith('text/html'));
  if (!page) throw new NotLikeTheBuild('the served build has no page to take the stylesheet from');
  const own = new Set(html.match(STYLE) ?? []);
  const styles = (page.body.toString('utf8').match(STYLE) ?? []).filter((style) => !own.has(style));
  const head = html.indexOf('</head>');
  if (head < 0) throw new NotLikeTheBuild('the page has no <head>');
  return html.slice(0, head) + styles.join('') + html.slice(head);
}
