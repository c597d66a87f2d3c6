/**
 * Quick previews: the owner's draft shown in well under a second, where a build of the whole site
 * takes several. The page is rendered in this process by the preview renderer the build made
 * (dist-renderer/, from src/preview/render-page.ts): the same templates, given the entries, through
 * Astro's Container API. It is loaded the first time someone opens the site editor and stays loaded
 * (about 150 MB); nothing runs beside the server.
 *
 * The rendered page names its scripts by their source files and carries no stylesheet: each script
 * is pointed at the served build's file for the same source and the served build's stylesheet is
 * added, so the preview loads as a published page does (like-the-build.ts).
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Asset } from '../http/plugins/static.ts';
import type { ContentEntry, EntryKey } from './content.ts';
import { releaseContent } from './release-content.ts';
import { likeTheBuild, NotLikeTheBuild } from './like-the-build.ts';
import { PREVIEW_RENDERER_FILE } from '../../core/preview-renderer.ts';

const STYLE = /<style\b[^>]*>[\s\S]*?<\/style>/g;

export interface QuickPreviewOptions {
  /** The project's root, where the build put the renderer. */
  root: string;
  log?: FastifyBaseLogger | undefined;
}

/** What dist-renderer/render-page.js exports (src/preview/render-page.ts). */
interface Renderer {
  renderPage(route: string, entries: readonly ContentEntry[]): Promise<string>;
}

export class QuickPreview {
  readonly #root: string;
  readonly #log: FastifyBaseLogger | undefined;
  #renderer: Promise<Renderer> | undefined;
  #turn: Promise<unknown> = Promise.resolve();
  #stopped = false;

  constructor(options: QuickPreviewOptions) {
    this.#root = resolve(options.root);
    this.#log = options.log;
  }

  /** Whether the renderer has been asked for (someone opened the site editor). */
  get warmed(): boolean {
    return this.#renderer !== undefined;
  }

  /** Loads the renderer, so the first preview does not wait for it. */
  warm(): void {
    if (this.#stopped) return;
    this.#loaded().catch((error: unknown) => this.#log?.warn({ err: error }, 'the quick preview could not load its renderer; previews build the site'));
  }

  /**
   * The page at `route` made from `entries` over the release's content (a version holds only the
   * entries it changed), made to load as the served build's pages do. Renders take turns: the
   * renderer states one set of business details at a time.
   */
  async render(entries: Readonly<Record<EntryKey, ContentEntry>>, route: string, served: ReadonlyMap<string, Asset>): Promise<Buffer> {
    if (this.#stopped) throw new Error('the quick preview is stopped');
    const renderer = await this.#loaded();
    const site = new Map(releaseContent(this.#root));
    for (const [key, entry] of Object.entries(entries)) site.set(key, entry);
    const html = await this.#inTurn(() => renderer.renderPage(route, [...site.values()]));
    const page = likeTheBuild(withServedStyles(html, served, route), served);
    // Where this server's files are is nobody's business, least of all a share link's holder's.
    if (page.includes(this.#root)) throw new NotLikeTheBuild('the page names a folder of this server');
    return page;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#turn;
  }

  #loaded(): Promise<Renderer> {
    if (!this.#renderer) {
      const loading = import(pathToFileURL(join(this.#root, PREVIEW_RENDERER_FILE)).href) as Promise<Renderer>;
      this.#renderer = loading;
      // A renderer missing (a build that has not made it) is looked for again next time.
      loading.catch(() => {
        if (this.#renderer === loading) this.#renderer = undefined;
      });
    }
    return this.#renderer;
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
