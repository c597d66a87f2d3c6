/**
 * Built sites in the lead database (written once for both stores, steps.ts), so that one instance
 * builds a version and every other fetches it, with no disk shared between them. A build is its
 * files by path; each file's body is kept once by its hash, gzip-compressed, however many builds
 * have it (a publish changes a few pages; the scripts, styles and most pages stay as they were).
 * Also the version's build state: building until stored, then live, or failed with the reason.
 */
import { all, announce, one, run, NOW_MS, type Work } from './steps.ts';

/** A built file: its path in the site, and its body's hash. */
export interface BuiltFile {
  path: string;
  hash: string;
}

/** Rows written in one statement: well under either database's limit on parameters. */
const ROWS_A_STATEMENT = 200;

function* insertRows(table: string, columns: readonly string[], rows: readonly unknown[][], conflict: string): Work<void> {
  for (let i = 0; i < rows.length; i += ROWS_A_STATEMENT) {
    const chunk = rows.slice(i, i + ROWS_A_STATEMENT);
    const values = chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
    yield* run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values} ${conflict}`, ...chunk.flat());
  }
}

/** Whether a build is stored under `key`. */
export function* hasBuild(key: string): Work<boolean> {
  return (yield* one('SELECT 1 AS yes FROM site_builds WHERE build_key = ?', key)) !== undefined;
}

/** Which of these bodies are stored already (a build sends only the others), with their compressed sizes. */
export function* storedBodies(hashes: readonly string[]): Work<Map<string, number>> {
  const stored = new Map<string, number>();
  for (let i = 0; i < hashes.length; i += ROWS_A_STATEMENT) {
    const chunk = hashes.slice(i, i + ROWS_A_STATEMENT);
    const rows = yield* all(`SELECT hash, LENGTH(body) AS bytes FROM site_file_bodies WHERE hash IN (${chunk.map(() => '?').join(', ')})`, ...chunk);
    for (const row of rows) stored.set(String(row.hash), Number(row.bytes));
  }
  return stored;
}

/**
 * Stores a build under `key`: its files, and the bodies not stored before (gzip-compressed).
 * A build stored already (another instance finished the same one) is left as it is.
 */
export function* storeBuild(key: string, files: readonly BuiltFile[], bodies: ReadonlyMap<string, Buffer>, bytes: number): Work<void> {
  const inserted = yield* run(`INSERT INTO site_builds (build_key, bytes, created_at) VALUES (?, ?, ${NOW_MS}) ON CONFLICT (build_key) DO NOTHING`, key, bytes);
  if (inserted === 0) return;
  const newBodies = [...bodies].map(([hash, body]) => [hash, body]);
  yield* insertRows('site_file_bodies', ['hash', 'body'], newBodies, 'ON CONFLICT (hash) DO NOTHING');
  yield* insertRows(
    'site_build_files',
    ['build_key', 'path', 'hash'],
    files.map((f) => [key, f.path, f.hash]),
    '',
  );
}

/** A stored build's files with their gzip-compressed bodies; empty when none is stored under `key`. */
export function* buildFiles(key: string): Work<{ path: string; body: Buffer }[]> {
  const rows = yield* all(
    'SELECT f.path, b.body FROM site_build_files f JOIN site_file_bodies b ON b.hash = f.hash WHERE f.build_key = ? ORDER BY f.path',
    key,
  );
  return rows.map((r) => ({ path: String(r.path), body: Buffer.from(r.body as Uint8Array) }));
}

/** What the stored builds take: builds, distinct bodies and their compressed bytes. */
export function* storedBuildSize(): Work<{ builds: number; bodies: number; bytes: number }> {
  const builds = yield* one('SELECT COUNT(*) AS n FROM site_builds');
  const bodies = yield* one('SELECT COUNT(*) AS n, SUM(LENGTH(body)) AS bytes FROM site_file_bodies');
  return { builds: Number(builds?.n ?? 0), bodies: Number(bodies?.n ?? 0), bytes: Number(bodies?.bytes ?? 0) };
}

/**
 * Records that version `number` is built and stored as `key` (a failed one stays failed), and
 * announces it: every instance then fetches and serves it. False when there is no such version.
 */
export function* markBuilt(number: number, key: string): Work<boolean> {
  const changed = yield* run("UPDATE site_versions SET status = 'live', failure = NULL, build_key = ? WHERE number = ? AND status <> 'failed'", key, number);
  if (changed > 0) yield* announce('site');
  return changed > 0;
}

/** Records that a version still building cannot be built, and why; the site stays as it was. */
export function* markFailed(number: number, failure: string): Work<boolean> {
  const changed = yield* run("UPDATE site_versions SET status = 'failed', failure = ? WHERE number = ? AND status = 'building'", failure, number);
  if (changed > 0) yield* announce('site');
  return changed > 0;
}

/**
 * Deletes the builds stored over `olderThanMs` ago that none of the `keepVersions` newest versions
 * was built as, and the bodies no build has any more. A restore of an older version builds again.
 */
export function* pruneBuilds(keepVersions: number, olderThanMs: number): Work<number> {
  const kept = `SELECT build_key FROM (SELECT build_key FROM site_versions WHERE build_key IS NOT NULL ORDER BY number DESC LIMIT ?) recent`;
  const old = `SELECT build_key FROM site_builds WHERE created_at < ${NOW_MS} - ? AND build_key NOT IN (${kept})`;
  yield* run(`DELETE FROM site_build_files WHERE build_key IN (${old})`, olderThanMs, keepVersions);
  const deleted = yield* run(`DELETE FROM site_builds WHERE created_at < ${NOW_MS} - ? AND build_key NOT IN (${kept})`, olderThanMs, keepVersions);
  if (deleted > 0) yield* run('DELETE FROM site_file_bodies WHERE NOT EXISTS (SELECT 1 FROM site_build_files f WHERE f.hash = site_file_bodies.hash)');
  return deleted;
}
