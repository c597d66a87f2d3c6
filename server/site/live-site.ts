/**
 * The site this instance serves: the files of one build, held in memory, with what the server
 * reads from them (the page shell around its own messages, the pages the visits count). A new
 * build is read whole first and then put in place in one step, so each request is answered from
 * one build or the other, never a mix, and never from a folder half written.
 */
import { loadSite, type Asset } from '../http/plugins/static.ts';
import { loadPageShell, type PageShell } from '../http/page-shell.ts';
import { loadSitePages } from '../visits/site-pages.ts';
import type { PageKind } from '../../core/visit/beacon-fields.ts';

interface Loaded {
  assets: Map<string, Asset>;
  shell: PageShell | undefined;
  pages: Map<string, PageKind>;
}

function load(dir: string): Loaded {
  return { assets: loadSite(dir), shell: loadPageShell(dir), pages: loadSitePages(dir) };
}

export class LiveSite {
  #current: Loaded;
  #version: number;
  /** The pages the visits count; one map, changed in place, so the beacon's holder of it sees each build's. */
  readonly pages = new Map<string, PageKind>();

  constructor(dir: string, version = 0) {
    this.#current = load(dir);
    this.#version = version;
    this.#setPages(this.#current.pages);
  }

  get assets(): ReadonlyMap<string, Asset> {
    return this.#current.assets;
  }

  get pageShell(): PageShell | undefined {
    return this.#current.shell;
  }

  /** The content version being served (0: the release's own). */
  get version(): number {
    return this.#version;
  }

  /** Serves the build in `dir` from now on. */
  swap(dir: string, version: number): void {
    const next = load(dir);
    this.#current = next;
    this.#version = version;
    this.#setPages(next.pages);
  }

  #setPages(pages: Map<string, PageKind>): void {
    this.pages.clear();
    for (const [path, kind] of pages) this.pages.set(path, kind);
  }
}
