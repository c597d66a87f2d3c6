/** `npm start` builds the site first when dist/ is missing or older than its sources. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
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

export function buildSite(root: string): void {
  // Run Astro on this same Node (24), not whatever `node` the shebang would find on PATH.
  const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build'], { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`astro build failed with exit code ${result.status}`);
}
