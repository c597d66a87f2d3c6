/**
 * The owner's photos in the lead database (written once for both stores, steps.ts): stored whole
 * in one unit of work, so a photo is either all there or not there at all, and read back by the
 * builds of every instance.
 */
import { all, one, run, NOW_MS, type Work } from './steps.ts';
import { photoIdsOf } from '../../core/photo-refs.ts';

export interface PhotoFile {
  name: string;
  body: Buffer;
}

/** Stores a photo and its files; a photo already stored (the same file sent again) is left as it is. */
export function* insertPhoto(photo: { id: string; sourceType: string; authorEmail: string | null; files: readonly PhotoFile[] }): Work<void> {
  const inserted = yield* run(
    `INSERT INTO site_photos (id, source_type, author_email, created_at) VALUES (?, ?, ?, ${NOW_MS}) ON CONFLICT (id) DO NOTHING`,
    photo.id,
    photo.sourceType,
    photo.authorEmail,
  );
  if (inserted === 0) return;
  for (const file of photo.files) yield* run('INSERT INTO site_photo_files (photo_id, name, body) VALUES (?, ?, ?)', photo.id, file.name, file.body);
}

/** Which of these photos are stored. */
export function* storedPhotoIds(ids: readonly string[]): Work<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = yield* all(`SELECT id FROM site_photos WHERE id IN (${ids.map(() => '?').join(', ')})`, ...ids);
  return new Set(rows.map((r) => String(r.id)));
}

/** Every file of these photos. */
export function* photoFiles(ids: readonly string[]): Work<PhotoFile[]> {
  if (ids.length === 0) return [];
  const rows = yield* all(`SELECT name, body FROM site_photo_files WHERE photo_id IN (${ids.map(() => '?').join(', ')}) ORDER BY name`, ...ids);
  return rows.map((r) => ({ name: String(r.name), body: Buffer.from(r.body as Uint8Array) }));
}

/** One file of a photo, by its name. */
export function* photoFile(id: string, name: string): Work<Buffer | undefined> {
  const row = yield* one('SELECT body FROM site_photo_files WHERE photo_id = ? AND name = ?', id, name);
  return row ? Buffer.from(row.body as Uint8Array) : undefined;
}

/** The photos named anywhere in these stored JSON texts (a version's entries, a draft, a preview's entries). */
function photosNamedIn(texts: Iterable<unknown>): string[] {
  return photoIdsOf([...texts].map((text) => ({ data: { stored: JSON.parse(String(text)) as unknown } })));
}

/**
 * Removes the photos uploaded over `olderThanMs` ago that no stored version, draft or preview
 * names, nor `keep` (the release's own content): uploads the owner chose and then dropped. Every
 * version is kept, so a photo any version shows stays and "Restore this version" always finds it.
 * The ids removed.
 */
export function* deleteUnusedPhotos(olderThanMs: number, keep: ReadonlySet<string>): Work<string[]> {
  const old = (yield* all(`SELECT id FROM site_photos WHERE created_at < ${NOW_MS} - ? ORDER BY id`, olderThanMs)).map((r) => String(r.id));
  if (old.length === 0) return [];
  // Only rows that mention a photo at all are parsed: most versions change words, not photos.
  const mentions = (table: string, column: string) => all(`SELECT ${column} AS text FROM ${table} WHERE ${column} LIKE '%"photo"%'`);
  const rows = [
    ...(yield* mentions('site_versions', 'entries')),
    ...(yield* mentions('site_drafts', 'entry')),
    ...(yield* mentions('site_previews', 'entries')),
  ];
  const used = new Set([...keep, ...photosNamedIn(rows.map((r) => r.text))]);
  const unused = old.filter((id) => !used.has(id));
  for (const id of unused) {
    yield* run('DELETE FROM site_photo_files WHERE photo_id = ?', id);
    yield* run('DELETE FROM site_photos WHERE id = ?', id);
  }
  return unused;
}
