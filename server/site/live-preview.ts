/**
 * Quick previews: the owner's draft shown in about a second, where a build of the whole site takes
 * several. Each instance keeps its own `astro dev` (scripts/live-preview-server.ts) on a content
 * folder of its own, started when someone opens an entry in the site editor and stopped after
 * IDLE_MS without a preview. A preview writes only the files that differ from the last one, has
 * the dev server reload them, and renders the one page asked for, which live-page.ts makes load as
 * the served build's pages do.
 *
 * The dev server listens on the loopback address only and refuses any request without this
 * instance's secret; nothing but its rendered page leaves this module.
 */
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_PREVIEW_ENV, LIVE_PREVIEW_HEADER, REFRESH_PATH } from '../../core/live-preview-protocol.ts';
import type { Asset } from '../http/plugins/static.ts';
import { randomToken } from '../security/secrets.ts';
import { CONTENT_DIR_ENV, entryFile, entryText, RELEASE_CONTENT_DIR, type ContentEntry, type EntryKey } from './content.ts';
import { likeTheBuild, NotLikeTheBuild } from './live-page.ts';
import { processAlive } from '../build-site.ts';
import { spawnNode } from './node-child.ts';
import { isInside } from './inside-folder.ts';

/** How long the dev server may sit unused before it is stopped (it holds about 1 GB of memory). */
const IDLE_MS = 15 * 60_000;
/**
 * How long the dev server may take to start, to render its first page (which compiles the
 * templates: seconds when idle, far longer on a busy machine), and to render a page after that.
 */
const START_MS = 60_000;
const FIRST_RENDER_MS = 60_000;
const RENDER_MS = 20_000;
/** The project's folders the dev server must not see through its links: its own output and Git's. */
const NOT_LINKED = new Set(['.astro', '.git', 'dist']);

/**
 * This process's environment for the dev server, less what would make it something else: a
 * NODE_ENV of test or production, or a test runner's own settings.
 */
function devEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
}

export interface LivePreviewOptions {
  /** The project's root (where astro.config.ts and src/ are). */
  root: string;
  /** Where the instances on this machine keep their dev servers' roots, content and caches, each in a folder named by its process id. */
  workDir: string;
  log?: FastifyBaseLogger | undefined;
  idleMs?: number | undefined;
}

interface Running {
  child: ChildProcess;
  port: number;
  /** Whether a page has been rendered: the first compiles the templates. */
  rendered: boolean;
}

export class LivePreview {
  readonly #root: string;
  readonly #parent: string;
  readonly #dir: string;
  readonly #content: string;
  readonly #log: FastifyBaseLogger | undefined;
  readonly #idleMs: number;
  readonly #secret = randomToken();
  #running: Promise<Running> | undefined;
  /** The files written over the release's, as they are now: a preview rewrites only what differs. */
  #written = new Map<string, string>();
  #turn: Promise<unknown> = Promise.resolve();
  #idle: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(options: LivePreviewOptions) {
    this.#root = resolve(options.root);
    this.#parent = resolve(options.workDir);
    this.#dir = join(this.#parent, String(process.pid));
    this.#content = join(this.#dir, 'content');
    this.#log = options.log;
    this.#idleMs = options.idleMs ?? IDLE_MS;
  }

  /**
   * Starts the dev server if it is not running and has it render `route` once (the first render of
   * a page compiles its templates, which takes seconds), so the first preview does not wait for
   * either.
   */
  warm(route: string): void {
    if (this.#stopped) return;
    this.#idleFromNow();
    // In turn with previews: one pressed meanwhile waits for this render rather than racing it.
    this.#inTurn(async () => {
      const running = await this.#started();
      if (!running.rendered) await this.#ask(running, route, { method: 'GET' }, 200);
    }).catch((error: unknown) => {
      if (!this.#stopped) this.#log?.warn({ err: error }, 'the quick preview could not get ready; previews build the site until it can');
    });
  }

  /**
   * The page at `route` with `entries` written over the release's content, made to load as the
   * served build's pages do. Renders take turns: there is one content folder.
   */
  render(entries: Readonly<Record<EntryKey, ContentEntry>>, route: string, served: ReadonlyMap<string, Asset>): Promise<Buffer> {
    return this.#inTurn(async () => {
      if (this.#stopped) throw new Error('the quick preview is stopped');
      const running = await this.#started();
      this.#idleFromNow();
      let html: string;
      try {
        const changed = this.#write(entries);
        if (changed.length > 0) await this.#ask(running, REFRESH_PATH, { method: 'POST', body: JSON.stringify(changed) }, 204);
        html = await this.#ask(running, route, { method: 'GET' }, 200);
      } catch (error) {
        // What the dev server holds after a failed reload is not known: the next preview starts afresh.
        await this.#shutDown();
        throw error;
      }
      const page = likeTheBuild(html, served);
      // Where this server's files are is nobody's business, least of all a share link's holder's.
      if (page.includes(this.#root) || page.includes(this.#dir)) throw new NotLikeTheBuild('the page names a folder of this server');
      return page;
    });
  }

  /** Runs `work` after the work before it, failed or not. */
  #inTurn<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#turn.then(work, work);
    this.#turn = next.catch(() => undefined);
    return next;
  }

  /** Where the dev server listens while it runs (to check that it refuses strangers). */
  async address(): Promise<string | undefined> {
    const running = await this.#running?.catch(() => undefined);
    return running && `http://127.0.0.1:${running.port}`;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#idle);
    // Ended first, so a render under way fails at once instead of being waited for.
    await this.#shutDown();
    await this.#turn;
    rmSync(this.#dir, { recursive: true, force: true });
  }

  #idleFromNow(): void {
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => void this.#shutDown(), this.#idleMs);
    this.#idle.unref();
  }

  /** The running dev server, started now if none is; a start that fails is tried again next time. */
  #started(): Promise<Running> {
    if (this.#stopped) return Promise.reject(new Error('the quick preview is stopped'));
    if (!this.#running) {
      const starting = this.#start();
      this.#running = starting;
      starting.catch(() => {
        if (this.#running === starting) this.#running = undefined;
      });
    }
    return this.#running;
  }

  async #shutDown(): Promise<void> {
    const running = this.#running;
    this.#running = undefined;
    const started = await running?.catch(() => undefined);
    if (!started || started.child.exitCode !== null) return;
    const exited = new Promise((done) => started.child.once('exit', done));
    // Its standard input closing is its signal to stop; a kill follows if it does not.
    started.child.stdin?.end();
    const kill = setTimeout(() => started.child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(kill);
  }

  /** Removes the folders of instances no longer running (stopped without cleaning up, or killed). */
  #sweepDeparted(): void {
    if (!existsSync(this.#parent)) return;
    for (const name of readdirSync(this.#parent)) {
      if (/^\d+$/.test(name) && Number(name) !== process.pid && !processAlive(Number(name))) rmSync(join(this.#parent, name), { recursive: true, force: true });
    }
  }

  /**
   * A root of links to the project's own files, so the dev server's generated `.astro/` folder is
   * its own. The folder holding this instance's work is left out, or the links would lead back in.
   */
  #linkRoot(): string {
    const root = join(this.#dir, 'root');
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
    const own = isInside(this.#root, this.#dir) ? relative(this.#root, this.#dir).split(sep)[0] : undefined;
    for (const name of readdirSync(this.#root)) {
      if (NOT_LINKED.has(name) || name === own) continue;
      symlinkSync(join(this.#root, name), join(root, name));
    }
    return root;
  }

  async #start(): Promise<Running> {
    this.#sweepDeparted();
    const root = this.#linkRoot();
    rmSync(this.#content, { recursive: true, force: true });
    cpSync(join(this.#root, RELEASE_CONTENT_DIR), this.#content, { recursive: true });
    this.#written = new Map();
    const { child, output } = spawnNode([join(this.#root, 'scripts', 'live-preview-server.ts'), root], {
      cwd: root,
      env: { ...devEnv(), [LIVE_PREVIEW_ENV]: this.#secret, [CONTENT_DIR_ENV]: this.#content, SITE_CACHE_DIR: join(this.#dir, 'cache'), NO_COLOR: '1' },
      stdin: 'pipe',
      // Visitors' pages and quotes come before the owner's preview on a busy machine.
      priority: constants.priority.PRIORITY_BELOW_NORMAL,
      keepChars: 4000,
    });
    const running = new Promise<Running>((ready, fail) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        fail(new Error(`the quick preview did not start within ${START_MS / 1000} s: ${output()}`));
      }, START_MS);
      let line = '';
      child.stdout.on('data', (chunk: Buffer) => {
        line += chunk.toString('utf8');
        const port = /^\{"port":(\d+)\}$/m.exec(line)?.[1];
        if (port) {
          clearTimeout(timer);
          ready({ child, port: Number(port), rendered: false });
        }
      });
      child.on('error', (error) => {
        clearTimeout(timer);
        fail(error);
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`the quick preview stopped (exit code ${code}): ${output()}`));
      });
    });
    child.on('exit', (code) => {
      // One that stopped on its own (not shut down here) is started again by the next preview.
      void this.#running?.then(
        (current) => {
          if (current.child === child) this.#running = undefined;
        },
        () => undefined,
      );
      if (code !== 0 && !this.#stopped) this.#log?.warn({ code, output: output().slice(-1000) }, 'the quick preview’s dev server stopped');
    });
    return running;
  }

  /** Brings the content folder to the release's files with `entries` over them; returns the files changed. */
  #write(entries: Readonly<Record<EntryKey, ContentEntry>>): string[] {
    const wanted = new Map(Object.values(entries).map((entry) => [entryFile(entry), entryText(entry)]));
    const changed: string[] = [];
    for (const file of this.#written.keys()) {
      if (wanted.has(file)) continue;
      const release = join(this.#root, RELEASE_CONTENT_DIR, file);
      if (existsSync(release)) cpSync(release, join(this.#content, file));
      else rmSync(join(this.#content, file), { force: true });
      changed.push(file);
    }
    for (const [file, text] of wanted) {
      if (this.#written.get(file) === text) continue;
      mkdirSync(join(this.#content, file, '..'), { recursive: true });
      writeFileSync(join(this.#content, file), text);
      changed.push(file);
    }
    this.#written = wanted;
    return changed.map((file) => join(this.#content, file));
  }

  async #ask(running: Running, path: string, init: { method: string; body?: string }, status: number): Promise<string> {
    const response = await fetch(`http://127.0.0.1:${running.port}${path}`, {
      ...init,
      headers: { [LIVE_PREVIEW_HEADER]: this.#secret, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      signal: AbortSignal.timeout(running.rendered ? RENDER_MS : FIRST_RENDER_MS),
    });
    const text = await response.text();
    if (response.status !== status) throw new Error(`the quick preview answered ${path} with ${response.status}: ${text.slice(0, 500)}`);
    if (init.method === 'GET') running.rendered = true;
    return text;
  }
}
