/**
 * Serves the newest version of the site built on any instance: its build is fetched from the lead
 * database (or found on this machine already) and swapped in. Nothing is built here; a version no
 * instance has built for this release yet (one published before builds were stored, or after a new
 * release) has its build queued, once, for whichever instance claims it.
 */
import type { FastifyBaseLogger } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BUSINESS_DETAILS_KEY, type ContentEntry, type EntryKey } from './content.ts';
import { RELEASE_VERSION } from './content-version.ts';
import { businessDetailsSchema, type BusinessDetails } from '../../core/business-details.ts';
import type { LeadStore } from '../storage/types.ts';
import { latestVersionNumber, newestLiveVersion, versionByNumber } from '../storage/site-versions.ts';
import type { SiteBuilder } from './site-builder.ts';
import type { LiveSite } from './live-site.ts';
import type { BuildAhead } from './build-ahead.ts';
import type { ServedCompression } from './served-compression.ts';
import { keepRecentBuilds } from './recent-builds.ts';
import { fetchFolder } from './stored-builds.ts';
import { queueBuild } from './build-jobs.ts';

export interface SiteFollowerParts {
  store: LeadStore;
  builder: SiteBuilder;
  site: LiveSite;
  log: FastifyBaseLogger | undefined;
  ahead: BuildAhead;
  compression: ServedCompression;
}

export class SiteFollower {
  readonly #p: SiteFollowerParts;
  #turn: Promise<unknown> = Promise.resolve();
  /** Why the newest version could not be built, while it is the newest. */
  #failure: string | undefined;
  /** Whether this instance has served anything since it started. */
  #caughtUp = false;
  /** The served version's business details; undefined while they are the release's. */
  #details: BusinessDetails | undefined;

  constructor(parts: SiteFollowerParts) {
    this.#p = parts;
  }

  get failure(): string | undefined {
    return this.#failure;
  }

  /** The business details of the version served now, for the e-mails, texts and pages this server writes itself; undefined: the release's. */
  get details(): BusinessDetails | undefined {
    return this.#details;
  }

  /** Settles when the swaps queued now have. */
  async idle(): Promise<void> {
    await this.#turn;
  }

  /** Serves the newest version built on any instance if this one does not serve it yet; one look at a time. */
  catchUp(): Promise<void> {
    const next = this.#turn.then(() => this.#catchUp());
    this.#turn = next.catch((error: unknown) => this.#p.log?.warn({ err: error }, 'could not look for a newly published version of the site'));
    return next;
  }

  async #catchUp(): Promise<void> {
    const { store, builder, site, log } = this.#p;
    const atStart = !this.#caughtUp;
    const [newest, live] = await store.read(function* () {
      const number = yield* latestVersionNumber();
      return [number === 0 ? undefined : yield* versionByNumber(number), yield* newestLiveVersion()] as const;
    });
    this.#failure = newest?.status === 'failed' ? (newest.failure ?? 'the build failed') : undefined;
    const version = live ?? RELEASE_VERSION;
    if (version.number === site.version) {
      this.#caughtUp = true;
      return;
    }
    this.#p.ahead.notAheadOf(version.entries);
    const key = builder.keyFor(version.entries);
    const folder = version.number === 0 ? builder.releaseDist : builder.folderOf(key);
    if (version.number !== 0 && !existsSync(join(folder, '.complete')) && !(await fetchFolder(store, key, folder))) {
      // Built for another release, or before builds were stored: built once more, by one instance.
      await store.transact(() => queueBuild(version.number, key));
      return;
    }
    this.#caughtUp = true;
    // At start the release's build served only until now, to nobody: the files pages still open
    // ask for are those of the versions published lately, kept from their builds on disk.
    this.#serve(folder, version.number, version.entries, atStart ? 0 : undefined);
    if (atStart) await keepRecentBuilds(store, site, builder, version.number);
    if (version.number !== 0) builder.prune(folder);
    log?.info({ version: version.number }, 'serving a newly published version of the site');
  }

  /**
   * Serves a version's build, and holds its business details from now on: the e-mails, texts and
   * pages the server writes itself say what the published pages say.
   */
  #serve(dir: string, number: number, entries: Readonly<Record<EntryKey, ContentEntry>>, keepOutgoingUntil?: number): void {
    const { site, log, compression } = this.#p;
    const stored = entries[BUSINESS_DETAILS_KEY];
    const details = stored ? businessDetailsSchema.safeParse(stored.data) : undefined;
    if (details && !details.success) log?.error({ version: number }, 'the published business details do not pass their check; stating the release’s');
    site.swap(dir, number, keepOutgoingUntil);
    this.#details = details?.success ? details.data : undefined;
    compression.follow(dir, number, entries);
  }
}
