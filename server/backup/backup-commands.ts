/**
 * The CLI's backup, restore and the backup lines of status. Backup and restore never open the
 * database as a store: no migration runs, and on PostgreSQL nothing is touched at all.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Config } from '../config.ts';
import { backupDatabase, DatabaseInUseError, restoreDatabase } from '../storage/backup.ts';
import { sqliteFileOf } from '../storage/open-store.ts';
import { readBackupState } from './schedule.ts';

const POSTGRES_BACKUP =
  'The leads are in PostgreSQL (DATABASE_URL): back them up with pg_dump (for example: pg_dump --format=custom --file=leads.dump "$DATABASE_URL") or your host’s managed backups; this command copies only the SQLite file.';
const POSTGRES_RESTORE =
  'The leads are in PostgreSQL (DATABASE_URL): restore a pg_dump archive with pg_restore (or your host’s point-in-time restore); this command restores only the SQLite file.';

/** Runs `backup FILE` or `restore FILE`; returns the exit code, having said what happened. */
export async function backupCommand(command: 'backup' | 'restore', file: string | undefined, config: Config): Promise<number> {
  const databaseFile = sqliteFileOf(config.DATABASE_URL);
  if (!databaseFile) {
    console.error(command === 'backup' ? POSTGRES_BACKUP : POSTGRES_RESTORE);
    return 1;
  }
  if (!file) {
    console.error(`Usage: npm run leads -- ${command} FILE`);
    return 1;
  }
  const target = resolve(file);
  try {
    if (command === 'backup') {
      // Never over an existing file: a typo could otherwise replace the live database or a good backup.
      if (existsSync(target)) {
        console.error(`${target} already exists: give a new file name (for example with the date in it).`);
        return 1;
      }
      mkdirSync(dirname(target), { recursive: true });
      const { bytes } = await backupDatabase(databaseFile, target);
      console.log(`Backup of ${databaseFile} written to ${target} (${bytes} bytes; integrity check ok)`);
      return 0;
    }
    const { keptAs } = await restoreDatabase(target, databaseFile);
    console.log(`Restored ${target} to ${databaseFile}.`);
    if (keptAs) console.log(`The database it replaced is kept at ${keptAs}.`);
    console.log('Start the server (npm start): it serves the restored leads.');
    return 0;
  } catch (error) {
    if (error instanceof DatabaseInUseError)
      console.error(
        `Not restored: ${databaseFile} is in use (a running lead server, or another leads command, has it open). Stop the server first, then run restore again.`,
      );
    else console.error(`${command === 'backup' ? 'Backup' : 'Restore'} failed: ${(error as Error).message}`);
    return 1;
  }
}

/** The lines `status` prints about scheduled backups (none on PostgreSQL). */
export function backupStatusLines(config: Config): string[] {
  const databaseFile = sqliteFileOf(config.DATABASE_URL);
  if (!databaseFile) return [];
  if (!config.BACKUP_DIR) return ['backups: not scheduled (set BACKUP_DIR)'];
  const { folder, last, failure } = readBackupState(resolve(config.BACKUP_DIR), databaseFile);
  const lines = [`backups: ${folder}`, `last backup: ${last ? `${last.at}  ${last.bytes} bytes  ${last.file}` : '-'}`];
  if (failure) lines.push(`last backup attempt FAILED at ${failure.at}: ${failure.error}`);
  return lines;
}
