/**
 * Publishing the owner's content: each publish is a new numbered version in the lead database,
 * built once by whichever instance claims its build, stored there, and fetched and swapped in by
 * every instance on the same database. This class wires together the parts (versions, the builds'
 * queue, following what is built, previews, the builds made ahead of a publish, compressing what
 * is served, the photo sweep) and is the one door the inbox and the server use.
 *
 * Every instance checks the newest built version every few seconds (and at start, before it
 * serves) and fetches and swaps in one it is not serving yet.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ContentEntry, ContentProblem, EntryKey } from './content.ts';
import { ContentChecker } from './content-checker.ts';
import type { ContentVersion, VersionAction } from './content-version.ts';
import type { LeadStore } from '../storage/types.ts';
import type { SiteBuilder } from './site-builder.ts';
import type { LiveSite } from './live-site.ts';
import type { QuickPreview } from './quick-preview.ts';
import { releaseContent } from './release-content.ts';
import { EntryChecks } from './entry-checks.ts';
import { BuildAhead } from './build-ahead.ts';
import { ServedCompression } from './served-compression.ts';
import { PhotoSweep } from './photo-sweep.ts';
import { SitePreviews } from './site-previews.ts';
import { VersionPublisher, type PublishedVersion, type Publisher } from './version-publisher.ts';
import { BuildJobs } from './build-jobs.ts';
import { SiteFollower } from './site-follower.ts';
import type { BusinessDetails } from '../../core/business-details.ts';

export { BuildFailed } from './build-child.ts';
export { EntryRefused } from './entry-checks.ts';
export { changedKeys, EditConflict, NoConflict, PublishBusy, type PublishedVersion, type Publisher } from './version-publisher.ts';
export { PREVIEW_DAYS } from './site-previews.ts';
export { UNUSED_PHOTO_DAYS } from './photo-sweep.ts';

export interface SitePublisherOptions {
  store: LeadStore;
  root: string;
  builder: SiteBuilder;
  site: LiveSite;
  log?: FastifyBaseLogger | undefined;
  /** How often an instance looks for a version published elsewhere. */
  checkEveryMs?: number | undefined;
  /** Renders a preview's page at once; without it (or when it cannot), a preview builds the site. */
  quickPreview?: QuickPreview | undefined;
  /** Checks entries off the server's thread; one of its own, closed by stop(), unless given. */
  checker?: ContentChecker | undefined;
  /** How long a claim on a build lasts unless its instance renews it (build-jobs.ts). */
  buildLeaseMs?: number | undefined;
}

type Entries = Readonly<Record<EntryKey, ContentEntry>>;

export class SitePublisher {
  readonly release: ReadonlyMap<EntryKey, ContentEntry>;
  readonly #store: LeadStore;
  readonly #site: LiveSite;
  readonly #checkEveryMs: number;
  /** Aborted by stop(): the parts start nothing more, and drop a build made ahead. */
  readonly #stopping = new AbortController();
  readonly #checks: EntryChecks;
  readonly #ahead: BuildAhead;
  readonly #compression: ServedCompression;
  readonly #photos: PhotoSweep;
  readonly #versions: VersionPublisher;
  readonly #previews: SitePreviews;
  readonly #jobs: BuildJobs;
  readonly #follower: SiteFollower;
  #timer: NodeJS.Timeout | undefined;
  #unlisten: (() => void) | undefined;

  constructor(options: SitePublisherOptions) {
    const { store, builder, site, log } = options;
    const stopping = this.#stopping.signal;
    this.release = releaseContent(options.root);
    this.#store = store;
    this.#site = site;
    this.#checkEveryMs = options.checkEveryMs ?? 2000;
    this.#checks = new EntryChecks(store, options.root, options.checker ?? new ContentChecker());
    this.#ahead = new BuildAhead(builder, log, stopping);
    this.#compression = new ServedCompression(builder, site, log, stopping);
    this.#photos = new PhotoSweep(store, this.release, log);
    const parts = { store, builder, site, log, checks: this.#checks, ahead: this.#ahead };
    this.#jobs = new BuildJobs({ store, builder, log, stopping, leaseMs: options.buildLeaseMs, pollMs: this.#checkEveryMs });
    this.#follower = new SiteFollower({ ...parts, compression: this.#compression });
    this.#versions = new VersionPublisher({ ...parts, release: this.release, jobs: this.#jobs, follower: this.#follower, stopping });
    this.#previews = new SitePreviews({ ...parts, live: options.quickPreview, versions: this.#versions });
  }

  /** Reads and checks an entry's text in a process of its own, so visitors are answered meanwhile. */
  get checker(): ContentChecker {
    return this.#checks.checker;
  }

  set checker(checker: ContentChecker) {
    this.#checks.checker = checker;
  }

  get servedVersion(): number {
    return this.#site.version;
  }

  /** Why the newest version could not be built, while it is the newest. */
  get failure(): string | undefined {
    return this.#follower.failure;
  }

  /** The business details of the version this instance serves; undefined: the release's. */
  get businessDetails(): BusinessDetails | undefined {
    return this.#follower.details;
  }

  /** The owner's entries that a release has changed since the owner edited them. */
  releaseConflicts(version: Pick<ContentVersion, 'entries' | 'bases'>): EntryKey[] {
    return this.#versions.releaseConflicts(version);
  }

  /** Settles a release conflict, keeping the owner's words or the release's. */
  resolveRelease(key: EntryKey, keep: 'mine' | 'release', by: Publisher): Promise<PublishedVersion> {
    return this.#versions.resolveRelease(key, keep, by);
  }

  /** The content as a version publishes it. */
  contentOf(version: Pick<ContentVersion, 'entries'>): Map<EntryKey, ContentEntry> {
    return this.#versions.contentOf(version);
  }

  /** The newest version (the release's own, numbered 0, before any publish). */
  latest(): Promise<ContentVersion> {
    return this.#versions.latest();
  }

  version(number: number): Promise<ContentVersion | undefined> {
    return this.#versions.version(number);
  }

  /** What the entry would break, by the build's own rules, among the rest of the published content. */
  problemsOf(entry: ContentEntry, content: ReadonlyMap<EntryKey, ContentEntry>): Promise<ContentProblem[]> {
    return this.#checks.problemsOf(entry, content);
  }

  /** Fetches and serves the newest version built on any instance if this one does not serve it yet. */
  catchUp(): Promise<void> {
    return this.#follower.catchUp();
  }

  /** Publishes `entry` as the owner edited it from version `basedOn` (an undo: as it was before version `restoredFrom`). */
  publishEntry(entry: ContentEntry, basedOn: number, by: Publisher, action: VersionAction = 'publish', restoredFrom?: number): Promise<PublishedVersion> {
    return this.#versions.publishEntry(entry, basedOn, by, action, restoredFrom);
  }

  /** Publishes an earlier version's content again (0: the release's own) as a new version. */
  restore(number: number, by: Publisher): Promise<PublishedVersion> {
    return this.#versions.restore(number, by);
  }

  /** Makes and keeps a preview of `entry` as edited over the newest version, without publishing it. */
  preview(entry: ContentEntry, by: Publisher): Promise<{ id: string; token: string; route: string; also: string[]; expiresAt: number }> {
    return this.#previews.preview(entry, by);
  }

  /** Readies quick previews (someone opened the site editor), so the first is as quick as the rest. */
  warmPreview(): void {
    this.#previews.warm();
  }

  /** The folder of a preview's build: made again if this instance has not made it (or pruned it). */
  previewFolder(entries: Entries): Promise<string> {
    return this.#previews.folder(entries);
  }

  /**
   * Removes the uploads nobody used (UNUSED_PHOTO_DAYS); the release's own content keeps its photos
   * too. Returns the ids removed. Safe on every instance at once: each removes only what no stored
   * row names.
   */
  sweepUnusedPhotos(): Promise<string[]> {
    return this.#photos.sweep();
  }

  /**
   * Follows versions published elsewhere until stopped: at once when the database announces one
   * (PostgreSQL), and by looking every few seconds in case an announcement was missed.
   */
  start(): void {
    this.#jobs.start();
    this.#unlisten = this.#store.onSitePublished?.(() => void this.catchUp());
    const tick = () => {
      if (this.#stopping.signal.aborted) return;
      void Promise.allSettled([this.catchUp(), this.#photos.sweepWhenDue()]).finally(() => {
        if (!this.#stopping.signal.aborted) this.#timer = setTimeout(tick, this.#checkEveryMs);
      });
    };
    this.#timer = setTimeout(tick, this.#checkEveryMs);
  }

  async stop(): Promise<void> {
    this.#stopping.abort();
    this.#unlisten?.();
    clearTimeout(this.#timer);
    await this.#versions.idle();
    await this.#jobs.stop();
    await this.#follower.idle();
    await this.#compression.idle();
    await this.#ahead.idle();
    await this.#previews.stop();
    await this.checker.close();
  }
}
