/**
 * The site editor's versions and drafts, written once for both stores (steps.ts). A version's
 * number is its key: the next number goes to whichever publish inserts it first, and the other is
 * told so and publishes again on top of it.
 */
import { z } from 'zod';
import { siteCollectionNames, type SiteCollection } from '../../core/site-collections.ts';
import { all, announce, one, run, NOW_MS, type Row, type Work } from './steps.ts';

/** 'undo' took back one version's changes to one page (restoredFrom names that version). */
export const VERSION_ACTIONS = ['publish', 'restore', 'verify', 'undo'] as const;
export type VersionAction = (typeof VERSION_ACTIONS)[number];
/** building: published, its build queued or running; live: built and stored; failed: it could not be built. */
export const VERSION_STATUSES = ['building', 'live', 'failed'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

/** "guides/commercial-fridge-prices-nz": an entry's collection and file name. */
export type EntryKey = string;

/** A content entry as stored: the site editor reads and writes the same shape (content.ts). */
export interface ContentEntry {
  collection: SiteCollection;
  id: string;
  data: Record<string, unknown>;
  /** An article's or guide's Markdown body; absent for YAML entries. */
  body?: string | undefined;
}

/**
 * A published version of the site's content as the lead server keeps it: the entries the owner
 * has changed, whole, laid over the release's own files. Version 0 is the release itself.
 */
export interface ContentVersion {
  number: number;
  /** Every entry the owner has changed, as published (the release's files give the rest). */
  entries: Record<EntryKey, ContentEntry>;
  /** For each of those, the hash of the release's entry it was edited over (absent for an entry the release lacks). */
  bases: Record<EntryKey, string>;
  /** The entries this version changed from the one before. */
  changed: EntryKey[];
  action: VersionAction;
  restoredFrom: number | null;
  authorEmail: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
  status: VersionStatus;
  /** Why it could not be built, in the build's own words (a failed version). */
  failure: string | null;
  /** The stored build it was last built as (site-builds.ts), once built. */
  buildKey: string | null;
}

/** What a publish stores: the rest is the build's to say. */
export type NewVersion = Omit<ContentVersion, 'createdAt' | 'status' | 'failure' | 'buildKey'>;

// The collection is checked against the site's list, so a stored entry is a ContentEntry as read, not by assertion.
const entrySchema: z.ZodType<ContentEntry> = z.object({
  collection: z.enum(siteCollectionNames),
  id: z.string(),
  data: z.record(z.string(), z.unknown()),
  body: z.string().optional(),
});

const versionRow = z.object({
  number: z.coerce.number(),
  entries: z.string().transform((s) => z.record(z.string(), entrySchema).parse(JSON.parse(s))),
  bases: z.string().transform((s) => z.record(z.string(), z.string()).parse(JSON.parse(s))),
  changed: z.string().transform((s) => z.array(z.string()).parse(JSON.parse(s))),
  action: z.enum(VERSION_ACTIONS),
  restored_from: z.coerce.number().nullable(),
  author_email: z.string().nullable(),
  created_at: z.coerce.number(),
  status: z.enum(VERSION_STATUSES),
  failure: z.string().nullable(),
  build_key: z.string().nullable(),
});

function toVersion(row: Row): ContentVersion {
  const r = versionRow.parse(row);
  return {
    number: r.number,
    entries: r.entries,
    bases: r.bases,
    changed: r.changed,
    action: r.action,
    restoredFrom: r.restored_from,
    authorEmail: r.author_email,
    createdAt: r.created_at,
    status: r.status,
    failure: r.failure,
    buildKey: r.build_key,
  };
}

/**
 * The newest version an edit is made over, or undefined while the site is the release's own: a
 * version that could not be built is passed over (the site never showed it).
 */
export function* latestVersion(): Work<ContentVersion | undefined> {
  const row = yield* one("SELECT * FROM site_versions WHERE status <> 'failed' ORDER BY number DESC LIMIT 1");
  return row && toVersion(row);
}

/** The newest version built and stored: the one every instance serves. */
export function* newestLiveVersion(): Work<ContentVersion | undefined> {
  const row = yield* one("SELECT * FROM site_versions WHERE status = 'live' ORDER BY number DESC LIMIT 1");
  return row && toVersion(row);
}

/** The newest version's number, failed or not (the next publish takes the one after): 0 while there is none. */
export function* latestVersionNumber(): Work<number> {
  const row = yield* one('SELECT MAX(number) AS n FROM site_versions');
  return Number(row?.n ?? 0);
}

export function* versionByNumber(number: number): Work<ContentVersion | undefined> {
  const row = yield* one('SELECT * FROM site_versions WHERE number = ?', number);
  return row && toVersion(row);
}

/** The newest versions first. */
export function* listVersions(limit = 100): Work<ContentVersion[]> {
  return (yield* all('SELECT * FROM site_versions ORDER BY number DESC LIMIT ?', limit)).map(toVersion);
}

/**
 * The versions that changed one entry, newest first. The stored list is JSON text, so the query
 * narrows by the key's quoted text (keys hold no LIKE wildcard: letters, digits, '-' and '/'), and
 * the parsed list decides.
 */
export function* versionsChanging(key: EntryKey, limit = 30): Work<ContentVersion[]> {
  const rows = yield* all('SELECT * FROM site_versions WHERE changed LIKE ? ORDER BY number DESC LIMIT ?', `%${JSON.stringify(key)}%`, limit);
  return rows.map(toVersion).filter((v) => v.changed.includes(key));
}

/** The versions with these numbers (those that exist), in no particular order. */
export function* versionsNumbered(numbers: readonly number[]): Work<ContentVersion[]> {
  if (numbers.length === 0) return [];
  return (yield* all(`SELECT * FROM site_versions WHERE number IN (${numbers.map(() => '?').join(', ')})`, ...numbers)).map(toVersion);
}

/**
 * Stores the version under its number, as building, and announces it to the other instances;
 * false when another publish took that number first.
 */
export function* insertVersion(version: NewVersion): Work<boolean> {
  const inserted = yield* run(
    `INSERT INTO site_versions (number, entries, bases, changed, action, restored_from, author_email, created_at, status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ${NOW_MS}, 'building') ON CONFLICT (number) DO NOTHING`,
    version.number,
    JSON.stringify(version.entries),
    JSON.stringify(version.bases),
    JSON.stringify(version.changed),
    version.action,
    version.restoredFrom,
    version.authorEmail,
  );
  if (inserted !== 1) return false;
  yield* announce('site');
  return true;
}

export interface Draft {
  entry: ContentEntry;
  /** The version the draft was started from. */
  basedOn: number;
  authorEmail: string | null;
  updatedAt: number;
}

const draftRow = z.object({
  entry: z.string().transform((s) => entrySchema.parse(JSON.parse(s))),
  based_on: z.coerce.number(),
  author_email: z.string().nullable(),
  updated_at: z.coerce.number(),
});

export function* draftOf(key: EntryKey): Work<Draft | undefined> {
  const row = yield* one('SELECT * FROM site_drafts WHERE entry_key = ?', key);
  if (!row) return undefined;
  const r = draftRow.parse(row);
  return { entry: r.entry, basedOn: r.based_on, authorEmail: r.author_email, updatedAt: r.updated_at };
}

/** The entries with a draft waiting. */
export function* draftKeys(): Work<EntryKey[]> {
  return (yield* all('SELECT entry_key FROM site_drafts ORDER BY entry_key')).map((r) => String(r.entry_key));
}

export function* saveDraft(key: EntryKey, entry: ContentEntry, basedOn: number, authorEmail: string | null): Work<void> {
  yield* run(
    `INSERT INTO site_drafts (entry_key, entry, based_on, author_email, updated_at) VALUES (?, ?, ?, ?, ${NOW_MS})
     ON CONFLICT (entry_key) DO UPDATE SET entry = excluded.entry, based_on = excluded.based_on, author_email = excluded.author_email, updated_at = excluded.updated_at`,
    key,
    JSON.stringify(entry),
    basedOn,
    authorEmail,
  );
}

export function* dropDraft(key: EntryKey): Work<void> {
  yield* run('DELETE FROM site_drafts WHERE entry_key = ?', key);
}

export interface Preview {
  id: string;
  tokenHash: string;
  entries: Record<EntryKey, ContentEntry>;
  route: string;
  /** The page at `route`, when it was rendered at once rather than built (HTML). */
  page: string | null;
  authorEmail: string | null;
  expiresAt: number;
}

const previewRow = z.object({
  id: z.string(),
  token_hash: z.string(),
  entries: z.string().transform((s) => z.record(z.string(), entrySchema).parse(JSON.parse(s))),
  route: z.string(),
  page: z.string().nullable(),
  author_email: z.string().nullable(),
  expires_at: z.coerce.number(),
});

/** Keeps a preview until `expiresInMs` from now; previews long past their end are deleted on the way. */
export function* insertPreview(preview: Omit<Preview, 'expiresAt'>, expiresInMs: number): Work<void> {
  yield* run(`DELETE FROM site_previews WHERE expires_at < ${NOW_MS} - ?`, expiresInMs);
  yield* run(
    `INSERT INTO site_previews (id, token_hash, entries, route, page, author_email, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ${NOW_MS}, ${NOW_MS} + ?)`,
    preview.id,
    preview.tokenHash,
    JSON.stringify(preview.entries),
    preview.route,
    preview.page,
    preview.authorEmail,
    expiresInMs,
  );
}

export function* previewById(id: string): Work<Preview | undefined> {
  const row = yield* one('SELECT * FROM site_previews WHERE id = ?', id);
  if (!row) return undefined;
  const r = previewRow.parse(row);
  return { id: r.id, tokenHash: r.token_hash, entries: r.entries, route: r.route, page: r.page, authorEmail: r.author_email, expiresAt: r.expires_at };
}
