/**
 * A finished build's folder put in the lead database, and taken back out into a folder by any
 * instance: the pages and files only, not their brotli and gzip copies, which each instance makes
 * for itself at low priority once it serves them (as after its own builds).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { LeadStore } from '../storage/types.ts';
import { buildFiles, storeBuild, storedBodies, type BuiltFile } from '../storage/site-builds.ts';
import { isInside } from './inside-folder.ts';

const gzipped = promisify(gzip);
const gunzipped = promisify(gunzip);

/** The markers a build folder keeps of its own state (site-builder.ts): not part of the site. */
const MARKERS = new Set(['.complete', '.compressed']);

/** The site's own files in a build folder, by their path there ('/' between folders). */
function siteFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(folder, join(d.parentPath, d.name)).split(sep).join('/'))
    .filter((path) => !MARKERS.has(path) && !path.endsWith('.br') && !path.endsWith('.gz'))
    .sort();
}

/** Stores the finished build in `folder` under `key`; the compressed bytes it takes in all, and those new to the database. */
export async function storeFolder(store: LeadStore, key: string, folder: string): Promise<{ bytes: number; added: number }> {
  const files: (BuiltFile & { body: Buffer })[] = siteFiles(folder).map((path) => {
    const body = readFileSync(join(folder, path));
    return { path, body, hash: createHash('sha256').update(body).digest('base64url') };
  });
  const stored = await store.read(() => storedBodies([...new Set(files.map((f) => f.hash))]));
  const bodies = new Map<string, Buffer>();
  let bytes = 0;
  let added = 0;
  for (const file of files) {
    if (!stored.has(file.hash) && !bodies.has(file.hash)) {
      // Compressed on libuv's threads, so the server answers visitors meanwhile.
      const body = await gzipped(file.body, { level: 9 });
      bodies.set(file.hash, body);
      added += body.byteLength;
    }
    bytes += bodies.get(file.hash)?.byteLength ?? stored.get(file.hash) ?? 0;
  }
  await store.transact(() =>
    storeBuild(
      key,
      files.map(({ path, hash }) => ({ path, hash })),
      bodies,
      bytes,
    ),
  );
  return { bytes, added };
}

/**
 * Writes the build stored under `key` into `folder` (made whole in a folder of its own and then
 * renamed into place, so nothing reads it half written); false when no build is stored under it.
 */
export async function fetchFolder(store: LeadStore, key: string, folder: string): Promise<boolean> {
  const files = await store.read(() => buildFiles(key));
  if (files.length === 0) return false;
  const temporary = `${folder}.fetch-${randomBytes(6).toString('hex')}`;
  try {
    for (const file of files) {
      const path = join(temporary, file.path);
      // A stored path never leaves its folder, whatever the row says.
      if (!isInside(temporary, path)) throw new Error(`a stored build names a file outside its folder: ${file.path}`);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, await gunzipped(file.body));
    }
    writeFileSync(join(temporary, '.complete'), new Date().toISOString());
    mkdirSync(dirname(folder), { recursive: true });
    try {
      renameSync(temporary, folder);
    } catch (error) {
      // Made meanwhile (by this machine's own build of the same content): the same files.
      if (!existsSync(join(folder, '.complete'))) throw error;
    }
    return true;
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}
