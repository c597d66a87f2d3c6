/**
 * Whether a file is a lead database this code can serve, checked in the calling thread or in a
 * worker thread (a server checking its own backup keeps answering quotes meanwhile).
 */
import { DatabaseSync } from 'node:sqlite';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { migrations } from './migrations.ts';
import { driveSync } from './steps.ts';
import { readOnlyQueue, sqliteExecutor, statementCache } from './sqlite-dialect.ts';

/** The tables of a database with migrations 1 to `version`, as this code would make it from nothing. */
function tablesAt(version: number): string[] {
  const db = new DatabaseSync(':memory:');
  try {
    const execute = sqliteExecutor(statementCache(db), readOnlyQueue);
    for (const steps of migrations('sqlite').slice(0, version))
      for (const step of steps) {
        if (typeof step === 'string') db.exec(step);
        else driveSync(step(), execute);
      }
    return tableNames(db);
  } finally {
    db.close();
  }
}

function tableNames(db: DatabaseSync): string[] {
  return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((r) => r.name);
}

/**
 * Why this file is not a lead database this code can serve, or undefined when it is: it must pass
 * SQLite's integrity check, carry only migrations this code knows (an older one is upgraded at
 * start; a newer or foreign one would be served wrongly), and hold every table its migrations made:
 * a file with a schema_migrations table and nothing else would start a server that says it is ready
 * and then refuses every quote.
 */
export function databaseFileProblem(file: string): string | undefined {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    const check = (db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[]).map((r) => r.integrity_check);
    if (check.join() !== 'ok') return `it fails SQLite's integrity check: ${check.slice(0, 3).join('; ')}`;
    const hasMigrations = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
    if (!hasMigrations) return 'it is not a lead database (it has no schema_migrations table)';
    const versions = (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[]).map((r) => Number(r.version));
    const known = migrations('sqlite').length;
    const unknown = versions.filter((v) => !Number.isInteger(v) || v < 1 || v > known);
    if (unknown.length > 0)
      return `it has schema version(s) ${unknown.join(', ')}, which this code does not know (it knows 1 to ${known}): it was made by a newer version`;
    if (versions.length === 0) return 'it is not a lead database (no migration has run in it)';
    const present = new Set(tableNames(db));
    const missing = tablesAt(Math.max(...versions)).filter((table) => !present.has(table));
    if (missing.length > 0)
      return `it is not a whole lead database: it has no ${missing.join(', ')} table${missing.length === 1 ? '' : 's'}, which its schema version ${Math.max(...versions)} must have`;
    return undefined;
  } catch (error) {
    return `it cannot be read as a SQLite database: ${(error as Error).message}`;
  } finally {
    db?.close();
  }
}

/** databaseFileProblem in a worker thread of its own. */
export function databaseFileProblemOffThread(file: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { checkDatabaseFile: file } });
    worker.once('message', (problem: string | null) => resolve(problem ?? undefined));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the integrity check stopped early (exit code ${code})`)));
  });
}

// Run as that worker: check the file named and answer once.
const job = workerData as { checkDatabaseFile?: string } | null;
if (!isMainThread && typeof job?.checkDatabaseFile === 'string') parentPort?.postMessage(databaseFileProblem(job.checkDatabaseFile) ?? null);
