/**
 * Quick previews: the owner's draft shown in well under a second, where a build of the whole site
 * takes several. The page is rendered by the preview renderer the build made (dist-renderer/, from
 * src/preview/render-page.ts): the same templates, given the entries, through Astro's Container
 * API, in the site editor's own process (content-checker.ts), which checks the owner's text too.
 *
 * The rendered page names its scripts by their source files and carries no stylesheet: each script
 * is pointed at the served build's file for the same source and the served build's stylesheet is
 * added, so the preview loads as a published page does (like-the-build.ts).
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Asset } from '../http/plugins/static.ts';
import type { ContentEntry, EntryKey } from './content.ts';
import { likeTheBuild, NotLikeTheBuild } from './like-the-build.ts';
import { PREVIEW_RENDERER_FILE } from '../../core/preview-renderer.ts';
import { ContentChecker } from './content-checker.ts';

const STYLE = /<style\b[^>]*>[\s\S]*?<\/style>/g;

export interface QuickPreviewOptions {
  /** The project's root, where the build put the renderer. */
  root: string;
  /** The site editor's process to render in (the server's one, shared with its checks); a process of its own otherwise. */
  checker?: ContentChecker | undefined;
  /** For a process of its own: how long it stays after the last preview, and how many it renders before another starts. */
  idleMs?: number | undefined;
  rendersPerProcess?: number | undefined;
}

export class QuickPreview {
  readonly #root: string;
  readonly #renderer: string;
  readonly #checker: ContentChecker;
  readonly #owned: boolean;
  #stopped = false;

  constructor(options: QuickPreviewOptions) {
    this.#root = resolve(options.root);
    this.#renderer = pathToFileURL(join(this.#root, PREVIEW_RENDERER_FILE)).href;
    this.#owned = options.checker === undefined;
    this.#checker = options.checker ?? new ContentChecker({ idleMs: options.idleMs, rendersPerProcess: options.rendersPerProcess });
  }

  /** Whether the renderer is loaded or loading (someone opened the site editor, and has used it within EDITING_IDLE_MS). */
  get warmed(): boolean {
    return this.#checker.rendering;
  }

  /** Processes started so far for rendering (to show that one is ended and another started). */
  get started(): number {
    return this.#checker.started;
  }

  /** Loads the renderer, so the first preview does not wait for it. */
  warm(): void {
    if (this.#stopped) return;
    this.#checker.warm(this.#renderer);
  }

  /**
   * The page at `route` made from `site` (every entry of the site, as a version's content is), made
   * to load as the served build's pages do.
   */
  async render(site: ReadonlyMap<EntryKey, ContentEntry>, route: string, served: ReadonlyMap<string, Asset>): Promise<Buffer> {
    if (this.#stopped) throw new Error('the quick preview is stopped');
    const html = await this.#checker.render(this.#renderer, route, [...site.values()]).catch((error: unknown) => {
      throw new Error(`the preview renderer refused ${route}: ${(error as Error).message}`);
    });
    const page = likeTheBuild(withServedStyles(html, served, route), served);
    // Where this server's files are is nobody's business, least of all a share link's holder's.
    if (page.includes(this.#root)) throw new NotLikeTheBuild('the page names a folder of this server');
    return page;
  }

  /** Renders nothing more; a process of its own is ended (a shared one is the server's to close). */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#owned) await this.#checker.close();
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
