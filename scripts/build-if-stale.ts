/**
 * `npm test`'s build: `astro build` unless dist/ is newer than everything the build reads (the site's
 * sources, the code they import, the packages and the settings), as `npm start` decides for itself.
 * CI builds the site once, in the production install's check, and hands that dist/ to the tests.
 *
 *   node scripts/build-if-stale.ts [--force]
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { PREVIEW_RENDERER_FILE } from '../core/preview-renderer.ts';

const root = resolve(import.meta.dirname, '..');

/** What a build reads: a change to any of them makes dist/ stale. */
export const BUILD_INPUTS = ['src', 'public', 'core', 'scripts', 'astro.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];

function newest(path: string): { mtimeMs: number; path: string } {
  if (!existsSync(path)) return { mtimeMs: 0, path };
  const stat = statSync(path);
  if (!stat.isDirectory()) return { mtimeMs: stat.mtimeMs, path };
  return readdirSync(path)
    .map((name) => newest(join(path, name)))
    .reduce((a, b) => (b.mtimeMs > a.mtimeMs ? b : a), { mtimeMs: stat.mtimeMs, path });
}

/** Why dist/ must be built again, or undefined when it is newer than every input. */
export function staleBecause(dir = root): string | undefined {
  const marker = join(dir, 'dist', 'index.html');
  if (!existsSync(marker)) return 'dist/ has no index.html';
  if (!existsSync(join(dir, PREVIEW_RENDERER_FILE))) return `${PREVIEW_RENDERER_FILE} is missing`;
  const built = statSync(marker).mtimeMs;
  const changed = BUILD_INPUTS.map((input) => newest(join(dir, input))).find((n) => n.mtimeMs > built);
  return changed && `${changed.path.slice(dir.length + 1)} changed after the last build`;
}

if (import.meta.main) {
  const reason = process.argv.includes('--force') ? 'asked to (--force)' : staleBecause();
  if (!reason) {
    console.log(`dist/ is up to date (built ${statSync(join(root, 'dist', 'index.html')).mtime.toISOString()}): not building it again`);
  } else {
    console.log(`building the site: ${reason}`);
    const result = spawnSync(process.execPath, [join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
    process.exit(result.status ?? 1);
  }
}
