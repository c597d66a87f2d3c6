/**
 * One build per publish, whatever the number of instances: a publish queues its version's build
 * in the job queue (in the transaction that stores the version), and whichever instance claims the
 * job builds it, stores the built site in the lead database and marks the version live; every
 * instance then fetches it from there (version-publisher.ts). No instance builds what another has.
 *
 * The claim is a lease kept alive while the build runs: an instance that dies mid-build stops
 * renewing it, and another claims the job once it runs out and builds the version again. A build
 * that fails on the content (Astro's error) marks the version failed with the reason, at once; any
 * other trouble is tried again, and after MAX_TRIES the version is marked failed too. Either way
 * the live site stays as it was.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ClaimedJob, LeadStore } from '../storage/types.ts';
import { versionByNumber } from '../storage/site-versions.ts';
import { hasBuild, markBuilt, markFailed, pruneBuilds } from '../storage/site-builds.ts';
import { enqueue } from '../storage/job-queue.ts';
import { BuildFailed } from './build-child.ts';
import type { SiteBuilder } from './site-builder.ts';
import { storeFolder } from './stored-builds.ts';
import { DAY_MS } from '../../core/nz-time.ts';
import { redactText } from '../http/log-redaction.ts';
import { siteWords } from './site-words.ts';
import { DEFAULTS } from '../config.ts';

export const BUILD_PURPOSE = 'site-build';
/** Tries before a build that keeps failing for other reasons than its content marks its version failed. */
const MAX_TRIES = 5;
/** Stored builds kept whatever their age: the newest versions', which a restore or a restart may want. */
const KEEP_VERSIONS = 10;
/**
 * How long an instance waits, once it hears a build was queued, before it tries to claim it. The
 * instance that published claims its own build at once (VersionPublisher nudges it), and may be
 * building the same content behind the owner's preview already; another instance claiming it would
 * build from the start what is half built. If the publishing instance died meanwhile, another
 * claims the build after this wait.
 */
const OTHERS_WAIT_MS = 1_500;

/** The job's key: the version and the build wanted of it (its release and content). */
export function buildPeriod(number: number, key: string): string {
  return `${number}:${key}`;
}

function parsePeriod(period: string | null): { number: number; key: string } | undefined {
  const match = /^(\d+):([\w-]+)$/.exec(period ?? '');
  return match ? { number: Number(match[1]), key: match[2]! } : undefined;
}

/** Queues the build of version `number` as `key` (a unit of work: the publish's own transaction). */
export function* queueBuild(number: number, key: string) {
  return yield* enqueue({ purpose: BUILD_PURPOSE, of: { period: buildPeriod(number, key) } });
}

export interface BuildJobsOptions {
  store: LeadStore;
  builder: SiteBuilder;
  log: FastifyBaseLogger | undefined;
  /** Aborted when the publisher stops: nothing more is claimed, and a running build is given back. */
  stopping: AbortSignal;
  leaseMs?: number | undefined;
  /** How often it looks for a build to claim besides being told of one. */
  pollMs: number;
}

export class BuildJobs {
  readonly #o: BuildJobsOptions & { leaseMs: number };
  readonly #owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  #loop: Promise<void> | undefined;
  #again = false;
  #timer: NodeJS.Timeout | undefined;
  #heard: NodeJS.Timeout | undefined;
  #unlisten: (() => void) | undefined;

  constructor(options: BuildJobsOptions) {
    this.#o = { ...options, leaseMs: options.leaseMs ?? DEFAULTS.siteBuildLeaseMs };
  }

  /** Claims builds queued on any instance (OTHERS_WAIT_MS after hearing of them), and every pollMs in case one was missed. */
  start(): void {
    this.#unlisten = this.#o.store.onNewJobs(() => {
      this.#heard ??= setTimeout(() => {
        this.#heard = undefined;
        this.nudge();
      }, OTHERS_WAIT_MS);
    });
    const tick = () => {
      this.nudge();
      if (!this.#o.stopping.aborted) this.#timer = setTimeout(tick, this.#o.pollMs);
    };
    this.#timer = setTimeout(tick, this.#o.pollMs);
  }

  /** Looks for a build to claim now. */
  nudge(): void {
    if (this.#o.stopping.aborted) return;
    if (this.#loop) {
      this.#again = true;
      return;
    }
    this.#loop = (async () => {
      do {
        this.#again = false;
        while (!this.#o.stopping.aborted && (await this.#claimOne()));
      } while (this.#again && !this.#o.stopping.aborted);
    })()
      .catch((error: unknown) => this.#o.log?.warn({ err: error }, 'could not look for a site build to run'))
      .finally(() => (this.#loop = undefined));
  }

  /** Settles once no build runs here. */
  async stop(): Promise<void> {
    this.#unlisten?.();
    clearTimeout(this.#timer);
    clearTimeout(this.#heard);
    await this.#loop;
  }

  /** Claims and runs one queued build; false when none is due. */
  async #claimOne(): Promise<boolean> {
    const { store, leaseMs } = this.#o;
    const [job] = await store.claimJobs({ purposes: [BUILD_PURPOSE], transports: ['none'], limit: 1, leaseMs, owner: this.#owner });
    if (!job) return false;
    return this.#run(job);
  }

  /** Runs a claimed build; false when it was another release's, given back for that release's instances to claim. */
  async #run(job: ClaimedJob): Promise<boolean> {
    const { store, log, leaseMs, stopping } = this.#o;
    const lost = new AbortController();
    // Renewed well before it runs out, so a slow database answer does not lose a live claim.
    const renewing = setInterval(() => {
      store.renewClaim(job, leaseMs).then(
        (held) => held || lost.abort(),
        () => undefined,
      );
    }, leaseMs / 3);
    const wanted = parsePeriod(job.period);
    try {
      if (!wanted) throw new BuildFailed(`a site build job names no version: ${job.period}`, '');
      // Claimed more often than it was tried: its earlier builders died under it (a build that takes
      // its server down would otherwise take every instance down in turn).
      if (job.claims > MAX_TRIES) throw new BuildFailed(siteWords.buildKeptStopping(job.claims - 1), '');
      if ((await this.#build(wanted.number, wanted.key, AbortSignal.any([lost.signal, stopping]))) === 'not ours') {
        await store.releaseJob(job);
        return false;
      }
      await store.completeJob(job);
    } catch (error) {
      if (lost.signal.aborted) {
        log?.warn({ version: wanted?.number }, 'lost the claim on a site build; another instance has it');
      } else if (stopping.aborted) {
        await store.releaseJob(job);
      } else {
        const message = error instanceof BuildFailed ? `${error.message}\n${error.output}`.trim() : redactText((error as Error).message);
        const last = error instanceof BuildFailed || job.attempts + 1 >= MAX_TRIES;
        if (last && wanted) await store.transact(() => markFailed(wanted.number, message));
        await store.failJob(job, message, last ? null : 5_000 * 2 ** job.attempts);
        log?.error({ err: error, version: wanted?.number, dead: last }, 'could not build a published version of the site; the site stays as it was');
      }
    } finally {
      clearInterval(renewing);
    }
    return true;
  }

  /**
   * Builds version `number` as `key`, unless a build of it is stored already, stores it, and marks
   * the version live; 'not ours' when `key` is another release's build (during a rolling upgrade):
   * that release's instances make it.
   */
  async #build(number: number, key: string, signal: AbortSignal): Promise<'not ours' | undefined> {
    const { store, builder, log } = this.#o;
    const version = await store.read(() => versionByNumber(number));
    if (!version || version.status === 'failed') return undefined;
    if (builder.keyFor(version.entries) !== key) return 'not ours';
    if (!(await store.read(() => hasBuild(key)))) {
      const started = Date.now();
      const folder = await builder.build(version.entries, { compressed: false, signal });
      signal.throwIfAborted();
      const { bytes, added } = await storeFolder(store, key, folder);
      log?.info({ version: number, ms: Date.now() - started, bytes, added }, 'built and stored a published version of the site');
    }
    signal.throwIfAborted();
    await store.transact(function* () {
      yield* markBuilt(number, key);
      yield* pruneBuilds(KEEP_VERSIONS, DAY_MS);
    });
    return undefined;
  }
}
