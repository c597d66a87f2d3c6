/**
 * A version is served as soon as its pages are built, before their compressed copies are made
 * (seconds of brotli when every page changed, none of it needed to be correct). The copies are
 * made then, in a low-priority process of their own, and the same pages served with them, unless
 * a newer version is served by then.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ContentEntry, EntryKey } from './content.ts';
import type { LiveSite } from './live-site.ts';
import type { SiteBuilder } from './site-builder.ts';

export class ServedCompression {
  readonly #builder: SiteBuilder;
  readonly #site: LiveSite;
  readonly #log: FastifyBaseLogger | undefined;
  /** Aborted when the publisher stops: copies made after it are not served. */
  readonly #stopping: AbortSignal;
  /** Compressions still running: the publisher's stop waits for them. */
  readonly #running = new Set<Promise<void>>();

  constructor(builder: SiteBuilder, site: LiveSite, log: FastifyBaseLogger | undefined, stopping: AbortSignal) {
    this.#builder = builder;
    this.#site = site;
    this.#log = log;
    this.#stopping = stopping;
  }

  /** Makes the compressed copies of the served build `dir` (version `number`), unless it has them. */
  follow(dir: string, number: number, entries: Readonly<Record<EntryKey, ContentEntry>>): void {
    if (this.#builder.hasCopies(dir)) return;
    const done = this.#builder
      .build(entries)
      .then((compressed) => {
        if (this.#site.version === number && !this.#stopping.aborted) this.#site.swap(compressed, number);
      })
      .catch((error: unknown) => this.#log?.warn({ err: error, version: number }, 'could not compress the served pages; serving them as they are'))
      .finally(() => this.#running.delete(done));
    this.#running.add(done);
  }

  /** Settles when the compressions running now have. */
  async idle(): Promise<void> {
    await Promise.all(this.#running);
  }
}
