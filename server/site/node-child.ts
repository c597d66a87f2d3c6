/**
 * A child process on this same Node, for the site's builds and their compression: started at the
 * priority asked for, with the tail of its output kept to say why it failed.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { setPriority } from 'node:os';
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
