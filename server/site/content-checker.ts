/**
 * Checks entries by the build's rules (checkEntryForBuild) in a process of its own, so the server
 * keeps answering visitors while a staff member's text is read: the parser and compiler are
 * native code that a hostile body could keep busy for seconds, or crash, which would take a worker
 * thread's whole process with it. One process, started at the first check and kept for the next
 * until the editor has gone unused for EDITING_IDLE_MS, takes one check at a time at a low
 * priority; a check past the time limit, or that ends the process, is refused and the process
 * replaced at the next check.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { constants, setPriority } from 'node:os';
import { bodyRefusal, type CollectionName, type ContentProblem } from './content.ts';
import { EDITING_IDLE_MS } from './editing-idle.ts';

export interface CheckRequest {
  id: number;
  collection: CollectionName;
  data: unknown;
  body?: string | undefined;
  routes?: string[] | undefined;
}

export type CheckAnswer = { id: number; problems: ContentProblem[] } | { id: number; error: string };

/** The check did not finish: the sentence says why, for the person whose text it was; `status` is the HTTP answer. */
export class CheckRefused extends Error {
  readonly status: number;
  constructor(message: string, status = 422) {
    super(message);
    this.status = status;
  }
}

export const checkWords = {
  tooLong: (seconds: number) =>
    `This text took longer than ${seconds} seconds to check, far longer than any page takes, so it was not kept. Make it simpler: fewer quotes, lists or bold marks inside each other.`,
  crashed: 'This text stopped the site’s checker, so it was not kept. Make it simpler: fewer quotes, lists or bold marks inside each other.',
  busy: 'The site is checking many changes just now. Wait a few seconds and try again.',
  unavailable: 'The site cannot check text just now. Wait a minute and try again.',
};

export interface ContentCheckerOptions {
  /** How long one check may run once the checker has it. Real pages take well under a second. */
  timeLimitMs?: number;
  /** How many checks may wait for the one running; past that a check is refused as busy. */
  queueMax?: number;
  /** How long the process stays after its last check (it holds the parser and schemas, about 120 MB). */
  idleMs?: number;
  /** The process's script (tests give one that never answers). */
  script?: URL;
}

interface Job {
  request: Omit<CheckRequest, 'id'>;
  resolve: (problems: ContentProblem[]) => void;
  reject: (error: Error) => void;
}

const CHILD = new URL('./content-check-child.ts', import.meta.url);
/** How long the process may take to start (loading the schemas and the parser), on a busy machine. */
const START_MS = 30_000;

export class ContentChecker {
  readonly #timeLimitMs: number;
  readonly #queueMax: number;
  readonly #idleMs: number;
  readonly #script: URL;
  readonly #waiting: Job[] = [];
  #idle: NodeJS.Timeout | undefined;
  #child: ChildProcess | undefined;
  #ready: Promise<ChildProcess> | undefined;
  #running = false;
  #closed = false;
  #nextId = 0;

  constructor({ timeLimitMs = 3000, queueMax = 16, idleMs = EDITING_IDLE_MS, script = CHILD }: ContentCheckerOptions = {}) {
    this.#timeLimitMs = timeLimitMs;
    this.#queueMax = queueMax;
    this.#idleMs = idleMs;
    this.#script = script;
  }

  /** Whether a check is running now (the process has it). */
  get checking(): boolean {
    return this.#running;
  }

  /** The process's id while it runs. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** The entry's problems by the build's rules; rejects with CheckRefused when the check cannot finish. */
  check(collection: CollectionName, data: unknown, body: string | undefined, routes: ReadonlySet<string> | undefined): Promise<ContentProblem[]> {
    if (this.#closed) return Promise.reject(new Error('the content checker is closed'));
    // Text too long or nested too deep is refused unread, here: it never reaches a parser.
    const refusal = body === undefined ? undefined : bodyRefusal(body);
    if (refusal) return Promise.resolve([{ path: 'body', message: refusal }]);
    if (this.#waiting.length >= this.#queueMax) return Promise.reject(new CheckRefused(checkWords.busy, 503));
    clearTimeout(this.#idle);
    return new Promise((resolve, reject) => {
      this.#waiting.push({ request: { collection, data, body, routes: routes ? [...routes] : undefined }, resolve, reject });
      void this.#next();
    });
  }

  async #next(): Promise<void> {
    if (this.#running) return;
    const job = this.#waiting.shift();
    if (!job) return this.#idleFromNow();
    this.#running = true;
    try {
      job.resolve(await this.#run(job.request));
    } catch (error) {
      job.reject(error as Error);
    } finally {
      this.#running = false;
      void this.#next();
    }
  }

  /** Ends the process once it has gone unused for idleMs. */
  #idleFromNow(): void {
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => {
      if (this.#child && !this.#running) this.#stop(this.#child);
    }, this.#idleMs);
    // The server's own work keeps the process alive, not a timer for an idle checker.
    this.#idle.unref();
  }

  /** The process, started if none runs. */
  #start(): Promise<ChildProcess> {
    if (this.#ready) return this.#ready;
    const child = fork(this.#script, [], {
      // None of the server's own flags (a test runner's loaders, an inspector): the checker needs plain Node.
      execArgv: ['--max-old-space-size=256', '--max-semi-space-size=2'],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
    });
    try {
      // Visitors come first: the checker takes the CPU the server leaves.
      if (child.pid !== undefined) setPriority(child.pid, constants.priority.PRIORITY_BELOW_NORMAL);
    } catch {
      // Left at the server's priority where the system does not allow it: slower for others, still correct.
    }
    // Its failures (a send to a process that ended, a kill of one gone) are answered where they happen.
    child.on('error', () => undefined);
    this.#child = child;
    const ready = new Promise<ChildProcess>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the content checker did not start')), START_MS);
      child.once('message', () => {
        clearTimeout(timer);
        resolve(child);
      });
      child.once('exit', () => {
        clearTimeout(timer);
        reject(new Error('the content checker stopped as it started'));
      });
    });
    child.once('exit', () => {
      if (this.#child === child) this.#forget();
    });
    this.#ready = ready;
    ready.catch(() => this.#stop(child));
    return ready;
  }

  #forget(): void {
    this.#child = undefined;
    this.#ready = undefined;
  }

  #stop(child: ChildProcess): void {
    if (this.#child === child) this.#forget();
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }

  async #run(request: Omit<CheckRequest, 'id'>): Promise<ContentProblem[]> {
    const child = await this.#start().catch(() => {
      throw new CheckRefused(checkWords.unavailable, 503);
    });
    const id = ++this.#nextId;
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      const onMessage = (answer: CheckAnswer) => {
        if (answer.id !== id) return;
        done();
        if ('error' in answer) reject(new Error(answer.error));
        else resolve(answer.problems);
      };
      const onExit = () => {
        done();
        reject(new CheckRefused(checkWords.crashed));
      };
      const timer = setTimeout(() => {
        done();
        this.#stop(child);
        reject(new CheckRefused(checkWords.tooLong(Math.max(1, Math.round(this.#timeLimitMs / 1000)))));
      }, this.#timeLimitMs);
      child.on('message', onMessage);
      child.once('exit', onExit);
      // A process that ended just now cannot take it: refused as one that stopped.
      child.send({ id, ...request } satisfies CheckRequest, (error) => {
        if (!error) return;
        done();
        this.#stop(child);
        reject(new CheckRefused(checkWords.crashed));
      });
    });
  }

  /** Stops the process; checks still waiting are refused. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#idle);
    for (const job of this.#waiting.splice(0)) job.reject(new Error('the content checker is closed'));
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    this.#stop(child);
    await exited;
  }
}
