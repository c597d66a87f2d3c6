/**
 * Builds a version of the site: the release's content files copied to a folder of their own with
 * the version's entries written over them, and `astro build` run on that folder in a child process
 * (the server keeps answering meanwhile) into a new output folder. The live site is never touched
 * here: the caller swaps the finished folder in.
 *
 * A finished build is kept under a name made from the release's own build and the content (its
 * key, the same on every instance of one release), so an instance that restarts finds it, and a
 * build stored in the database under that key (stored-builds.ts) is fetched rather than made.
 * Nothing is written into the checkout: each process builds in a copy of the site's sources of its
 * own in the work folder (Astro writes what it generates for the content into the project's
 * `.astro/`, which two builds cannot share), and its builds take turns.
 *
 * A build can leave out the compressed copies (brotli at its best setting is over half of a build
 * that changes every page): a preview is served as it is, and a publish is served at once and
 * compressed afterwards. A folder made without them gets them when they are asked for.
 */
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { keepCachedCopy, PRECOMPRESS_ENV, PRECOMPRESS_TAG_ENV, temporaryCopyEnding } from '../../core/compressed-cache.ts';
import { join, resolve } from 'node:path';
import { ownFolder, projectCopy } from './build-folders.ts';
import { entryText, writeEntries, type ContentEntry, type EntryKey } from './content.ts';
import { CONTENT_DIR_ENV, RELEASE_CONTENT_DIR } from './content.ts';
import { PHOTO_PATH, photoFileNames } from '../../core/photo-sizes.ts';
import type { PhotoFile } from '../storage/site-photos.ts';
import { photoIdsOf } from '../../core/photo-refs.ts';
import { BuildFailed, runNode } from './build-child.ts';
import { isInside } from './inside-folder.ts';

/** Finished builds kept on disk besides the one being made: enough for a restore to find its build. */
const KEEP_BUILDS = 4;
const COMPLETE = '.complete';
/** Written once a finished build also has its compressed copies. */
const COMPRESSED = '.compressed';

/**
 * Runs a build of `contentDir` into `outDir`, with the compressed copies unless `compressed` is
 * false; throws BuildFailed with its output when it fails. Every build runs at the server's own
 * priority: even one made behind a preview is usually waited for within seconds, once the owner
 * presses Publish, and at the lowest priority that wait was 8.1–8.5 s against 3.5–3.6 s.
 */
export type RunBuild = (contentDir: string, outDir: string, signal?: AbortSignal, compressed?: boolean) => Promise<void>;

/** Writes the compressed copies of a finished build's files beside them; stops, leaving none half-written, when `signal` aborts. */
export type Compress = (dir: string, signal?: AbortSignal) => Promise<void>;

export interface SiteBuilderOptions {
  /** The project's root (where astro.config.ts and src/ are). */
  root: string;
  /** Where builds, their content copies and caches go (outside the served folder). */
  workDir: string;
  /** The release's own build: its time tells the builds of one release from another's. */
  releaseDist: string;
  run?: RunBuild | undefined;
  compress?: Compress | undefined;
  /** The stored files of the owner's photos (the lead database's), which each build writes into its site. */
  photos?: ((ids: readonly string[]) => Promise<PhotoFile[]>) | undefined;
}

/**
 * Lets a build whose output folder lies outside the project find the project's packages from it.
 * Astro decides whether the output folder is inside the project by how its path begins
 * (getOutDirWithinCwd in astro/dist/core/build/common.js): a work folder beside the project whose
 * name begins with the project's (`…/site-a` by `…/site`) passes, so Astro writes the prerendered
 * chunks into it and imports them from there, where their package imports found nothing and every
 * build failed. A link to the project's packages in the work folder is found from those chunks; a
 * folder elsewhere gets one too, unused, so the outcome never hangs on Astro's test.
 */
function linkPackages(root: string, workDir: string, outDir: string): void {
  if (isInside(root, outDir)) return;
  const link = join(workDir, 'node_modules');
  const target = resolve(root, 'node_modules');
  try {
    if (readlinkSync(link) === target) return;
    // A link left by a project that has moved since.
    rmSync(link, { force: true });
  } catch {
    // No link yet, or a real folder someone put there (left alone).
  }
  if (existsSync(link)) return;
  try {
    symlinkSync(target, link, 'junction');
  } catch (error) {
    // Another instance on this machine made it meanwhile.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/**
 * `astro build` on this same Node, in this process's copy of the site's sources (the checkout may
 * be read-only), with the content folder and a cache of this process's own.
 */
export function astroBuild(root: string, workDir: string): RunBuild {
  const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  return (contentDir, outDir, signal, compressed = true) => {
    const project = projectCopy(root, workDir);
    linkPackages(project, workDir, outDir);
    return runNode(
      'the site build',
      project,
      [astro, 'build', '--outDir', outDir],
      {
        [CONTENT_DIR_ENV]: contentDir,
        SITE_CACHE_DIR: join(ownFolder(workDir), 'astro-cache'),
        PRECOMPRESS_CACHE: join(workDir, 'compressed'),
        ...(compressed ? {} : { [PRECOMPRESS_ENV]: 'later' }),
      },
      { signal },
    );
  };
}

/**
 * The build's compressor run on a finished folder (one already served, or a preview's now
 * published), in a process of its own at low priority (it takes seconds of CPU, which the server's
 * own thread and the next build keep), sharing the builds' cache of copies.
 */
export function compressInChild(root: string, workDir: string): Compress {
  const script = join(root, 'scripts', 'precompress.ts');
  return async (dir, signal) => {
    // The child's temporary files carry this tag, so the ones a stopped child leaves are known to be its own.
    const tag = randomBytes(6).toString('hex');
    try {
      await runNode(
        'compressing the site',
        root,
        [script, dir],
        { PRECOMPRESS_CACHE: join(workDir, 'compressed'), [PRECOMPRESS_TAG_ENV]: tag },
        { background: true, signal },
      );
    } catch (error) {
      removeTemporaryCopies(dir, tag);
      throw error;
    }
  };
}

/** Removes the half-written copies a stopped compressor left in `dir` under `tag` (another's are left to it). */
function removeTemporaryCopies(dir: string, tag: string): void {
  const ending = temporaryCopyEnding(tag);
  try {
    for (const path of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (path.endsWith(ending)) rmSync(join(dir, path), { force: true });
    }
  } catch {
    // The folder itself is gone (pruned): nothing of it is served.
  }
}

export class SiteBuilder {
  readonly #root: string;
  readonly #workDir: string;
  readonly #releaseDist: string;
  readonly #run: RunBuild;
  readonly #compress: Compress;
  readonly #photos: SiteBuilderOptions['photos'];
  /** This process's builds, one at a time: they share its copy of the sources and its content folder. */
  #turn: Promise<unknown> = Promise.resolve();
  /** The release build's key: the hash of its files, the same on every instance of one release. */
  #release: string | undefined;

  constructor(options: SiteBuilderOptions) {
    this.#root = options.root;
    this.#workDir = resolve(options.workDir);
    this.#releaseDist = options.releaseDist;
    this.#run = options.run ?? astroBuild(options.root, this.#workDir);
    this.#compress = options.compress ?? compressInChild(options.root, this.#workDir);
    this.#photos = options.photos;
  }

  /**
   * Writes the photos the owner's entries show into a build, beside its pages: a photo is served
   * only once a version that shows it is built. A photo the release ships (in its public folder)
   * is there already.
   */
  async #writePhotos(entries: Readonly<Record<EntryKey, ContentEntry>>, out: string): Promise<void> {
    const dir = join(out, PHOTO_PATH);
    const wanted = photoIdsOf(Object.values(entries)).filter((id) => photoFileNames(id).some((name) => !existsSync(join(dir, name))));
    if (wanted.length === 0) return;
    const files = this.#photos ? await this.#photos(wanted) : [];
    const have = new Set(files.map((f) => f.name));
    const missing = wanted.filter((id) => photoFileNames(id).some((name) => !have.has(name)));
    if (missing.length > 0)
      throw new BuildFailed(`the photo${missing.length === 1 ? '' : 's'} ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not stored`, '');
    mkdirSync(dir, { recursive: true });
    for (const file of files) writeFileSync(join(dir, file.name), file.body);
  }

  /**
   * Puts the release build's compressed copies in the shared cache, once, so the first publish
   * compresses only the pages it changed.
   */
  #seeded = false;
  #seedCompressed(): void {
    if (this.#seeded) return;
    this.#seeded = true;
    const cache = join(this.#workDir, 'compressed');
    const walk = (dir: string): string[] =>
      existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)])) : [];
    for (const file of walk(this.#releaseDist)) {
      if (file.endsWith('.br') || file.endsWith('.gz') || !existsSync(`${file}.br`) || !existsSync(`${file}.gz`)) continue;
      const body = readFileSync(file);
      keepCachedCopy(cache, body, 'br', readFileSync(`${file}.br`));
      keepCachedCopy(cache, body, 'gz', readFileSync(`${file}.gz`));
    }
  }

  /** What tells this release's builds from another's: a hash of its own build's files (not their compressed copies). */
  #releaseKey(): string {
    if (this.#release !== undefined) return this.#release;
    const hash = createHash('sha256');
    const dir = this.#releaseDist;
    const files = existsSync(dir)
      ? readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((d) => d.isFile() && !d.name.endsWith('.br') && !d.name.endsWith('.gz'))
          .map((d) => join(d.parentPath, d.name))
          .sort()
      : [];
    for (const file of files) hash.update(`\0${file.slice(dir.length)}\0`).update(readFileSync(file));
    this.#release = hash.digest('base64url');
    return this.#release;
  }

  /** The key of a build of these entries over this release: its folder's name here, and its name in the database. */
  keyFor(entries: Readonly<Record<EntryKey, ContentEntry>>): string {
    const hash = createHash('sha256').update(this.#releaseKey());
    for (const key of Object.keys(entries).sort()) hash.update(`\0${key}\0${entryText(entries[key]!)}`);
    return hash.digest('base64url').slice(0, 24);
  }

  /** The folder a build of these entries over this release is kept in. */
  folderFor(entries: Readonly<Record<EntryKey, ContentEntry>>): string {
    return join(this.#workDir, 'builds', this.keyFor(entries));
  }

  /** The folder a build under `key` is kept in. */
  folderOf(key: string): string {
    return join(this.#workDir, 'builds', key);
  }

  /**
   * The finished build of the release's content with `entries` written over it: one already on
   * disk, or a new one; with its compressed copies unless `compressed` is false (a preview). Throws
   * BuildFailed when the build fails; the live site is left as it is.
   */
  async build(
    entries: Readonly<Record<EntryKey, ContentEntry>>,
    { signal, compressed = true }: { signal?: AbortSignal | undefined; compressed?: boolean } = {},
  ): Promise<string> {
    const folder = this.folderFor(entries);
    // Made before (a preview's build, one fetched, or one served before its copies were made): at most the copies are missing.
    if (!existsSync(join(folder, COMPLETE))) {
      const next = this.#turn.then(() => this.#make(entries, folder, signal, compressed));
      this.#turn = next.catch(() => undefined);
      await next;
    }
    return compressed ? this.#withCopies(folder, signal) : folder;
  }

  /** Makes the build in `folder`, this process's builds taking turns; one made meanwhile is left as it is. */
  async #make(entries: Readonly<Record<EntryKey, ContentEntry>>, folder: string, signal: AbortSignal | undefined, compressed: boolean) {
    if (existsSync(join(folder, COMPLETE))) return;
    signal?.throwIfAborted();
    mkdirSync(this.#workDir, { recursive: true });
    this.#seedCompressed();
    const content = join(ownFolder(this.#workDir), 'content');
    const out = join(this.#workDir, `out-${randomBytes(6).toString('hex')}`);
    try {
      rmSync(content, { recursive: true, force: true });
      cpSync(join(this.#root, RELEASE_CONTENT_DIR), content, { recursive: true });
      writeEntries(content, Object.values(entries));
      await this.#run(content, out, signal, compressed);
      await this.#writePhotos(entries, out);
      if (!existsSync(join(out, 'index.html'))) throw new BuildFailed('the site build wrote no home page', '');
      if (compressed) writeFileSync(join(out, COMPRESSED), new Date().toISOString());
      writeFileSync(join(out, COMPLETE), new Date().toISOString());
      mkdirSync(join(this.#workDir, 'builds'), { recursive: true });
      try {
        renameSync(out, folder);
      } catch (error) {
        // Another instance on this machine finished the same build first, or this one fetched it: the same files.
        if (!existsSync(join(folder, COMPLETE))) throw error;
      }
      this.prune(folder);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }

  /** The release's own build (version 0's). */
  get releaseDist(): string {
    return this.#releaseDist;
  }

  /** The folder of a finished build of these entries already on disk, without building one. */
  finished(entries: Readonly<Record<EntryKey, ContentEntry>>): string | undefined {
    const folder = this.folderFor(entries);
    return existsSync(join(folder, COMPLETE)) ? folder : undefined;
  }

  /** Whether a finished build's folder has its compressed copies. */
  hasCopies(folder: string): boolean {
    return existsSync(join(folder, COMPRESSED));
  }

  /**
   * A finished build's folder with its compressed copies, made now if it has none. Not in the
   * builds' turn: it does not touch Astro's files, and a publish's build need not wait for it. Two
   * instances compressing one folder at once write the same copies, each under a temporary name.
   */
  async #withCopies(folder: string, signal: AbortSignal | undefined): Promise<string> {
    if (this.hasCopies(folder)) return folder;
    signal?.throwIfAborted();
    await this.#compress(folder, signal);
    writeFileSync(join(folder, COMPRESSED), new Date().toISOString());
    return folder;
  }

  /**
   * Keeps the newest finished builds (and `keep`), so the folder does not grow with every publish.
   * Only housekeeping: a folder that cannot be removed now (a stopped compressor still writing in
   * it as it ends, another process on this machine pruning it at the same moment) is left for the
   * next prune, and never fails the build or the serving that asked for the prune.
   */
  prune(keep: string): void {
    const builds = join(this.#workDir, 'builds');
    const finished = readdirSync(builds)
      .map((name) => join(builds, name))
      .filter((path) => path !== keep)
      .flatMap((path) => {
        try {
          return [{ path, at: statSync(join(path, COMPLETE)).mtimeMs }];
        } catch {
          return []; // not finished, or removed meanwhile
        }
      })
      .sort((a, b) => b.at - a.at);
    for (const { path } of finished.slice(KEEP_BUILDS)) {
      try {
        rmSync(path, { recursive: true, force: true });
      } catch {
        // Left for the next prune.
      }
    }
  }
}
