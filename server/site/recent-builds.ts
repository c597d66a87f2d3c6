/**
 * After a restart, the hashed files of the versions published lately: a page loaded before the
 * restart still asks for its scripts and styles, and would break without them.
 */
import type { LeadStore } from '../storage/types.ts';
import { listVersions } from '../storage/site-versions.ts';
import { RELEASE_VERSION } from './content-version.ts';
import type { LiveSite } from './live-site.ts';
import type { SiteBuilder } from './site-builder.ts';

/** The most versions looked at for files still to answer at start: more than anyone publishes in a day. */
const RECENT_VERSIONS = 50;

/**
 * Answers the content-named files of each version replaced less than the site's keepOldFilesMs
 * ago (from its build, if this machine still has it), as though this instance had served it.
 */
export async function keepRecentBuilds(store: LeadStore, site: LiveSite, builder: SiteBuilder, served: number): Promise<void> {
  const now = site.now();
  const keepMs = site.keepOldFilesMs;
  // Newest first; a version was replaced when the next was published.
  const versions = [...(await store.read(() => listVersions(RECENT_VERSIONS))), RELEASE_VERSION];
  for (let i = 0; i + 1 < versions.length; i++) {
    const [next, before] = [versions[i]!, versions[i + 1]!];
    if (next.createdAt + keepMs <= now) break;
    if (before.number !== next.number - 1 || before.number >= served) continue;
    const folder = before.number === 0 ? builder.releaseDist : builder.finished(before.entries);
    if (folder) site.keep(folder, next.createdAt + keepMs);
  }
}
