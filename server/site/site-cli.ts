/**
 * npm run leads -- site export DIR [PHOTOS_DIR]: the owner's published entries written as the repository's
 * content files (DIR/<collection>/<name>.yaml or .mdx), so a developer can commit them back: run it
 * with DIR = src/content and the edited files are replaced in place. Only the entries the owner
 * edited are written; the rest are the release's files already. The photos those entries show are
 * written as the site serves them to PHOTOS_DIR (public/photos, for the build to copy).
 * npm run leads -- site status: the live version, who published it, and any page a release changed
 * since the owner edited it.
 */
import { resolve } from 'node:path';
import type { LeadStore } from '../storage/types.ts';
import { latestVersion } from '../storage/site-versions.ts';
import { RELEASE_VERSION } from './content-version.ts';
import { entryHash, writeEntries } from './content.ts';
import { releaseContent } from './release-content.ts';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { photoFiles } from '../storage/site-photos.ts';
import { photoIdsOf } from '../../core/photo-refs.ts';

export const SITE_USAGE = `  npm run leads -- site export DIR [PHOTOS_DIR]
  npm run leads -- site status`;

export async function siteCommand(store: LeadStore, args: string[]): Promise<number> {
  const [sub, dir, photosDir] = args;
  const version = (await store.read(() => latestVersion())) ?? RELEASE_VERSION;
  const release = releaseContent();
  if (sub === 'export' && dir) {
    const entries = Object.values(version.entries);
    writeEntries(resolve(dir), entries);
    for (const entry of entries) console.log(`wrote ${entry.collection}/${entry.id}`);
    const photos = photoIdsOf(entries);
    if (photos.length > 0 && !photosDir)
      console.error(`The entries show ${photos.length} uploaded photo(s): name a PHOTOS_DIR (public/photos) to write them too.`);
    if (photos.length > 0 && photosDir) {
      mkdirSync(resolve(photosDir), { recursive: true });
      for (const file of await store.read(() => photoFiles(photos))) {
        writeFileSync(join(resolve(photosDir), file.name), file.body);
        console.log(`wrote ${join(photosDir, file.name)}`);
      }
    }
    console.error(
      entries.length === 0
        ? 'Nothing to write: the site shows the release’s own content.'
        : `${entries.length} edited entr${entries.length === 1 ? 'y' : 'ies'} of version ${version.number} written to ${resolve(dir)}`,
    );
    return 0;
  }
  if (sub === 'status') {
    console.log(
      version.number === 0
        ? 'Version 0: the release’s own content (nothing published in the inbox yet)'
        : `Version ${version.number}, ${version.action} by ${version.authorEmail ?? 'unknown'} at ${new Date(version.createdAt).toISOString()}`,
    );
    for (const key of Object.keys(version.entries).sort()) {
      const base = version.bases[key];
      const now = release.get(key);
      const state = !now ? 'not in this release' : base && base !== entryHash(now) ? 'the release changed it too: the owner chooses in the inbox' : 'edited';
      console.log(`  ${key}: ${state}`);
    }
    return 0;
  }
  console.error(`Usage:\n${SITE_USAGE}`);
  return 1;
}
