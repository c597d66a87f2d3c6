/**
 * Old builds are pruned after each build and each version served, but pruning is housekeeping: a
 * folder the system will not remove at that moment (a stopped compressor still writing in it as it
 * ends gives ENOTEMPTY) is left for the next prune, and the build that asked for the prune still
 * succeeds, so the owner is never told a publish failed because an old folder was busy.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as nodeFs from 'node:fs';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SiteBuilder } from '../../server/site/site-builder.ts';
import { releaseContent } from '../../server/site/release-content.ts';
import { fakeBuild, ROOT } from '../support/site-editor.ts';

/** Folders whose removal fails as a folder still being written in does. */
const busy = vi.hoisted(() => new Set<string>());

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof nodeFs>();
  const rmSync: typeof fs.rmSync = (path, options) => {
    if (busy.has(String(path))) throw Object.assign(new Error(`ENOTEMPTY, Directory not empty: ${String(path)}`), { code: 'ENOTEMPTY' });
    fs.rmSync(path, options);
  };
  return { ...fs, default: { ...fs, rmSync }, rmSync };
});

const GUIDE = 'guides/commercial-fridge-prices-nz';

describe('pruning old builds', () => {
  let work: string;
  let builds: string;
  let builder: SiteBuilder;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'crnz-prune-'));
    builds = join(work, 'builds', 'builds');
    const releaseDist = join(work, 'release');
    await fakeBuild(join(ROOT, 'src/content'), releaseDist);
    builder = new SiteBuilder({ root: ROOT, workDir: join(work, 'builds'), releaseDist, run: fakeBuild, compress: async () => undefined });
  });

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** A finished build folder made by hand, finished `minutesAgo`. */
  const oldBuild = (name: string, minutesAgo: number) => {
    const folder = join(builds, name);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'index.html'), '<!doctype html><title>Old</title>');
    writeFileSync(join(folder, '.complete'), '');
    const at = new Date(Date.now() - minutesAgo * 60_000);
    utimesSync(join(folder, '.complete'), at, at);
    return folder;
  };

  it('leaves a folder it cannot remove for the next prune, and the build that asked still succeeds', async () => {
    // Six old builds, the oldest busy: a build now keeps itself and the four newest of them.
    const olds = [60, 50, 40, 30, 20, 10].map((minutes) => oldBuild(`old-${minutes}`, minutes));
    busy.add(olds[0]!);
    const guide = releaseContent(ROOT).get(GUIDE)!;
    const folder = await builder.build({
      [GUIDE]: { ...guide, data: { ...guide.data, heading: 'Commercial Fridge Prices, Built While One Folder Was Busy' } },
    });
    expect(existsSync(join(folder, 'index.html'))).toBe(true);
    expect(readdirSync(builds).sort()).toEqual(['old-10', 'old-20', 'old-30', 'old-40', 'old-60', folder.split('/').at(-1)!].sort());

    busy.clear();
    builder.prune(folder);
    expect(readdirSync(builds).sort()).toEqual(['old-10', 'old-20', 'old-30', 'old-40', folder.split('/').at(-1)!].sort());
  });
});
