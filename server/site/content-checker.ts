/**
 * The site editor's process (editing-child.ts): checks entries by the build's rules
 * (checkEntryForBuild) and renders quick previews, so the server keeps answering visitors while a
 * staff member's text is read or their page drawn: the parser and compiler are native code that a
 * hostile body could keep busy for seconds, or crash, which would take a worker thread's whole
 * process with it. One process, started at the first request and kept for the next until the
 * editor has gone unused for EDITING_IDLE_MS, takes one request at a time at a low priority; a
 * request past its time limit, or that ends the process, is refused and the process replaced at the
 * next. After RENDERS_PER_PROCESS renders it is replaced too: Astro's renderer keeps a little of
 * every page it renders (about 0.4 MB), and ending the process is what gives all of it back.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { constants, setPriority } from 'node:os';
import { bodyRefusal, type CollectionName, type ContentEntry, type ContentProblem } from './content.ts';
import { EDITING_IDLE_MS } from './editing-idle.ts';

/** What the process is asked: a check, the preview renderer loaded, or a page rendered. */
export type EditingRequest =
  | { id: number; kind: 'check'; collection: CollectionName; data: unknown; body?: string | undefined; routes?: string[] | undefined }
  | { id: number; kind: 'load'; renderer: string }
  | { id: number; kind: 'render'; renderer: string; route: string; entries: ContentEntry[] };

export type EditingAnswer =
  { id: number; problems: ContentProblem[] } | { id: number; loaded: true } | { id: number; html: string } | { id: number; error: string };

type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

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
  /** How long one check may run once the process has it. Real pages take well under a second. */
  timeLimitMs?: number;
  /** How many requests may wait for the one running; past that a check is refused as busy. */
  queueMax?: number;
  /** How long the process stays after its last request (it holds the parser, the schemas and the renderer). */
  idleMs?: number | undefined;
  /** Renders one process makes before the next request starts a new one. */
  rendersPerProcess?: number | undefined;
  /** The process's script (tests give one that never answers). */
  script?: URL;
}

/** What a request that cannot finish is refused with: the time it took too long, or the process ending. */
interface Refusals {
  timeLimitMs: number;
  tooLong: () => Error;
  crashed: () => Error;
}

interface Job {
  request: Unnumbered<EditingRequest>;
  refusals: Refusals;
  resolve: (answer: EditingAnswer) => void;
  reject: (error: Error) => void;
}

const CHILD = new URL('./editing-child.ts', import.meta.url);
/** How long the process may take to start (loading the schemas and the parser), on a busy machine. */
const START_MS = 30_000;
/** How long loading the preview renderer, or rendering a page with it, may take before the process is ended. */
const RENDER_MS = 20_000;
/** Renders one process makes before the next request starts another (each keeps about 0.4 MB). */
const RENDERS_PER_PROCESS = 100;

export class ContentChecker {
  readonly #timeLimitMs: number;
  readonly #queueMax: number;
  readonly #idleMs: number;
  readonly #rendersPerProcess: number;
  readonly #script: URL;
  readonly #waiting: Job[] = [];
  #idle: NodeJS.Timeout | undefined;
  #child: ChildProcess | undefined;
  #ready: Promise<ChildProcess> | undefined;
  #running: Job | undefined;
  #closed = false;
  #nextId = 0;
  /** Renders the running process has made. */
  #renders = 0;
  /** Whether the running process has been asked for the renderer (or a load of it waits). */
  #rendering = false;
  /** Processes started so far (to show that one is ended and another started). */
  started = 0;

  constructor({
    timeLimitMs = 3000,
    queueMax = 16,
    idleMs = EDITING_IDLE_MS,
    rendersPerProcess = RENDERS_PER_PROCESS,
    script = CHILD,
  }: ContentCheckerOptions = {}) {
    this.#timeLimitMs = timeLimitMs;
    this.#queueMax = queueMax;
    this.#idleMs = idleMs;
    this.#rendersPerProcess = rendersPerProcess;
    this.#script = script;
  }

  /** Whether a check is running now (the process has it). */
  get checking(): boolean {
    return this.#running?.request.kind === 'check';
  }

  /** The process's id while it runs. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** Whether the process runs (or is starting) with the preview renderer, or on its way to loading it. */
  get rendering(): boolean {
    return this.#rendering;
  }

  /** The entry's problems by the build's rules; rejects with CheckRefused when the check cannot finish. */
  check(collection: CollectionName, data: unknown, body: string | undefined, routes: ReadonlySet<string> | undefined): Promise<ContentProblem[]> {
    // Text too long or nested too deep is refused unread, here: it never reaches a parser.
    const refusal = body === undefined ? undefined : bodyRefusal(body);
    if (refusal) return Promise.resolve([{ path: 'body', message: refusal }]);
    const seconds = Math.max(1, Math.round(this.#timeLimitMs / 1000));
    return this.#ask(
      { kind: 'check', collection, data, body, routes: routes ? [...routes] : undefined },
      { timeLimitMs: this.#timeLimitMs, tooLong: () => new CheckRefused(checkWords.tooLong(seconds)), crashed: () => new CheckRefused(checkWords.crashed) },
      () => new CheckRefused(checkWords.busy, 503),
    ).then((answer) => ('problems' in answer ? answer.problems : []));
  }

  /** Loads the preview renderer at `renderer` (a file URL), unless the process has it or is about to, so the first preview does not wait for it. */
  warm(renderer: string): void {
    if (this.#closed || this.#rendering) return;
    this.#rendering = true;
    this.#ask({ kind: 'load', renderer }, renderRefusals('loading the preview renderer')).catch(() => undefined);
  }

  /** The page at `route` drawn from `entries` by the preview renderer at `renderer`. */
  async render(renderer: string, route: string, entries: ContentEntry[]): Promise<string> {
    const answer = await this.#ask({ kind: 'render', renderer, route, entries }, renderRefusals(`rendering ${route}`));
    return 'html' in answer ? answer.html : '';
  }

  #ask(request: Unnumbered<EditingRequest>, refusals: Refusals, busy = () => new Error('the site editor’s process is busy')): Promise<EditingAnswer> {
    if (this.#closed) return Promise.reject(new Error('the content checker is closed'));
    if (this.#waiting.length >= this.#queueMax) return Promise.reject(busy());
    clearTimeout(this.#idle);
    return new Promise((resolve, reject) => {
      this.#waiting.push({ request, refusals, resolve, reject });
      void this.#next();
    });
  }

  async #next(): Promise<void> {
    if (this.#running) return;
    const job = this.#waiting.shift();
    if (!job) return this.#idleFromNow();
    this.#running = job;
    try {
      const answer = await this.#run(job);
      if ('error' in answer) throw new Error(answer.error);
      job.resolve(answer);
    } catch (error) {
      job.reject(error as Error);
    } finally {
      this.#running = undefined;
      void this.#next();
    }
  }

  /** Ends the process once it has gone unused for idleMs. */
  #idleFromNow(): void {
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => {
      if (this.#child && !this.#running) this.#stop(this.#child);
    }, this.#idleMs);
    // The server's own work keeps the process alive, not a timer for an idle process.
    this.#idle.unref();
  }

  /** The process, started if none runs. */
  #start(): Promise<ChildProcess> {
    if (this.#ready) return this.#ready;
    const child = fork(this.#script, [], {
      // None of the server's own flags (a test runner's loaders, an inspector): the process needs plain Node.
      // The old generation's cap is above what RENDERS_PER_PROCESS renders keep.
      execArgv: ['--max-old-space-size=320', '--max-semi-space-size=2'],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
    });
    try {
      // Visitors come first: the process takes the CPU the server leaves.
      if (child.pid !== undefined) setPriority(child.pid, constants.priority.PRIORITY_BELOW_NORMAL);
    } catch {
      // Left at the server's priority where the system does not allow it: slower for others, still correct.
    }
    // Its failures (a send to a process that ended, a kill of one gone) are answered where they happen.
    child.on('error', () => undefined);
    this.#child = child;
    this.#renders = 0;
    this.started++;
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
    // A load still waiting asks the next process for the renderer.
    this.#rendering = this.#waiting.some((job) => job.request.kind !== 'check');
  }

  #stop(child: ChildProcess): void {
    if (this.#child === child) this.#forget();
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }

  async #run({ request, refusals }: Job): Promise<EditingAnswer> {
    const child = await this.#start().catch(() => {
      throw request.kind === 'check' ? new CheckRefused(checkWords.unavailable, 503) : new Error('the site editor’s process did not start');
    });
    if (request.kind !== 'check') this.#rendering = true;
    const id = ++this.#nextId;
    const answer = await new Promise<EditingAnswer>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      const onMessage = (answer: EditingAnswer) => {
        if (answer.id !== id) return;
        done();
        resolve(answer);
      };
      const onExit = () => {
        done();
        reject(refusals.crashed());
      };
      const timer = setTimeout(() => {
        done();
        this.#stop(child);
        reject(refusals.tooLong());
      }, refusals.timeLimitMs);
      child.on('message', onMessage);
      child.once('exit', onExit);
      // A process that ended just now cannot take it: refused as one that stopped.
      child.send({ id, ...request } as EditingRequest, (error) => {
        if (!error) return;
        done();
        this.#stop(child);
        reject(refusals.crashed());
      });
    });
    if (request.kind === 'render' && ++this.#renders >= this.#rendersPerProcess) this.#stop(child);
    return answer;
  }

  /** Stops the process; requests still waiting are refused. */
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

/** A render, or the renderer's loading, refused: the preview is then built instead. */
function renderRefusals(what: string): Refusals {
  return {
    timeLimitMs: RENDER_MS,
    tooLong: () => new Error(`${what} took longer than ${RENDER_MS / 1000} s`),
    crashed: () => new Error(`the site editor’s process ended while ${what}`),
  };
}
