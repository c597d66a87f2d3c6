/**
 * The folders a process builds in, inside the work folder: the checkout is never written to, so
 * the server may run from a read-only one. Each process has a folder of its own (its content copy,
 * Astro's cache, its copy of the site's sources), so two instances sharing a work folder never
 * share a build's scratch files; folders that no process has used for a day are removed.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DAY_MS } from '../../core/nz-time.ts';

/** What `astro build` reads from the project besides its packages. */
const SITE_SOURCES = ['src', 'public', 'core', 'scripts', 'astro.config.ts', 'package.json', 'tsconfig.json'];
const PREFIX = 'own-';
/** Touched at each use; a folder untouched for ABANDONED_MS belonged to a process that has gone. */
const USED = '.used';
const ABANDONED_MS = DAY_MS;

const own = new Map<string, string>();

/** This process's own folder in `workDir`, made (and the abandoned ones removed) at its first use. */
export function ownFolder(workDir: string): string {
  const key = resolve(workDir);
  let folder = own.get(key);
  if (!folder) {
    mkdirSync(key, { recursive: true });
    for (const name of readdirSync(key)) {
      if (!name.startsWith(PREFIX)) continue;
      const used = join(key, name, USED);
      if (!existsSync(used) || Date.now() - statSync(used).mtimeMs > ABANDONED_MS) rmSync(join(key, name), { recursive: true, force: true });
    }
    folder = join(key, `${PREFIX}${randomBytes(6).toString('hex')}`);
    own.set(key, folder);
  }
  mkdirSync(folder, { recursive: true });
  const used = join(folder, USED);
  if (existsSync(used)) utimesSync(used, new Date(), new Date());
  else writeFileSync(used, '');
  return folder;
}

/**
 * This process's copy of the site's sources from `root`, with the project's packages linked in:
 * Astro runs there and writes its `.astro/` there. Made once a process (again if removed).
 */
export function projectCopy(root: string, workDir: string): string {
  const project = join(ownFolder(workDir), 'project');
  if (existsSync(join(project, 'package.json'))) return project;
  const making = `${project}-${randomBytes(4).toString('hex')}`;
  for (const source of SITE_SOURCES) if (existsSync(join(root, source))) cpSync(join(root, source), join(making, source), { recursive: true });
  // To the packages' real folder: Vite resolves a link of a link to paths it then fails to compile.
  symlinkSync(realpathSync(resolve(root, 'node_modules')), join(making, 'node_modules'), 'junction');
  rmSync(project, { recursive: true, force: true });
  renameSync(making, project);
  return project;
}
