/**
 * Several instances started at once on a checkout without a build all come up with the
 * complete site: one builds (under a lock, into a temporary folder renamed into place), the others
 * wait for it and build nothing; a lock left by a dead process is taken over.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const buildSite = new URL('../../server/build-site.ts', import.meta.url).pathname;
const PAGES = 20;

/** A child process that runs ensureBuilt with a slow fake build, then lists what dist/ holds. */
const racer = `
import { appendFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const [module, root, dist, log] = process.argv.slice(1);
const { ensureBuilt } = await import(module);
const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
await ensureBuilt(root, dist, {
  pollMs: 20,
  build: (out) => {
    appendFileSync(log, process.pid + '\\n');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'index.html'), 'home');
    for (let i = 0; i < ${PAGES}; i++) { pause(15); writeFileSync(join(out, 'page' + i + '.html'), 'page'); }
  },
});
console.log(readdirSync(dist).length);
`;

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function checkout() {
  const root = mkdtempSync(join(tmpdir(), 'crnz-build-'));
  dirs.push(root);
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'page.astro'), '<p>source</p>');
  return { root, dist: join(root, 'dist'), log: join(root, 'builds.log') };
}

function race({ root, dist, log }: ReturnType<typeof checkout>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', racer, buildSite, root, dist, log], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('starting together without a build', () => {
  it('builds once; every instance then sees the complete site and nothing is left over', async () => {
    const c = checkout();
    const results = await Promise.all([race(c), race(c), race(c)]);
    expect(results.map((r) => r.code)).toEqual([0, 0, 0]);
    expect(results.map((r) => r.out.trim())).toEqual(results.map(() => String(PAGES + 1)));
    expect(readFileSync(c.log, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(readdirSync(c.root).sort()).toEqual(['builds.log', 'dist', 'src']);
  }, 30_000);

  it('takes over a lock left by a process that died', async () => {
    const c = checkout();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(join(c.root, '.dist.build-lock'), String(dead));
    const result = await race(c);
    expect(result).toEqual({ code: 0, out: `${PAGES + 1}\n` });
    expect(readdirSync(c.root).sort()).toEqual(['builds.log', 'dist', 'src']);
  }, 30_000);
});
