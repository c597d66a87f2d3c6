/**
 * The site's numbered versions: publishing an edited entry, restoring an earlier version, settling
 * a release conflict.
 *
 * - A publish checks the entry with the build's own rules, then stores the version as building and
 *   queues its build in one transaction (build-jobs.ts), and answers once the version is live here
 *   or has failed: a build that fails leaves the live site as it was and the version marked failed,
 *   with the reason, which the next publish is not made over.
 * - Publishes on this instance take turns; one on another instance that took the next number first
 *   makes this one store its version again on top of it, so neither is lost.
 * - An edit started from an older version of the same entry that someone has published since is
 *   refused, with both sides for the owner to choose from, never written over it.
 */
import type { FastifyBaseLogger } from 'fastify';
import { entryHash, keyOf, type ContentEntry, type EntryKey } from './content.ts';
import { contentOf, RELEASE_VERSION, type ContentVersion, type VersionAction } from './content-version.ts';
import type { LeadStore } from '../storage/types.ts';
import { insertVersion, latestVersion, latestVersionNumber, versionByNumber } from '../storage/site-versions.ts';
import { audit } from '../storage/audit-log.ts';
import { BuildFailed } from './build-child.ts';
import type { SiteBuilder } from './site-builder.ts';
import type { EntryChecks } from './entry-checks.ts';
import type { BuildAhead } from './build-ahead.ts';
import { queueBuild, type BuildJobs } from './build-jobs.ts';
import type { SiteFollower } from './site-follower.ts';
import { siteWords } from './site-words.ts';

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

/** There is no release conflict on that entry (settled already, or never one). */
export class NoConflict extends Error {
  constructor() {
    super('no release conflict on this entry');
  }
}

/** How many times a publish is stored again after other instances' publishes took its number. */
const MAX_TURNS = 5;

/** Other instances' publishes kept taking the next number. */
export class PublishBusy extends Error {
  constructor() {
    super(`other publishes took the next version ${MAX_TURNS} times in a row`);
  }
}

export interface PublishedVersion {
  number: number;
}

/** Who publishes, for the version and the audit log. */
export interface Publisher {
  email: string;
  ip: string;
}

type Change = (latest: ContentVersion) => Promise<{ entries: Record<EntryKey, ContentEntry>; bases?: Record<EntryKey, string>; restoredFrom?: number }>;

export interface VersionPublisherParts {
  store: LeadStore;
  builder: SiteBuilder;
  log: FastifyBaseLogger | undefined;
  release: ReadonlyMap<EntryKey, ContentEntry>;
  checks: EntryChecks;
  ahead: BuildAhead;
  jobs: BuildJobs;
  follower: SiteFollower;
  /** Aborted when the publisher stops: a publish stops waiting for its build. */
  stopping: AbortSignal;
}

/** How often a publish looks whether its version is built, besides being told. */
const BUILT_POLL_MS = 250;

export class VersionPublisher {
  readonly release: ReadonlyMap<EntryKey, ContentEntry>;
  readonly #store: LeadStore;
  readonly #builder: SiteBuilder;
  readonly #log: FastifyBaseLogger | undefined;
  readonly #checks: EntryChecks;
  readonly #ahead: BuildAhead;
  readonly #jobs: BuildJobs;
  readonly #follower: SiteFollower;
  readonly #stopping: AbortSignal;
  #turn: Promise<unknown> = Promise.resolve();

  constructor(parts: VersionPublisherParts) {
    this.release = parts.release;
    this.#store = parts.store;
    this.#builder = parts.builder;
    this.#log = parts.log;
    this.#checks = parts.checks;
    this.#ahead = parts.ahead;
    this.#jobs = parts.jobs;
    this.#follower = parts.follower;
    this.#stopping = parts.stopping;
  }

  /** Runs `work` after every earlier publish on this instance. */
  #inTurn<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#turn.then(work, work);
    this.#turn = next.catch(() => undefined);
    return next;
  }

  /** Settles when the publishes under way now have. */
  async idle(): Promise<void> {
    await this.#turn;
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

  /**
   * Publishes a new version made by `change` from the newest one: stores it as building with its
   * build queued, unless another publish took its number meanwhile (made again on top of that one
   * if so), and answers once it is served here, or throws BuildFailed when it could not be built.
   */
  #publish(by: Publisher, action: VersionAction, change: Change): Promise<PublishedVersion> {
    return this.#inTurn(async () => {
      for (let turn = 0; turn < MAX_TURNS; turn++) {
        const latest = await this.latest();
        const { entries, restoredFrom = null, bases: given } = await change(latest);
        this.#ahead.notAheadOf(entries);
        const changed = changedKeys(this.contentOf(latest), this.contentOf({ entries }));
        const bases = this.#basesOf(entries, changed, latest, given);
        const key = this.#builder.keyFor(entries);
        const number = await this.#store.transact(function* () {
          // After the newest number, failed ones included: a failed version keeps its number and its reason.
          // Read before the newest version is checked: on PostgreSQL each statement sees what was
          // committed when it began, so a version another instance commits between the two reads
          // either shows in the check (made again over it) or takes this number first (the insert
          // then finds it taken). Read after, it could pass the check and be built over.
          const number = (yield* latestVersionNumber()) + 1;
          // Made over the newest version, or made again over the one published meanwhile.
          if (((yield* latestVersion())?.number ?? 0) !== latest.number) return undefined;
          if (!(yield* insertVersion({ number, entries, bases, changed, action, restoredFrom, authorEmail: by.email }))) return undefined;
          yield* queueBuild(number, key);
          yield* audit({ actor_email: by.email, action: siteWords.audit(action, number, restoredFrom), detail: changed.join(', '), ip: by.ip });
          return number;
        });
        if (number === undefined) continue;
        this.#log?.info({ version: number, action }, 'published a new version of the site; its build is queued');
        await this.#untilBuilt(number);
        return { number };
      }
      throw new PublishBusy();
    });
  }

  /** Waits until version `number` is built (by whichever instance claimed it) and served here; throws BuildFailed when it failed. */
  async #untilBuilt(number: number): Promise<void> {
    // This instance's own builder is told at once; it may well be the one that claims the build.
    this.#jobs.nudge();
    for (;;) {
      this.#stopping.throwIfAborted();
      const version = await this.#store.read(() => versionByNumber(number));
      if (version?.status === 'failed') {
        const [message, ...output] = (version.failure ?? 'the site build failed').split('\n');
        throw new BuildFailed(message!, output.join('\n'));
      }
      if (version?.status === 'live') {
        await this.#follower.catchUp();
        return;
      }
      await new Promise((r) => setTimeout(r, BUILT_POLL_MS));
    }
  }

  /**
   * Publishes `entry` as the owner edited it from version `basedOn`. Refused with the problems
   * when it fails the content checks, and with the published entry when someone published that
   * entry since `basedOn`.
   */
  publishEntry(entry: ContentEntry, basedOn: number, by: Publisher, action: VersionAction = 'publish', restoredFrom?: number): Promise<PublishedVersion> {
    const key = keyOf(entry);
    return this.#publish(by, action, async (latest) => {
      const now = this.contentOf(latest);
      const current = now.get(key);
      if (current && basedOn !== latest.number) {
        const before = await this.version(basedOn);
        const then = before && this.contentOf(before).get(key);
        if (!then || entryHash(then) !== entryHash(current)) throw new EditConflict(current, latest.number);
      }
      await this.#checks.refuseFailing(entry, now);
      const entries = { ...latest.entries };
      const release = this.release.get(key);
      // An entry edited back to the release's own words follows the release again.
      if (release && entryHash(release) === entryHash(entry)) delete entries[key];
      else entries[key] = entry;
      return restoredFrom === undefined ? { entries } : { entries, restoredFrom };
    });
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
