/**
 * Long reads of the SQLite database in a worker thread with its own read-only connection. node:sqlite
 * runs queries in the calling thread, so a report over years of leads would otherwise hold up every
 * quote and page the server answers meanwhile; here it waits its turn on another core. In WAL mode a
 * reader sees the last committed state and blocks no writer.
 *
 * A unit of work is a generator and cannot cross threads, so it travels by name: the module that
 * exports it and the export's name, with plain (structured-clone) arguments and answer.
 */
import { DatabaseSync } from 'node:sqlite';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { driveSync, type Work } from './steps.ts';
import { readOnlyQueue, sqliteExecutor, statementCache } from './sqlite-dialect.ts';

interface Request {
  id: number;
  module: string;
  name: string;
  args: unknown[];
}
type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

/**
 * How many reader threads one database gets: two long reads at once keep a second core busy while
 * the server's own thread stays free; more would only queue on the same two cores.
 */
export const SQLITE_READERS = 2;

/** The main thread's side: worker threads started on first use, each request given to the least busy. */
export class SqliteReader {
  readonly #file: string;
  readonly #threads: (ReaderThread | undefined)[] = Array.from({ length: SQLITE_READERS }, () => undefined);
  #next = 0;

  constructor(file: string) {
    this.#file = file;
  }

  run<A extends unknown[], T>(module: string, work: (...args: A) => Work<T>, args: A): Promise<T> {
    const slot = this.#threads.reduce((best, thread, i) => ((thread?.waiting.size ?? 0) < (this.#threads[best]?.waiting.size ?? 0) ? i : best), 0);
    const thread = (this.#threads[slot] ??= this.#start(slot));
    const id = ++this.#next;
    const { promise, resolve, reject } = Promise.withResolvers<unknown>();
    thread.waiting.set(id, { resolve, reject });
    thread.worker.postMessage({ id, module, name: work.name, args } satisfies Request);
    return promise as Promise<T>;
  }

  #start(slot: number): ReaderThread {
    const worker = new Worker(new URL(import.meta.url), { workerData: { sqliteReaderFile: this.#file } });
    // Idle, it must not keep the process alive; while a request waits, the pending promise's caller does.
    worker.unref();
    const thread: ReaderThread = { worker, waiting: new Map() };
    worker.on('message', (answer: Answer) => {
      const waiting = thread.waiting.get(answer.id);
      thread.waiting.delete(answer.id);
      if (answer.ok) waiting?.resolve(answer.value);
      else waiting?.reject(new Error(answer.error));
    });
    const fail = (error: Error) => {
      if (this.#threads[slot] === thread) this.#threads[slot] = undefined;
      for (const waiting of thread.waiting.values()) waiting.reject(error);
      thread.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the SQLite reader stopped (exit code ${code})`)));
    return thread;
  }

  async close(): Promise<void> {
    const threads = this.#threads.splice(0, SQLITE_READERS, ...Array.from({ length: SQLITE_READERS }, () => undefined));
    await Promise.all(threads.map((thread) => thread?.worker.terminate()));
  }
}

interface ReaderThread {
  worker: Worker;
  waiting: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
}

// Run as the worker: open the file read-only and answer each request in turn.
const job = workerData as { sqliteReaderFile?: string } | null;
if (!isMainThread && typeof job?.sqliteReaderFile === 'string') {
  const db = new DatabaseSync(job.sqliteReaderFile, { readOnly: true });
  db.exec('PRAGMA busy_timeout = 5000');
  const execute = sqliteExecutor(statementCache(db), readOnlyQueue);
  parentPort?.on('message', async ({ id, module, name, args }: Request) => {
    try {
      const work = ((await import(module)) as Record<string, unknown>)[name];
      if (typeof work !== 'function') throw new Error(`${module} exports no unit of work called ${name}`);
      parentPort?.postMessage({ id, ok: true, value: driveSync((work as (...a: unknown[]) => Work<unknown>)(...args), execute) } satisfies Answer);
    } catch (error) {
      parentPort?.postMessage({ id, ok: false, error: (error as Error).message } satisfies Answer);
    }
  });
}
