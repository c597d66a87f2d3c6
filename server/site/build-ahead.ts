/**
 * The build behind a quick preview: made while the owner looks at the preview, so that publishing
 * what was previewed serves an existing build at once, or waits only for the rest of it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ContentEntry, EntryKey } from './content.ts';
import type { SiteBuilder } from './site-builder.ts';

type Entries = Readonly<Record<EntryKey, ContentEntry>>;

export class BuildAhead {
  readonly #builder: SiteBuilder;
  readonly #log: FastifyBaseLogger | undefined;
  /** Aborted when the publisher stops: no build is started after it, and a running one is dropped. */
  readonly #stopping: AbortSignal;
  /** The newest previewed content not built yet, the build of one running (its folder), and the loop making them. */
  #next: Entries | undefined;
  #now: { folder: string; cancel: AbortController } | undefined;
  #loop: Promise<void> | undefined;

  constructor(builder: SiteBuilder, log: FastifyBaseLogger | undefined, stopping: AbortSignal) {
    this.#builder = builder;
    this.#log = log;
    this.#stopping = stopping;
  }

  /**
   * Builds `entries` behind their preview. Only the newest preview's is built: an owner
   * previewing again and again needs only the last one ready.
   */
  build(entries: Entries): void {
    this.#next = entries;
    this.#loop ??= (async () => {
      while (this.#next && !this.#stopping.aborted) {
        const next = this.#next;
        this.#next = undefined;
        const cancel = new AbortController();
        this.#now = { folder: this.#builder.folderFor(next), cancel };
        await this.#builder
          .build(next, { compressed: false, signal: AbortSignal.any([cancel.signal, this.#stopping]) })
          .catch(
            (error: unknown) =>
              cancel.signal.aborted || this.#stopping.aborted || this.#log?.info({ err: error }, 'could not build a previewed change ahead of its publish'),
          );
        this.#now = undefined;
      }
    })().finally(() => (this.#loop = undefined));
  }

  /**
   * Drops a build made ahead of content other than `entries`: the owner changed the page again
   * since the preview, and the build wanted now would otherwise wait for it. One of the same
   * content is left to finish, and found by the build wanted now.
   */
  notAheadOf(entries: Entries): void {
    const folder = this.#builder.folderFor(entries);
    if (this.#next && this.#builder.folderFor(this.#next) !== folder) this.#next = undefined;
    if (this.#now && this.#now.folder !== folder) this.#now.cancel.abort();
  }

  /** Settles when no build ahead is running. */
  async idle(): Promise<void> {
    await this.#loop;
  }
}
