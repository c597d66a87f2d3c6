/**
 * The tree stays as easy to find one's way in as it is: no two files of server/ and core/ share a
 * name (an import, a stack trace or a search by name then means one file), server/'s root holds
 * only the few files that start or configure it, no file of server/ grows past what one reader
 * holds in mind (400 lines; the two store drivers 400 together), no source casts through `unknown`,
 * and the README's project layout is the tree's
 * map: it names every folder of server/, src/inbox/ and core/, and its range of migrations ends at
 * the highest migration in the folder.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

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

/** A file's lines, as `wc -l` counts them. */
const linesOf = (file: string) => readFileSync(join(root, file), 'utf8').split('\n').length - 1;

describe('file sizes and casts', () => {
  it('keeps every file of server/ within 400 lines, and the two store drivers within 400 together', () => {
    const long = sourceFiles('server')
      .map((f) => [f, linesOf(f)] as const)
      .filter(([, n]) => n > 400);
    expect(Object.fromEntries(long)).toEqual({});
    expect(linesOf('server/storage/sqlite.ts') + linesOf('server/storage/postgres.ts')).toBeLessThanOrEqual(400);
  });

  it('casts nothing through unknown (a double cast silences the type checker rather than convincing it)', () => {
    const doubled = ['server', 'core', 'src'].flatMap(sourceFiles).filter((f) => /\bas unknown as\b/.test(readFileSync(join(root, f), 'utf8')));
    expect(doubled).toEqual([]);
  });
});

describe('file names', () => {
  it('gives every file of server/ and core/ a name no other file there has', () => {
    expect(sharedNames([...sourceFiles('server'), ...sourceFiles('core')])).toEqual({});
  });

  it('keeps at most four loose files at server/’s root, the ones that start or configure the server', () => {
    const loose = readdirSync(join(root, 'server'), { withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => d.name);
    expect(loose.length, `server/ holds ${loose.join(', ')}: put the rest in the folder it belongs to`).toBeLessThanOrEqual(4);
  });

  it('finds two files of one name in different folders', () => {
    expect(sharedNames(['server/site/live-preview.ts', 'core/live-preview.ts', 'core/lead/schema.ts', 'server/x/schema.tsx'])).toEqual({
      'live-preview.ts': ['core/live-preview.ts', 'server/site/live-preview.ts'],
    });
  });
});

/** The README's project layout: the code block under its "Project layout" heading. */
function layoutOf(readme: string): string {
  const block = /^## Project layout\n[\s\S]*?^```\n([\s\S]*?)^```$/m.exec(readme);
  if (!block) throw new Error('the README has no "## Project layout" section with a code block');
  return block[1]!;
}

/**
 * The lines under an entry of the layout, the entry's own line first: `src/` is a top line,
 * `inbox/` within it an entry indented by two, and so on; its lines end where one as little indented begins.
 */
function entry(lines: readonly string[], name: string, indent: number): string[] {
  const start = lines.findIndex((line) => line.startsWith(' '.repeat(indent) + name) && !line.startsWith(' '.repeat(indent + 1)));
  if (start < 0) return [];
  const end = lines.findIndex((line, i) => i > start && line.trim() !== '' && line.length - line.trimStart().length <= indent);
  return lines.slice(start, end < 0 ? undefined : end);
}

const says = (lines: readonly string[], folder: string) => new RegExp(`(^|[\\s(,])${folder.replaceAll('.', '\\.')}/`).test(lines.join('\n'));

/**
 * The folders of `top` (e.g. "src/inbox") at any depth that the layout does not name. A folder is
 * named by its path from its top line (`inbox/site/` under `src/`), or by its own name in its
 * parent's entry (`plugins/` in the lines of `http/`).
 */
function unnamedFolders(layout: string, top: string, folders: readonly string[]): string[] {
  const lines = layout.split('\n');
  const [head, ...within] = top.split('/');
  const section = entry(lines, `${head}/`, 0);
  return folders.filter((folder) => {
    const path = [...within, ...folder.split('/')];
    if (says(section, path.join('/'))) return false;
    const parent = path.slice(0, -1).reduce((entryLines, name, depth) => entry(entryLines, `${name}/`, 2 * (depth + 1)), section);
    return !(path.length > 1 && says(parent, path.at(-1)!));
  });
}

/** Every folder under a folder of the repository, relative to it. */
function foldersOf(top: string): string[] {
  return readdirSync(join(root, top), { recursive: true, withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => relative(join(root, top), join(d.parentPath, d.name)));
}

/** The layout's range of migrations, "001–026": its first and last numbers. */
function migrationRange(layout: string): [number, number] | undefined {
  const range = /numbered (\d{3})[–-](\d{3})/.exec(layout);
  return range ? [Number(range[1]), Number(range[2])] : undefined;
}

describe("the README's project layout", () => {
  const layout = layoutOf(readFileSync(join(root, 'README.md'), 'utf8'));

  it.each(['server', 'src/inbox', 'core'])('names every folder of %s/', (top) => {
    expect(unnamedFolders(layout, top, foldersOf(top))).toEqual([]);
  });

  it('gives the migrations as a range that ends at the highest file in server/storage/migrations/', () => {
    const numbers = readdirSync(join(root, 'server/storage/migrations'))
      .map((f) => /^(\d{3})-/.exec(f)?.[1])
      .filter((n) => n !== undefined)
      .map(Number);
    expect(migrationRange(layout)).toEqual([1, Math.max(...numbers)]);
  });

  it('misses a folder the layout does not name, and an old range', () => {
    const sample = [
      'src/        the site',
      '  inbox/    the app; reports/ its charts',
      'server/     the server',
      '  http/     app.ts and plugins/',
      '  storage/  the stores; migrations/ numbered 001–022',
      '  smsx/     not sms',
    ].join('\n');
    expect(unnamedFolders(sample, 'src/inbox', ['reports', 'site'])).toEqual(['site']);
    expect(unnamedFolders(sample, 'server', ['http', 'http/plugins', 'storage', 'storage/migrations', 'sms', 'site'])).toEqual(['sms', 'site']);
    expect(migrationRange(sample)).toEqual([1, 22]);
  });
});
