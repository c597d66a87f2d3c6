/**
 * `npm start` builds the site first when dist/ is missing or older than its sources. Several
 * instances started at once take turns on a lock file; the one holding it builds into a temporary
 * folder that is renamed into place, so no instance ever serves a half-written dist/.
 */
import { closeSync, existsSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';

const SOURCES = ['src', 'public', 'astro.config.ts', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

export function buildIsStale(root: string, distDir: string): boolean {
  const marker = join(distDir, 'index.html');
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  return SOURCES.some((s) => newestMtime(join(root, s)) > built);
}

/** Runs `astro build` into `outDir`. */
export function buildSite(root: string, outDir: string): void {
  // Run Astro on this same Node (24), not whatever `node` the shebang would find on PATH.
  const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build', '--outDir', outDir], { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`astro build failed with exit code ${result.status}`);
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock file, or returns false while a live process holds it (a dead holder's lock is taken over). */
export function tryLock(lockFile: string): boolean {
  try {
    const fd = openSync(lockFile, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    let holder: number;
    try {
      holder = Number(readFileSync(lockFile, 'utf8').trim());
    } catch (readError) {
      // The holder finished and removed the lock between our open and this read: try again.
      if ((readError as NodeJS.ErrnoException).code === 'ENOENT') return tryLock(lockFile);
      throw readError;
    }
    // An empty file is a holder between open and write: alive by definition.
    if (!holder || processAlive(holder)) return false;
    rmSync(lockFile, { force: true });
    return tryLock(lockFile);
  }
}

export interface EnsureBuiltOptions {
  /** Builds into the folder given (default: astro build). */
  build?: (outDir: string) => void;
  log?: (message: string) => void;
  pollMs?: number;
  timeoutMs?: number;
}

/** Builds the site into `distDir` if it is stale, once across every instance starting at the same time. */
export async function ensureBuilt(root: string, distDir: string, options: EnsureBuiltOptions = {}): Promise<void> {
  const { build = (outDir) => buildSite(root, outDir), log = () => undefined, pollMs = 250, timeoutMs = 15 * 60_000 } = options;
  if (!buildIsStale(root, distDir)) return;
  const lockFile = join(dirname(distDir), `.${basename(distDir)}.build-lock`);
  const deadline = Date.now() + timeoutMs;
  let waited = false;
  while (!tryLock(lockFile)) {
    if (!waited) log('another instance is building the site; waiting for it');
    waited = true;
    if (Date.now() > deadline) throw new Error(`the site build lock ${lockFile} was held for over ${Math.round(timeoutMs / 60_000)} minutes`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
  try {
    // The instance that held the lock before may have just built it.
    if (!buildIsStale(root, distDir)) return;
    log('building the site (dist/ is missing or older than its sources)');
    const tmp = join(dirname(distDir), `.${basename(distDir)}.tmp-${process.pid}`);
    const old = join(dirname(distDir), `.${basename(distDir)}.old-${process.pid}`);
    rmSync(tmp, { recursive: true, force: true });
    build(tmp);
    if (!existsSync(join(tmp, 'index.html'))) throw new Error('the site build wrote no index.html');
    if (existsSync(distDir)) renameSync(distDir, old);
    renameSync(tmp, distDir);
    rmSync(old, { recursive: true, force: true });
  } finally {
    unlinkSync(lockFile);
  }
}
