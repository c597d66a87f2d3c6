/**
 * Scheduled backups of the SQLite database into BACKUP_DIR: a dated copy once the newest there is
 * BACKUP_EVERY old, then only the newest BACKUP_KEEP kept. The folder itself is the record of what
 * succeeded: the newest file's name gives its time, its size is its size, so a separate process
 * (`npm run leads -- status`) reads the same truth the server reports.
 *
 * A failure cannot be recorded in BACKUP_DIR: the folder may be the very thing that is gone, full or
 * not a folder. It is kept beside the database instead (the one place the server must be able to
 * write), as a small file removed again by the next backup that succeeds; no schema change needed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { backupDatabase, fileTime, temporaryName } from '../storage/backup.ts';
import { Repeater } from '../outbox/repeater.ts';
import { DAY_MS } from '../../core/nz-time.ts';

/** The longest wait between two looks at the folder: a restart, or a failed attempt, is made good within this. */
export const BACKUP_CHECK_MS = 5 * 60_000;
/** A temporary copy this old was left by a process that died while writing it. */
const STALE_TEMPORARY_MS = DAY_MS;
/**
 * How far past this clock a backup's name may be dated and still count as a backup (a backup written
 * a moment ago by another process whose clock runs a little ahead). Later than that, the file came
 * from a clock that jumped or was copied in: it is neither counted as the newest nor pruned.
 */
export const CLOCK_SKEW_MS = 5 * 60_000;

/** The newest backup in the folder, as reported by /healthz and the CLI. */
export interface BackupState {
  folder: string;
  last: { file: string; at: string; bytes: number } | null;
  /** Set while the latest attempt failed. */
  failure: { at: string; error: string } | null;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** This database's backup names: `<stem>-2026-11-25T031005.123Z.sqlite`, sortable by time as text. */
export class BackupNames {
  readonly #stem: string;
  readonly #pattern: RegExp;
  readonly #temporary: RegExp;

  constructor(databaseFile: string) {
    this.#stem = basename(databaseFile).replace(/\.[^.]*$/, '') || 'leads';
    this.#pattern = new RegExp(`^${escape(this.#stem)}-(\\d{4}-\\d{2}-\\d{2})T(\\d{2})(\\d{2})(\\d{2}\\.\\d{3})Z\\.sqlite$`);
    this.#temporary = new RegExp(`^\\.${escape(this.#stem)}-[\\dT.Z-]+\\.sqlite\\.\\d+-[0-9a-f]{8}\\.tmp(-journal|-wal|-shm)?$`);
  }

  name(at: Date): string {
    return `${this.#stem}-${fileTime(at)}.sqlite`;
  }

  /** The time a backup name carries, or undefined for any other file (never touched). */
  timeOf(name: string): Date | undefined {
    const m = this.#pattern.exec(name);
    return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`) : undefined;
  }

  isTemporary(name: string): boolean {
    return this.#temporary.test(name);
  }

  /**
   * This database's backups in the folder, newest first, leaving out those dated in the future (see
   * `future`): sorted by name, one dated 2099 would otherwise stand as the newest, and pruning would
   * delete every real backup to keep it. Throws when the folder cannot be read.
   */
  list(folder: string, now = new Date()): string[] {
    return this.#dated(folder).filter((name) => !this.#isFuture(name, now));
  }

  /** Files named like this database's backups but dated past `now` and the clock skew allowed. */
  future(folder: string, now = new Date()): string[] {
    return this.#dated(folder).filter((name) => this.#isFuture(name, now));
  }

  #dated(folder: string): string[] {
    return readdirSync(folder)
      .filter((name) => this.timeOf(name))
      .sort()
      .reverse();
  }

  #isFuture(name: string, now: Date): boolean {
    return this.timeOf(name)!.getTime() > now.getTime() + CLOCK_SKEW_MS;
  }
}

/**
 * Files dated in the future are a failure to report: the owner must learn that the clock jumped or
 * that something was copied in, and they are left for the owner to move (never deleted: one may be
 * the only copy made while the clock was wrong).
 */
function futureFailure(folder: string, names: BackupNames, now: Date): BackupState['failure'] {
  let future: string[];
  try {
    future = names.future(folder, now);
  } catch {
    return null; // an unreadable folder is reported by the attempt to write into it
  }
  if (future.length === 0) return null;
  const files = future.join(', ');
  const verb = future.length === 1 ? 'is' : 'are';
  return {
    at: now.toISOString(),
    error: `${files} in ${folder} ${verb} dated in the future (the clock says ${now.toISOString()}); not counted as backups and never deleted: check the clock, then move ${future.length === 1 ? 'it' : 'them'} out of the folder`,
  };
}

/** The latest attempt's failure and the folder's own, as one. */
function failureOf(attempt: BackupState['failure'], folder: BackupState['failure']): BackupState['failure'] {
  if (!attempt || !folder) return attempt ?? folder;
  return { at: attempt.at, error: `${attempt.error}; also ${folder.error}` };
}

/** Where a failed attempt is recorded: beside the database. */
export const failureFile = (databaseFile: string) => `${databaseFile}.backup-failed`;

/** The newest backup and the recorded failure, read from the disk (for a process other than the server). */
export function readBackupState(folder: string, databaseFile: string): BackupState {
  let failure: BackupState['failure'] = null;
  try {
    failure = JSON.parse(readFileSync(failureFile(databaseFile), 'utf8')) as BackupState['failure'];
  } catch {
    // No record: the latest attempt succeeded, or none was made.
  }
  const names = new BackupNames(databaseFile);
  const now = new Date();
  return { folder, last: newest(folder, names, now), failure: failureOf(failure, futureFailure(folder, names, now)) };
}

function newest(folder: string, names: BackupNames, now: Date): BackupState['last'] {
  try {
    const [file] = names.list(folder, now);
    if (!file) return null;
    return { file, at: names.timeOf(file)!.toISOString(), bytes: statSync(join(folder, file)).size };
  } catch {
    return null; // the folder is gone or unreadable: there is no backup to show
  }
}

export interface BackupScheduleOptions {
  databaseFile: string;
  folder: string;
  everyMs: number;
  keep: number;
  log: FastifyBaseLogger;
  /** The clock (tests may move it). */
  now?: () => Date;
}

export class BackupSchedule {
  readonly #o: BackupScheduleOptions;
  readonly #names: BackupNames;
  readonly #repeater: Repeater;
  #failure: BackupState['failure'] = null;

  constructor(options: BackupScheduleOptions) {
    this.#o = options;
    this.#names = new BackupNames(options.databaseFile);
    this.#repeater = new Repeater(
      () => this.#backUpIfDue(),
      Math.min(options.everyMs, BACKUP_CHECK_MS),
      (error) => options.log.error({ err: error }, 'backup check failed'),
    );
  }

  start(): void {
    // Made once, for a first start; a folder that vanishes later is a failure to report, not to paper over.
    try {
      mkdirSync(this.#o.folder, { recursive: true });
    } catch {
      // The first attempt reports why.
    }
    this.#repeater.start();
  }

  /** No backup starts after this; resolves when the one under way has finished. */
  stop(): Promise<void> {
    return this.#repeater.stop();
  }

  /** What /healthz shows: the folder's newest backup, and this process's latest failure or the folder's files dated in the future. */
  state(): BackupState {
    const { folder } = this.#o;
    const now = this.#now();
    return { folder, last: newest(folder, this.#names, now), failure: failureOf(this.#failure, futureFailure(folder, this.#names, now)) };
  }

  #now(): Date {
    return this.#o.now?.() ?? new Date();
  }

  async #backUpIfDue(): Promise<void> {
    const now = this.#now();
    let latest: Date | undefined;
    try {
      const [file] = this.#names.list(this.#o.folder, now);
      latest = file ? this.#names.timeOf(file) : undefined;
    } catch {
      // Unreadable folder: the attempt below fails and says why.
    }
    // Another instance on the same file may have made one already; a clock set back is no reason to wait.
    if (latest && now.getTime() - latest.getTime() < this.#o.everyMs && latest <= now) return;
    await this.backUp(now);
  }

  /** Takes one dated backup now, keeps the newest `keep`; records and logs a failure instead of throwing. */
  async backUp(at = this.#now()): Promise<void> {
    const { folder, databaseFile, log } = this.#o;
    const name = this.#names.name(at);
    try {
      const problem = folderProblem(folder);
      if (problem) throw new Error(problem);
      const { bytes } = await backupDatabase(databaseFile, join(folder, name));
      this.#prune();
      this.#failure = null;
      rmSync(failureFile(databaseFile), { force: true });
      log.info({ file: join(folder, name), bytes }, 'backup written');
      const future = futureFailure(folder, this.#names, this.#now());
      if (future) log.warn({ folder }, future.error);
    } catch (error) {
      // A folder moved or replaced while a copy was being written fails deep inside the copy; the
      // owner is told what they can put right rather than the system call that failed.
      this.#failure = { at: at.toISOString(), error: folderProblem(folder) ?? (error as Error).message };
      log.error({ err: error, folder }, 'backup failed; leads are still being stored');
      this.#recordFailure();
    }
  }

  /** Keeps the newest `keep` backups; files dated in the future are not ranked among them, so never pruned. */
  #prune(): void {
    const { folder, keep } = this.#o;
    const now = this.#now();
    for (const old of this.#names.list(folder, now).slice(keep)) rmSync(join(folder, old), { force: true });
    for (const name of readdirSync(folder).filter((n) => this.#names.isTemporary(n))) {
      const file = join(folder, name);
      try {
        if (now.getTime() - statSync(file).mtimeMs > STALE_TEMPORARY_MS) rmSync(file, { force: true });
      } catch {
        // Finished or removed by its writer meanwhile.
      }
    }
  }

  #recordFailure(): void {
    const file = failureFile(this.#o.databaseFile);
    const temporary = temporaryName(dirname(file), basename(file));
    try {
      writeFileSync(temporary, JSON.stringify(this.#failure));
      renameSync(temporary, file);
    } catch (error) {
      rmSync(temporary, { force: true });
      this.#o.log.error({ err: error }, 'could not record the backup failure beside the database');
    }
  }
}

/** What is wrong with the backup folder itself, if anything. */
function folderProblem(folder: string): string | undefined {
  try {
    return statSync(folder).isDirectory() ? undefined : `the backup folder ${folder} is not a folder`;
  } catch {
    return existsSync(folder) ? undefined : `the backup folder ${folder} does not exist`;
  }
}
