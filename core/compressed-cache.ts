/**
 * The folder of compressed copies that site builds share: each brotli and gzip copy kept under the
 * hash of the file it was made from, so a build compresses only files no build has compressed
 * before. The build's compressor fills it, and the site editor seeds it from the release's own
 * build, whose copies are already made: brotli at its best setting is most of a build's time.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type Coding = 'br' | 'gz';

/** Set to "later" for a build whose caller compresses it afterwards (or never: a preview). */
export const PRECOMPRESS_ENV = 'SITE_PRECOMPRESS';

/** A tag for the compressor's temporary files, so whoever stops it can tell them from another's. */
export const PRECOMPRESS_TAG_ENV = 'PRECOMPRESS_TAG';

/** How a temporary copy's name ends: this process's tag, or its process ID. */
export function temporaryCopyEnding(tag = process.env[PRECOMPRESS_TAG_ENV] || String(process.pid)): string {
  return `.${tag}.tmp`;
}

/** Where the copy of `body` in `coding` is kept. */
export function cachedCopyPath(cacheDir: string, body: Buffer, coding: Coding): string {
  return join(cacheDir, `${createHash('sha256').update(body).digest('hex')}.${coding}`);
}

/** The kept copy, if there is one. */
export function readCachedCopy(cacheDir: string, body: Buffer, coding: Coding): Buffer | undefined {
  const path = cachedCopyPath(cacheDir, body, coding);
  return existsSync(path) ? readFileSync(path) : undefined;
}

/** Keeps a copy, written under a temporary name and renamed, so a reader never sees half of one. */
export function keepCachedCopy(cacheDir: string, body: Buffer, coding: Coding, copy: Buffer): void {
  const path = cachedCopyPath(cacheDir, body, coding);
  if (existsSync(path)) return;
  mkdirSync(cacheDir, { recursive: true });
  const tmp = `${path}${temporaryCopyEnding()}`;
  writeFileSync(tmp, copy);
  renameSync(tmp, path);
}
