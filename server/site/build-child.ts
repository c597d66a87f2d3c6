/**
 * A child process on this same Node, for the site's builds and their compression: started at the
 * priority asked for, with the tail of its output kept to say why it failed (BuildFailed), ended
 * with this server, and stopped by a signal only once it has ended.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { constants, setPriority } from 'node:os';
import type { Readable, Writable } from 'node:stream';

export interface NodeChildOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** 'pipe' for a child that must stop when its standard input closes (when this process dies). */
  stdin: 'pipe' | 'ignore';
  /** An os.constants.priority value; work nobody is waiting for yields the CPU to work somebody is. */
  priority?: number | undefined;
  /** How much of the output to keep, in characters. */
  keepChars: number;
  signal?: AbortSignal | undefined;
}

export interface NodeChild {
  child: ChildProcessByStdio<Writable | null, Readable, Readable>;
  /** The last `keepChars` characters of its standard output and error, interleaved as they came. */
  output(): string;
}

export function spawnNode(args: readonly string[], { cwd, env, stdin, priority, keepChars, signal }: NodeChildOptions): NodeChild {
  const common = { cwd, env, ...(signal ? { signal } : {}) };
  // Two calls, so each gets its own typed result: with a pipe, stdin is there to close.
  const child: NodeChild['child'] =
    stdin === 'pipe'
      ? spawn(process.execPath, args, { ...common, stdio: ['pipe', 'pipe', 'pipe'] })
      : spawn(process.execPath, args, { ...common, stdio: ['ignore', 'pipe', 'pipe'] });
  if (priority !== undefined && child.pid !== undefined) {
    try {
      setPriority(child.pid, priority);
    } catch {
      // Left at the server's priority where the system does not allow it: slower for others, still correct.
    }
  }
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-keepChars);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { child, output: () => output };
}

export class BuildFailed extends Error {
  /** What the build said, for the owner (Astro's error, the entry and field it names). */
  readonly output: string;
  constructor(message: string, output: string) {
    super(message);
    this.output = output;
  }
}

/** A build's own output kept for the owner's error message: its last lines. */
const OUTPUT_LINES = 30;
/** How long a stopped child has to end before it is killed outright. */
const KILL_AFTER_MS = 5000;

/** The preload that ends a child when this server dies (its standard input, held here, closes). */
const ENDS_WITH_PARENT = new URL('./ends-with-parent.ts', import.meta.url).href;

/** Removes terminal colours from a build's output. */
function plain(text: string): string {
  // eslint-disable-next-line no-control-regex -- the escape character starts each colour code
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

/**
 * Runs `args` on this same Node in `root`, as `what`; throws BuildFailed with its last output when it
 * fails, and the signal's reason, once the child has ended, when `signal` stops it.
 */
export function runNode(
  what: string,
  root: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  { signal, background = false, killAfterMs = KILL_AFTER_MS }: { signal?: AbortSignal | undefined; background?: boolean; killAfterMs?: number } = {},
): Promise<void> {
  return new Promise((done, fail) => {
    const { child, output } = spawnNode(['--import', ENDS_WITH_PARENT, ...args], {
      cwd: root,
      env: { ...process.env, ...env, NO_COLOR: '1' },
      stdin: 'pipe',
      // Work nobody waits for yields the CPU to work somebody does (a build, a visitor's page).
      priority: background ? constants.priority.PRIORITY_LOW : undefined,
      keepChars: 20_000,
      signal,
    });
    // A child that outlives its stop (one that handles SIGTERM itself) would hold the builds' turn: it is killed outright.
    let killer: NodeJS.Timeout | undefined;
    const killLater = () => {
      killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    };
    signal?.addEventListener('abort', killLater, { once: true });
    child.on('error', (error) => {
      // Stopped on purpose: settled once the child has ended, so nothing it writes comes after.
      if (error.name === 'AbortError') return;
      fail(new BuildFailed(`${what} could not run: ${error.message}`, plain(output())));
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', killLater);
      clearTimeout(killer);
      if (signal?.aborted) return fail(signal.reason);
      if (code === 0) return done();
      const tail = plain(output()).trim().split('\n').slice(-OUTPUT_LINES).join('\n');
      fail(new BuildFailed(`${what} failed (exit code ${code})`, tail));
    });
  });
}
