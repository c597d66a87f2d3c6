/**
 * The site this instance serves: the files of one build, held in memory, with what the server
 * reads from them (the page shell around its own messages, the pages the visits count). A new
 * build is read whole first and then put in place in one step, so each request is answered from
 * one build or the other, never a mix, and never from a folder half written.
 *
 * The content-named files of the builds served before (Astro's hashed scripts and styles, the
 * photos) are still answered for a while after a publish: a page loaded just before it fetches its
 * scripts as the visitor scrolls to them, and those names are not in the new build. Pages never are:
 * every page served is the new build's.
 */
import { loadSite, namedByContent, type Asset } from '../http/plugins/static.ts';
import { loadPageShell, type PageShell } from '../http/page-shell.ts';
import { loadSitePages } from '../visits/site-pages.ts';
import type { PageKind } from '../../core/visit/beacon-fields.ts';
import { DAY_MS } from '../../core/nz-time.ts';

/** How long a build's content-named files are answered after it stops being served: a page may stay open all day. */
export const KEEP_OLD_FILES_MS = DAY_MS;

export interface LiveSiteOptions {
  /** How long the content-named files of a build no longer served are still answered. */
  keepOldFilesMs?: number | undefined;
  /** The clock those times are read on (epoch milliseconds). */
  now?: (() => number) | undefined;
}

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
  /** Content-named files of builds served before and not in this one, each until its time is up. */
  readonly #kept = new Map<string, { asset: Asset; until: number }>();
  readonly keepOldFilesMs: number;
  readonly now: () => number;
  /** The pages the visits count; one map, changed in place, so the beacon's holder of it sees each build's. */
  readonly pages = new Map<string, PageKind>();

  constructor(dir: string, version = 0, { keepOldFilesMs = KEEP_OLD_FILES_MS, now = Date.now }: LiveSiteOptions = {}) {
    this.#current = load(dir);
    this.#version = version;
    this.keepOldFilesMs = keepOldFilesMs;
    this.now = now;
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

  /**
   * Serves the build in `dir` from now on. The content-named files of the build served until now
   * that the new one lacks are still answered until `keepOutgoingUntil` (keepOldFilesMs from now).
   */
  swap(dir: string, version: number, keepOutgoingUntil = this.now() + this.keepOldFilesMs): void {
    const next = load(dir);
    this.#keep(this.#current.assets, next.assets, keepOutgoingUntil);
    this.#current = next;
    this.#version = version;
    this.#setPages(next.pages);
  }

  /** Answers the content-named files of the build in `dir` that the served one lacks, until `until`: one served before this instance started. */
  keep(dir: string, until: number): void {
    if (until <= this.now()) return;
    this.#keep(loadSite(dir, namedByContent), this.#current.assets, until);
  }

  /** A content-named file of a build served before, while its time lasts. */
  kept(path: string): Asset | undefined {
    const kept = this.#kept.get(path);
    if (!kept) return undefined;
    if (kept.until > this.now()) return kept.asset;
    this.#kept.delete(path);
    return undefined;
  }

  #keep(from: ReadonlyMap<string, Asset>, served: ReadonlyMap<string, Asset>, until: number): void {
    const now = this.now();
    for (const [path, kept] of this.#kept) if (kept.until <= now || served.has(path)) this.#kept.delete(path);
    if (until <= now) return;
    for (const [path, asset] of from) {
      if (!namedByContent(path) || served.has(path)) continue;
      const had = this.#kept.get(path);
      if (!had || had.until < until) this.#kept.set(path, { asset, until });
    }
  }

  #setPages(pages: Map<string, PageKind>): void {
    this.pages.clear();
    for (const [path, kind] of pages) this.pages.set(path, kind);
  }
}
