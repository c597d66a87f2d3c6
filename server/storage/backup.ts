/**
 * Safe copies of the SQLite lead database, and putting one back.
 *
 * A copy is taken with SQLite's online backup from a connection of its own, in one step: that step
 * reads one snapshot (the write-ahead log included), so it holds every lead committed before it
 * began, while the server keeps storing leads beside it. The copy is written under a temporary
 * name in the target folder, checked, made self-contained (rollback journal, no -wal), synced and
 * then renamed, so a file under a backup's name is always complete.
 *
 * A restore must not swap the file under a running server. Every connection to a database in WAL
 * mode holds a shared lock on the file for as long as it is open; a connection in exclusive
 * locking mode cannot read until it has the only lock. The operating system drops a process's
 * locks when it ends, SIGKILL included, so a dead server never blocks a restore, and no lock file
 * or pid can go stale.
 */
import { backup, DatabaseSync } from 'node:sqlite';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { basename, dirname, join, resolve } from 'node:path';
import { databaseFileProblem, databaseFileProblemOffThread } from './backup-check.ts';

/** Large enough that the whole database is copied in one step, from one snapshot (the API takes no "all"). */
const ONE_STEP = 2_147_483_647;

/** A file name in `folder` that no other process picks: pid and random, hidden, ending .tmp. */
export function temporaryName(folder: string, stem: string): string {
  return join(folder, `.${stem}.${process.pid}-${randomUUID().slice(0, 8)}.tmp`);
}

/** Flushes a file's bytes (`r+`) or, for a folder (`r`), its entries, so that a rename in it survives a power cut. */
function syncToDisk(path: string, flags: 'r' | 'r+'): void {
  const fd = openSync(path, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function removeTemporary(file: string): void {
  for (const f of [file, `${file}-journal`, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
}

/**
 * Copies `source` (read through `readFrom`, a connection to it) to a checked, self-contained file
 * under a temporary name beside `target`; returns that name. Throws, leaving nothing behind, when
 * the copy fails or does not pass `databaseFileProblem`.
 */
async function copyChecked(readFrom: DatabaseSync, target: string): Promise<string> {
  const temporary = temporaryName(dirname(target), basename(target));
  try {
    await backup(readFrom, temporary, { rate: ONE_STEP });
    // The copy keeps the source's WAL flag; as one plain file it can be moved and opened anywhere.
    const copy = new DatabaseSync(temporary);
    try {
      copy.exec('PRAGMA journal_mode = DELETE');
    } finally {
      copy.close();
    }
    // Off the event loop: on a large database the check takes long enough to hold up quotes.
    const problem = await databaseFileProblemOffThread(temporary);
    if (problem) throw new Error(`the copy is not sound: ${problem}`);
    syncToDisk(temporary, 'r+');
    return temporary;
  } catch (error) {
    removeTemporary(temporary);
    throw error;
  }
}

/**
 * A consistent copy of the database at `databaseFile`, taken while a server may be storing leads,
 * at `target` (replaced if present, atomically). Resolves with its size in bytes.
 */
export async function backupDatabase(databaseFile: string, target: string): Promise<{ bytes: number }> {
  // A missing database is an error, not an empty one to create and copy.
  if (!existsSync(databaseFile)) throw new Error(`there is no database at ${databaseFile}`);
  const source = new DatabaseSync(databaseFile, { readOnly: true, timeout: 5_000 });
  try {
    const temporary = await copyChecked(source, target);
    try {
      renameSync(temporary, target);
      syncToDisk(dirname(target), 'r');
    } catch (error) {
      removeTemporary(temporary);
      throw error;
    }
    return { bytes: statSync(target).size };
  } finally {
    source.close();
  }
}

/** The database is open elsewhere (a running server, another command): a restore must wait. */
export class DatabaseInUseError extends Error {}

/**
 * A connection that holds the only lock on `databaseFile`, or DatabaseInUseError when any other
 * connection has it open. Closing it lets others in again.
 */
function lockAlone(databaseFile: string): DatabaseSync {
  const db = new DatabaseSync(databaseFile, { timeout: 0 });
  try {
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return db;
  } catch (error) {
    db.close();
    const message = (error as Error).message;
    if (/locked|busy/i.test(message)) throw new DatabaseInUseError(`${databaseFile} is in use`);
    // Too damaged to open, so it cannot be checked for other users either: that call is the operator's.
    throw new Error(
      `the database at ${databaseFile} cannot be opened to set it aside (${message}); with the server stopped, move it and any -wal and -shm beside it away by hand, then restore again`,
    );
  }
}

/** "2026-11-25T03:10:05.123Z" → "2026-11-25T031005.123Z": sortable, and a valid file name everywhere. */
export function fileTime(at: Date): string {
  return at.toISOString().replace(/:/g, '');
}

/**
 * Puts the backup `from` in place of the database at `databaseFile`. Refuses (DatabaseInUseError)
 * while anything has the database open, and any file that is not sound (databaseFileProblem). The
 * database it replaces, with everything its write-ahead log held, is kept beside it as
 * `<name>.before-restore-<time>`; returns that path (undefined when there was no database).
 */
export async function restoreDatabase(from: string, databaseFile: string): Promise<{ keptAs: string | undefined }> {
  if (!existsSync(from)) throw new Error(`there is no file at ${from}`);
  if (resolve(from) === resolve(databaseFile)) throw new Error(`${from} is the database itself`);
  const sourceProblem = databaseFileProblem(from);
  if (sourceProblem) throw new Error(`${from} was not restored: ${sourceProblem}`);
  mkdirSync(dirname(databaseFile), { recursive: true });
  // Held until the new file is in place, so a server starting meanwhile fails instead of opening a file about to be replaced.
  const live = existsSync(databaseFile) ? lockAlone(databaseFile) : undefined;
  try {
    const source = new DatabaseSync(from, { readOnly: true });
    let temporary: string;
    try {
      temporary = await copyChecked(source, databaseFile);
    } finally {
      source.close();
    }
    try {
      let keptAs: string | undefined;
      if (live) {
        // Fold the log into the file being set aside, so it is whole on its own; a -wal left goes with it.
        live.exec('PRAGMA wal_checkpoint(TRUNCATE)');
        live.exec('PRAGMA journal_mode = DELETE');
        keptAs = `${databaseFile}.before-restore-${fileTime(new Date())}`;
        renameSync(databaseFile, keptAs);
        if (existsSync(`${databaseFile}-wal`)) renameSync(`${databaseFile}-wal`, `${keptAs}-wal`);
      }
      // A -shm left by the replaced file (or a killed server) describes that file, not this one.
      rmSync(`${databaseFile}-shm`, { force: true });
      rmSync(`${databaseFile}-wal`, { force: true });
      renameSync(temporary, databaseFile);
      syncToDisk(dirname(databaseFile), 'r');
      return { keptAs };
    } catch (error) {
      removeTemporary(temporary);
      throw error;
    }
  } finally {
    live?.close();
  }
}
