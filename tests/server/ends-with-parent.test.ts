/**
 * A build child outlives no server: a server process SIGKILLed while its child works (a child that
 * would otherwise run for a minute) takes the child down with it, and a child left alone ends by
 * itself when its work is done, the held pipe notwithstanding.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { waitFor } from '../support/peers.ts';

const PRELOAD = new URL('../../server/site/ends-with-parent.ts', import.meta.url).href;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const left: number[] = [];
afterEach(() => {
  for (const pid of left.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

/** A "server" that starts a child with the preload, as the site builder does, and prints the child's pid. */
function serverWithChild(childCode: string) {
  const parentCode = `
    const { spawn } = require('node:child_process');
    const child = spawn(process.execPath, ['--import', ${JSON.stringify(PRELOAD)}, '-e', ${JSON.stringify(childCode)}], { stdio: ['pipe', 'inherit', 'inherit'] });
    child.on('exit', (code) => console.log('exit ' + code));
    console.log('child ' + child.pid);
    setInterval(() => {}, 1000);`;
  const parent = spawn(process.execPath, ['-e', parentCode], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  parent.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return { parent, out: () => out };
}

describe('a build child started with ends-with-parent', () => {
  it('ends when its server is SIGKILLed', { timeout: 20_000 }, async () => {
    const { parent, out } = serverWithChild('setTimeout(() => {}, 60_000)');
    left.push(parent.pid!);
    const pid = Number((await waitFor(() => /child (\d+)/.exec(out()), { what: 'the child started' }))[1]);
    left.push(pid);
    expect(alive(pid)).toBe(true);
    parent.kill('SIGKILL');
    await waitFor(() => !alive(pid), { what: 'the child to end with its server', timeoutMs: 10_000 });
  });

  it('ends by itself, with code 0, when its work is done', { timeout: 20_000 }, async () => {
    const { parent, out } = serverWithChild('setTimeout(() => {}, 200)');
    left.push(parent.pid!);
    await waitFor(() => out().includes('exit '), { what: 'the child to finish' });
    expect(out()).toContain('exit 0');
    parent.kill('SIGKILL');
  });
});
