/**
 * A published version of the site's content as the lead server keeps it: the entries the owner
 * has changed, whole, laid over the release's own files. Version 0 is the release itself.
 */
import { BUSINESS_DETAILS_KEY, type ContentEntry, type EntryKey } from './content.ts';
import type { ContentVersion } from '../storage/site-versions.ts';

// The shape is the stored one: storage keeps versions without knowing the site editor.
export { VERSION_ACTIONS, type ContentVersion, type VersionAction } from '../storage/site-versions.ts';

/** The release's own content, before any edit. */
export const RELEASE_VERSION: ContentVersion = {
  number: 0,
  entries: {},
  bases: {},
  changed: [],
  action: 'publish',
  restoredFrom: null,
  authorEmail: null,
  createdAt: 0,
  status: 'live',
  failure: null,
  buildKey: null,
};

/** The content a version publishes: the release's entries with the version's laid over them. */
export function contentOf(release: ReadonlyMap<EntryKey, ContentEntry>, version: Pick<ContentVersion, 'entries'>): Map<EntryKey, ContentEntry> {
  const all = new Map(release);
  for (const [key, entry] of Object.entries(version.entries)) all.set(key, key === BUSINESS_DETAILS_KEY ? withNewFacts(entry, release.get(key)) : entry);
  return all;
}

/**
 * Business details stored before a release added a fact (the guides' prices, say) take that fact
 * from the release, so an older version still passes the check and builds.
 */
function withNewFacts(stored: ContentEntry, release: ContentEntry | undefined): ContentEntry {
  if (!release) return stored;
  const missing = Object.keys(release.data).filter((name) => !(name in stored.data));
  return missing.length === 0 ? stored : { ...stored, data: { ...Object.fromEntries(missing.map((name) => [name, release.data[name]])), ...stored.data } };
}
