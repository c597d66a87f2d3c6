/**
 * Publishing the owner's content: each publish is a new numbered version in the lead database,
 * built and swapped in here, and followed by every other instance on the same database.
 *
 * - A publish checks the entry with the build's own rules, builds the site with it, and only then
 *   stores the version: a build that fails leaves the live site and the versions as they were.
 * - Publishes on this instance take turns; one on another instance that took the next number first
 *   makes this one build again on top of it, so neither is lost.
 * - An edit started from an older version of the same entry that someone has published since is
 *   refused, with both sides for the owner to choose from, never written over it.
 * - Every instance checks the newest version number every few seconds (and at start, before it
 *   serves) and builds and swaps in one it is not serving yet.
 */
import type { FastifyBaseLogger } from 'fastify';
import { BUSINESS_DETAILS_KEY, type ContentProblem } from './content.ts';
import { CheckRefused, ContentChecker } from './content-checker.ts';
import { setBusinessDetails } from '../../core/business.ts';
import { businessDetailsSchema } from '../../core/business-details.ts';
import { entryHash, keyOf, previewRouteOf, routesOf, type ContentEntry, type EntryKey } from './content.ts';
import { contentOf, RELEASE_VERSION, type ContentVersion, type VersionAction } from './content-version.ts';
import type { LeadStore } from '../storage/types.ts';
import { insertVersion, latestVersion, latestVersionNumber, listVersions, versionByNumber } from '../storage/site-versions.ts';
import { audit } from '../storage/audit-log.ts';
import { BuildFailed, type SiteBuilder } from './site-builder.ts';
import type { LiveSite } from './live-site.ts';
import { releaseContent } from './release-content.ts';
import { randomUUID } from 'node:crypto';
import { randomToken, secretHash } from '../security/secrets.ts';
import { insertPreview } from '../storage/site-versions.ts';
import { siteWords } from './site-words.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PHOTO_PATH, photoFileNames } from '../../core/photo-sizes.ts';
import { deleteUnusedPhotos, storedPhotoIds } from '../storage/site-photos.ts';
import { photoIdsOf, photoRefsOf } from '../../core/photo-refs.ts';
import type { LivePreview } from './live-preview.ts';
import { DAY_MS } from '../../core/nz-time.ts';

/** The entry fails the build's rules: each problem names its field. */
export class EntryRefused extends Error {
  readonly problems: ContentProblem[];
  constructor(problems: ContentProblem[]) {
    super('the entry does not pass the content checks');
    this.problems = problems;
  }
}

/** Someone published this entry since the version the edit started from. */
export class EditConflict extends Error {
  readonly theirs: ContentEntry;
  readonly version: number;
  constructor(theirs: ContentEntry, version: number) {
    super('the entry was published since this edit began');
    this.theirs = theirs;
    this.version = version;
  }
}

export { BuildFailed };

/** There is no release conflict on that entry (settled already, or never one). */
export class NoConflict extends Error {
  constructor() {
    super('no release conflict on this entry');
  }
}

/** Other instances' publishes kept taking the next number. */
export class PublishBusy extends Error {
  constructor() {
    super(`other publishes took the next version ${MAX_TURNS} times in a row`);
  }
}

/** How long a preview's share link works. */
export const PREVIEW_DAYS = 7;

/**
 * An upload no version, draft or preview names is removed once it is this old: long enough for an
 * owner who chose a photo and left the form unsaved to come back to it.
 */
export const UNUSED_PHOTO_DAYS = 30;
/** How often an instance looks for such uploads. */
const PHOTO_SWEEP_EVERY_MS = DAY_MS;

/** The most versions looked at for files still to answer at start: more than anyone publishes in a day. */
const RECENT_VERSIONS = 50;

/** How many times a publish builds again after other instances' publishes took its number. */
const MAX_TURNS = 5;

export interface PublishedVersion {
  number: number;
}

/** Who publishes, for the version and the audit log. */
export interface Publisher {
  email: string;
  ip: string;
}

export interface SitePublisherOptions {
  store: LeadStore;
  root: string;
  builder: SiteBuilder;
  site: LiveSite;
  log?: FastifyBaseLogger | undefined;
  /** How often an instance looks for a version published elsewhere. */
  checkEveryMs?: number | undefined;
  /** Renders a preview's page at once; without it (or when it cannot), a preview builds the site. */
  livePreview?: LivePreview | undefined;
  /** Checks entries off the server's thread; one of its own, closed by stop(), unless given. */
  checker?: ContentChecker | undefined;
}

export class SitePublisher {
  readonly release: ReadonlyMap<EntryKey, ContentEntry>;
  readonly #store: LeadStore;
  readonly #builder: SiteBuilder;
  readonly #site: LiveSite;
  readonly #log: FastifyBaseLogger | undefined;
  readonly #checkEveryMs: number;
  readonly #root: string;
  readonly #live: LivePreview | undefined;
  /** Reads and checks an entry's text in a process of its own, so visitors are answered meanwhile. */
  checker: ContentChecker;
  #turn: Promise<unknown> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #unlisten: (() => void) | undefined;
  #stopped = false;
  /** Why the newest version could not be built here, until it can. */
  #failure: string | undefined;
  /** When this instance last removed unused photos (0: not yet since it started). */
  #photosSweptAt = 0;
  /** Whether this instance has looked for the newest version since it started. */
  #caughtUp = false;

  constructor(options: SitePublisherOptions) {
    this.#store = options.store;
    this.#builder = options.builder;
    this.#site = options.site;
    this.#log = options.log;
    this.#checkEveryMs = options.checkEveryMs ?? 2000;
    this.release = releaseContent(options.root);
    this.#root = options.root;
    this.#live = options.livePreview;
    this.checker = options.checker ?? new ContentChecker();
  }

  get servedVersion(): number {
    return this.#site.version;
  }

  get failure(): string | undefined {
    return this.#failure;
  }

  /** Runs `work` after every earlier build or swap on this instance. */
  #inTurn<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#turn.then(work, work);
    this.#turn = next.catch(() => undefined);
    return next;
  }

  /**
   * The release entry each of the owner's entries was edited over: the current release's for an
   * entry this version changes, the one it was edited over before for the rest (or, restoring, the
   * restored version's). A release that later changes an entry away from its base is one the owner
   * has to decide on.
   */
  #basesOf(entries: Record<EntryKey, ContentEntry>, changed: EntryKey[], latest: ContentVersion, given?: Record<EntryKey, string>): Record<EntryKey, string> {
    const bases: Record<EntryKey, string> = {};
    for (const key of Object.keys(entries)) {
      const release = this.release.get(key);
      const now = release ? entryHash(release) : undefined;
      const base = changed.includes(key) && !given ? now : ((given ?? latest.bases)[key] ?? now);
      if (base) bases[key] = base;
    }
    return bases;
  }

  /**
   * The owner's entries that a release has changed since the owner edited them: the owner's words
   * are still published, and the owner decides between them and the release's (resolveRelease).
   */
  releaseConflicts(version: Pick<ContentVersion, 'entries' | 'bases'>): EntryKey[] {
    return Object.keys(version.entries).filter((key) => {
      const release = this.release.get(key);
      return release !== undefined && version.bases[key] !== undefined && version.bases[key] !== entryHash(release);
    });
  }

  /**
   * Settles a release conflict: 'release' publishes the release's entry (the entry follows the
   * release again); 'mine' keeps the owner's words, now counted as edited over this release.
   */
  resolveRelease(key: EntryKey, keep: 'mine' | 'release', by: Publisher): Promise<PublishedVersion> {
    return this.#publish(by, 'publish', async (latest) => {
      if (!this.releaseConflicts(latest).includes(key)) throw new NoConflict();
      const entries = { ...latest.entries };
      const bases = { ...latest.bases };
      if (keep === 'release') {
        delete entries[key];
        delete bases[key];
      } else {
        bases[key] = entryHash(this.release.get(key)!);
      }
      return { entries, bases };
    });
  }

  /** The content as a version publishes it. */
  contentOf(version: Pick<ContentVersion, 'entries'>): Map<EntryKey, ContentEntry> {
    return contentOf(this.release, version);
  }

  /** The newest version (the release's own, numbered 0, before any publish). */
  async latest(): Promise<ContentVersion> {
    return (await this.#store.read(() => latestVersion())) ?? RELEASE_VERSION;
  }

  async version(number: number): Promise<ContentVersion | undefined> {
    if (number === 0) return RELEASE_VERSION;
    return this.#store.read(() => versionByNumber(number));
  }

  /** What the entry would break, by the build's own rules, among the rest of the published content. */
  problemsOf(entry: ContentEntry, content: ReadonlyMap<EntryKey, ContentEntry>): Promise<ContentProblem[]> {
    const all = new Map(content);
    all.set(keyOf(entry), entry);
    return this.checker.check(entry.collection, entry.data, entry.body, routesOf(all.values()));
  }

  /**
   * The entry's problems by the build's own rules, and a photo it shows that is neither stored
   * (uploaded to this database) nor shipped with the release: refused at the field, before a build.
   */
  async #refusalsOf(entry: ContentEntry, content: ReadonlyMap<EntryKey, ContentEntry>): Promise<ContentProblem[]> {
    const problems = await this.problemsOf(entry, content).catch((error: unknown) => {
      if (error instanceof CheckRefused) return [{ path: 'body', message: error.message }];
      throw error;
    });
    const refs = photoRefsOf(entry);
    if (refs.length === 0) return problems;
    const stored = await this.#store.read(() => storedPhotoIds(refs.map((r) => r.id)));
    const shipped = (id: string) => photoFileNames(id).every((name) => existsSync(join(this.#root, 'public', PHOTO_PATH, name)));
    for (const ref of refs) if (!stored.has(ref.id) && !shipped(ref.id)) problems.push({ path: ref.path, message: siteWords.photoMissing });
    return problems;
  }

  /** Builds and serves the newest version if this instance does not serve it yet. */
  catchUp(): Promise<void> {
    return this.#inTurn(async () => {
      const atStart = !this.#caughtUp;
      this.#caughtUp = true;
      const number = await this.#store.read(() => latestVersionNumber());
      if (number === this.#site.version) return;
      const version = number === 0 ? RELEASE_VERSION : await this.#store.read(() => versionByNumber(number));
      if (!version) return;
      this.#notAheadOf(version.entries);
      try {
        // At start the release's build served only until now, to nobody: the files pages still
        // open ask for are those of the versions published lately, kept from their builds on disk.
        this.#serve(await this.#builder.build(version.entries, { compressed: false }), version.number, version.entries, atStart ? 0 : undefined);
        if (atStart) await this.#keepRecentBuilds(version.number);
        this.#failure = undefined;
        this.#log?.info({ version: version.number }, 'serving a newly published version of the site');
      } catch (error) {
        this.#failure = error instanceof BuildFailed ? `${error.message}\n${error.output}` : (error as Error).message;
        this.#log?.error({ err: error, version: number }, 'cannot build the published version of the site; still serving the one before');
      }
    });
  }

  /**
   * Serves a version's build, and states its business details from now on: the e-mails, texts and
   * pages the server writes itself say what the published pages say.
   */
  #serve(dir: string, number: number, entries: Readonly<Record<EntryKey, ContentEntry>>, keepOutgoingUntil?: number): void {
    const stored = entries[BUSINESS_DETAILS_KEY];
    const details = stored ? businessDetailsSchema.safeParse(stored.data) : undefined;
    if (details && !details.success) this.#log?.error({ version: number }, 'the published business details do not pass their check; stating the release’s');
    this.#site.swap(dir, number, keepOutgoingUntil);
    setBusinessDetails(details?.success ? details.data : undefined);
    if (!this.#builder.hasCopies(dir)) this.#compressServed(number, entries);
  }

  /**
   * Answers the content-named files of each version replaced less than the site's keepOldFilesMs
   * ago (from its build, if this machine still has it), as though this instance had served it: a
   * restart does not break the scripts of pages loaded before it.
   */
  async #keepRecentBuilds(served: number): Promise<void> {
    const now = this.#site.now();
    const keepMs = this.#site.keepOldFilesMs;
    // Newest first; a version was replaced when the next was published.
    const versions = [...(await this.#store.read(() => listVersions(RECENT_VERSIONS))), RELEASE_VERSION];
    for (let i = 0; i + 1 < versions.length; i++) {
      const [next, before] = [versions[i]!, versions[i + 1]!];
      if (next.createdAt + keepMs <= now) break;
      if (before.number !== next.number - 1 || before.number >= served) continue;
      const folder = before.number === 0 ? this.#builder.releaseDist : this.#builder.finished(before.entries);
      if (folder) this.#site.keep(folder, next.createdAt + keepMs);
    }
  }

  /** Compressions of served builds still running: stop() waits for them. */
  readonly #compressing = new Set<Promise<void>>();

  /**
   * A version is served as soon as its pages are built, before their compressed copies are made
   * (seconds of brotli when every page changed, none of it needed to be correct). The copies are
   * made then, in a process of their own, and the same pages served with them, unless a newer
   * version is served by then.
   */
  #compressServed(number: number, entries: Readonly<Record<EntryKey, ContentEntry>>): void {
    const done = this.#builder
      .build(entries)
      .then((dir) => {
        if (this.#site.version === number && !this.#stopped) this.#site.swap(dir, number);
      })
      .catch((error: unknown) => this.#log?.warn({ err: error, version: number }, 'could not compress the served pages; serving them as they are'))
      .finally(() => this.#compressing.delete(done));
    this.#compressing.add(done);
  }

  /**
   * Follows versions published elsewhere until stopped: at once when the database announces one
   * (PostgreSQL), and by looking every few seconds in case an announcement was missed.
   */
  start(): void {
    this.#unlisten = this.#store.onSitePublished?.(() => void this.catchUp());
    const tick = () => {
      if (this.#stopped) return;
      void Promise.allSettled([this.catchUp(), this.#sweepPhotosWhenDue()]).finally(() => {
        if (!this.#stopped) this.#timer = setTimeout(tick, this.#checkEveryMs);
      });
    };
    this.#timer = setTimeout(tick, this.#checkEveryMs);
  }

  /**
   * Removes the uploads nobody used (UNUSED_PHOTO_DAYS); the release's own content keeps its photos
   * too. Returns the ids removed. Safe on every instance at once: each removes only what no stored
   * row names.
   */
  async sweepUnusedPhotos(): Promise<string[]> {
    const keep = new Set(photoIdsOf(this.release.values()));
    const removed = await this.#store.transact(() => deleteUnusedPhotos(UNUSED_PHOTO_DAYS * DAY_MS, keep));
    if (removed.length > 0) this.#log?.info({ photos: removed.length }, 'removed photos no version, draft or preview uses');
    return removed;
  }

  async #sweepPhotosWhenDue(): Promise<void> {
    if (Date.now() - this.#photosSweptAt < PHOTO_SWEEP_EVERY_MS) return;
    this.#photosSweptAt = Date.now();
    try {
      await this.sweepUnusedPhotos();
    } catch (error) {
      this.#log?.warn({ err: error }, 'could not remove unused photos; trying again tomorrow');
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unlisten?.();
    clearTimeout(this.#timer);
    this.#stopAhead.abort();
    await this.#turn;
    await Promise.all(this.#compressing);
    await this.#buildingAhead;
    await this.#live?.stop();
    await this.checker.close();
  }

  /** Readies quick previews of `entry` (someone opened it to edit), so the first is as quick as the rest. */
  warmPreview(entry: Pick<ContentEntry, 'collection' | 'id'>): void {
    this.#live?.warm(previewRouteOf(entry));
  }

  /**
   * Publishes a new version made by `change` from the newest one: builds it, stores it if no other
   * publish took its number meanwhile (building again on top of that one if so), and serves it.
   */
  #publish(
    by: Publisher,
    action: VersionAction,
    change: (latest: ContentVersion) => Promise<{ entries: Record<EntryKey, ContentEntry>; bases?: Record<EntryKey, string>; restoredFrom?: number }>,
  ): Promise<PublishedVersion> {
    return this.#inTurn(async () => {
      for (let turn = 0; turn < MAX_TURNS; turn++) {
        const latest = await this.latest();
        const { entries, restoredFrom = null, bases: given } = await change(latest);
        this.#notAheadOf(entries);
        const dir = await this.#builder.build(entries, { compressed: false });
        const number = latest.number + 1;
        const changed = changedKeys(this.contentOf(latest), this.contentOf({ entries }));
        const bases = this.#basesOf(entries, changed, latest, given);
        const stored = await this.#store.transact(function* () {
          const inserted = yield* insertVersion({ number, entries, bases, changed, action, restoredFrom, authorEmail: by.email });
          if (inserted) yield* audit({ actor_email: by.email, action: siteWords.audit(action, number, restoredFrom), detail: changed.join(', '), ip: by.ip });
          return inserted;
        });
        if (!stored) continue;
        this.#serve(dir, number, entries);
        this.#failure = undefined;
        this.#log?.info({ version: number, action }, 'published a new version of the site');
        return { number };
      }
      throw new PublishBusy();
    });
  }

  /**
   * Publishes `entry` as the owner edited it from version `basedOn`. Refused with the problems
   * when it fails the content checks, and with the published entry when someone published that
   * entry since `basedOn`.
   */
  publishEntry(entry: ContentEntry, basedOn: number, by: Publisher, action: VersionAction = 'publish'): Promise<PublishedVersion> {
    const key = keyOf(entry);
    return this.#publish(by, action, async (latest) => {
      const now = this.contentOf(latest);
      const current = now.get(key);
      if (current && basedOn !== latest.number) {
        const before = await this.version(basedOn);
        const then = before && this.contentOf(before).get(key);
        if (!then || entryHash(then) !== entryHash(current)) throw new EditConflict(current, latest.number);
      }
      const problems = await this.#refusalsOf(entry, now);
      if (problems.length > 0) throw new EntryRefused(problems);
      const entries = { ...latest.entries };
      const release = this.release.get(key);
      // An entry edited back to the release's own words follows the release again.
      if (release && entryHash(release) === entryHash(entry)) delete entries[key];
      else entries[key] = entry;
      return { entries };
    });
  }

  /**
   * Builds the site with `entry` as edited over the newest version, without publishing it, and
   * keeps it as a preview for PREVIEW_DAYS: ready to show when this resolves. Refused, as a publish
   * is, when the entry fails the checks.
   */
  async preview(entry: ContentEntry, by: Publisher): Promise<{ id: string; token: string; route: string; expiresAt: number }> {
    const key = keyOf(entry);
    const latest = await this.latest();
    const problems = await this.#refusalsOf(entry, this.contentOf(latest));
    if (problems.length > 0) throw new EntryRefused(problems);
    const entries = { ...latest.entries, [key]: entry };
    const route = previewRouteOf(entry);
    const page = await this.#quickPage(entries, route);
    if (page === null) {
      this.#notAheadOf(entries);
      await this.#builder.build(entries, { compressed: false });
    } else this.#buildAhead(entries);
    const id = randomUUID();
    const token = randomToken();
    const expiresIn = PREVIEW_DAYS * DAY_MS;
    await this.#store.transact(() => insertPreview({ id, tokenHash: secretHash(token), entries, route, page, authorEmail: by.email }, expiresIn));
    return { id, token, route, expiresAt: Date.now() + expiresIn };
  }

  /**
   * The preview's page rendered at once by the quick preview, or null to build the site instead:
   * none on this instance, or it could not (a page it cannot match to the served build, or an error
   * the build then reports to the owner in its own words).
   */
  async #quickPage(entries: Readonly<Record<EntryKey, ContentEntry>>, route: string): Promise<string | null> {
    if (!this.#live) return null;
    try {
      return (await this.#live.render(entries, route, this.#site.assets)).toString('utf8');
    } catch (error) {
      this.#log?.warn({ err: error, route }, 'could not render the preview at once; building the site for it');
      return null;
    }
  }

  /** The newest previewed content not built yet, the build of one running (its folder), and the loop making them. */
  #ahead: Readonly<Record<EntryKey, ContentEntry>> | undefined;
  #aheadNow: { folder: string; cancel: AbortController } | undefined;
  #buildingAhead: Promise<void> | undefined;
  readonly #stopAhead = new AbortController();

  /**
   * Builds a quick preview's content behind it, at low priority, so that publishing what was
   * previewed serves an existing build at once. Only the newest preview's is built: an owner
   * previewing again and again needs only the last one ready.
   */
  #buildAhead(entries: Readonly<Record<EntryKey, ContentEntry>>): void {
    this.#ahead = entries;
    this.#buildingAhead ??= (async () => {
      while (this.#ahead && !this.#stopped) {
        const next = this.#ahead;
        this.#ahead = undefined;
        const cancel = new AbortController();
        this.#aheadNow = { folder: this.#builder.folderFor(next), cancel };
        await this.#builder
          .build(next, { compressed: false, background: true, signal: AbortSignal.any([cancel.signal, this.#stopAhead.signal]) })
          .catch(
            (error: unknown) =>
              cancel.signal.aborted || this.#stopped || this.#log?.info({ err: error }, 'could not build a previewed change ahead of its publish'),
          );
        this.#aheadNow = undefined;
      }
    })().finally(() => (this.#buildingAhead = undefined));
  }

  /**
   * Drops a build made ahead of content other than `entries`: the owner changed the page again
   * since the preview, and the build wanted now would otherwise wait for it. One of the same
   * content is left to finish, and found by the build wanted now.
   */
  #notAheadOf(entries: Readonly<Record<EntryKey, ContentEntry>>): void {
    const folder = this.#builder.folderFor(entries);
    if (this.#ahead && this.#builder.folderFor(this.#ahead) !== folder) this.#ahead = undefined;
    if (this.#aheadNow && this.#aheadNow.folder !== folder) this.#aheadNow.cancel.abort();
  }

  /** The folder of a preview's build: made again if this instance has not made it (or pruned it). */
  previewFolder(entries: Readonly<Record<EntryKey, ContentEntry>>): Promise<string> {
    return this.#builder.build(entries, { compressed: false });
  }

  /** Publishes an earlier version's content again (0: the release's own) as a new version. */
  restore(number: number, by: Publisher): Promise<PublishedVersion> {
    return this.#publish(by, 'restore', async () => {
      const version = await this.version(number);
      if (!version) throw new Error(`there is no version ${number}`);
      return { entries: version.entries, bases: version.bases, restoredFrom: number };
    });
  }
}

/** The entries whose content differs between two versions' content. */
export function changedKeys(before: ReadonlyMap<EntryKey, ContentEntry>, after: ReadonlyMap<EntryKey, ContentEntry>): EntryKey[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys]
    .filter((key) => {
      const a = before.get(key);
      const b = after.get(key);
      return !a || !b || entryHash(a) !== entryHash(b);
    })
    .sort();
}
