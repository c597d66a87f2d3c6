/**
 * The tree stays as easy to find one's way in as it is: no two files of server/ and core/ share a
 * name (an import, a stack trace or a search by name then means one file), and server/'s root
 * holds only the few files that start or configure it, everything else in a folder of its own.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

/** Every .ts and .tsx file under a folder of the repository, relative to the repository. */
function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join(folder, f));
}

/** The names that more than one of these files has, each with its files. */
function sharedNames(files: readonly string[]): Record<string, string[]> {
  const byName = Map.groupBy(files, (f) => basename(f));
  return Object.fromEntries([...byName].filter(([, same]) => same.length > 1).map(([name, same]) => [name, same.toSorted()]));
}

describe('file names', () => {
  it('gives every file of server/ and core/ a name no other file there has', () => {
    expect(sharedNames([...sourceFiles('server'), ...sourceFiles('core')])).toEqual({});
  });

  it('finds two files of one name in different folders', () => {
    expect(sharedNames(['server/site/live-preview.ts', 'core/live-preview.ts', 'core/lead/schema.ts', 'server/x/schema.tsx'])).toEqual({
      'live-preview.ts': ['core/live-preview.ts', 'server/site/live-preview.ts'],
    });
  });
});
