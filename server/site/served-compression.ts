/**
 * A version is served as soon as its pages are built, before their compressed copies are made
 * (seconds of brotli when every page changed, none of it needed to be correct). The copies are
 * made then, in a low-priority process of their own, and the same pages served with them, unless
 * a newer version is served by then. A newer version served stops the older one's compression:
 * its copies would be thrown away, and on a slow machine several such processes (about 90 MB each)
 * piled up while an owner published again and again.
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
  /** The newest compression started: its folder, the version it is for, and how to stop it. */
  #latest: { dir: string; number: number; stop: AbortController } | undefined;

  constructor(builder: SiteBuilder, site: LiveSite, log: FastifyBaseLogger | undefined, stopping: AbortSignal) {
    this.#builder = builder;
    this.#site = site;
    this.#log = log;
    this.#stopping = stopping;
  }

  /**
   * Makes the compressed copies of the served build `dir` (version `number`), unless it has them,
   * and stops the compression of any version served before it. Version 0 is the release's own
   * build, compressed when the release was built.
   */
  follow(dir: string, number: number, entries: Readonly<Record<EntryKey, ContentEntry>>): void {
    const latest = this.#latest;
    // The same pages again (a version restored to the one just before it): the running compression serves them.
    if (latest?.dir === dir && !latest.stop.signal.aborted) {
      latest.number = number;
      return;
    }
    latest?.stop.abort();
    this.#latest = undefined;
    if (number === 0 || this.#builder.hasCopies(dir)) return;
    const job = { dir, number, stop: new AbortController() };
    this.#latest = job;
    const signal = AbortSignal.any([job.stop.signal, this.#stopping]);
    const done = this.#builder
      .build(entries, { signal })
      .then((compressed) => {
        if (this.#site.version === job.number && !signal.aborted) this.#site.swap(compressed, job.number);
      })
      .catch((error: unknown) => {
        if (!signal.aborted) this.#log?.warn({ err: error, version: job.number }, 'could not compress the served pages; serving them as they are');
      })
      .finally(() => {
        this.#running.delete(done);
        if (this.#latest === job) this.#latest = undefined;
      });
    this.#running.add(done);
  }

  /** Settles when the compressions running now have. */
  async idle(): Promise<void> {
    await Promise.all(this.#running);
  }
}
