/**
 * isInside, the one test of whether a path lies within a folder: by whole names, so a sibling whose
 * name begins with the folder's is outside, and a name inside that begins with dots is inside.
 * Checked against a model that compares the paths name by name, over paths fast-check makes of
 * awkward names (dots, `..` steps, look-alike siblings, doubled and trailing slashes).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { posix, resolve } from 'node:path';
import { isInside } from '../../server/site/inside-folder.ts';

/** Inside by the model: the folder's names, after resolving, are the first names of the path's. */
function insideByNames(folder: string, path: string): boolean {
  const f = resolve(folder).split('/').filter(Boolean);
  const p = resolve(path).split('/').filter(Boolean);
  return f.length <= p.length && f.every((name, i) => p[i] === name);
}

const name = fc.oneof(
  fc.constantFrom('site', 'site-a', 'sitea', 'site.', '..x', 'x..', '...', '.x', 'a b', 'site-a..', '-'),
  fc.stringMatching(/^[a-z.-]{1,6}$/),
);
const step = fc.oneof({ weight: 4, arbitrary: name }, { weight: 1, arbitrary: fc.constantFrom('.', '..', '') });
const absolute = fc.array(step, { maxLength: 6 }).map((steps) => `/${steps.join('/')}`);
const relativeTo = fc.array(step, { maxLength: 5 }).map((steps) => steps.join('/'));

describe('isInside', () => {
  it.each([
    ['/srv/site', '/srv/site', true],
    ['/srv/site', '/srv/site/', true],
    ['/srv/site', '/srv/site/data/site', true],
    ['/srv/site', '/srv/site/..work', true],
    ['/srv/site', '/srv/site/..', false],
    ['/srv/site', '/srv/site-a', false],
    ['/srv/site', '/srv/site-a/builds', false],
    ['/srv/site', '/srv/sitea', false],
    ['/srv/site', '/srv/site/../site-a', false],
    ['/srv/site/', '/srv/site-a', false],
    ['/srv', '/srv/site', true],
    ['/', '/anything', true],
    ['/srv/site', '/srv', false],
  ])('%s holds %s: %s', (folder, path, inside) => {
    expect(isInside(folder, path)).toBe(inside);
  });

  it('agrees with comparing the paths name by name, for any two paths', () => {
    fc.assert(
      fc.property(absolute, absolute, (folder, path) => {
        expect(isInside(folder, path)).toBe(insideByNames(folder, path));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds a path made by going down from the folder inside it, and a sibling named like the folder outside', () => {
    fc.assert(
      fc.property(absolute, relativeTo, (folder, down) => {
        const below = posix.join(folder, down);
        expect(isInside(folder, below)).toBe(insideByNames(folder, below));
      }),
      { numRuns: 2000 },
    );
    // The folder's own name with more after it, beside it: never inside (the root has no sibling).
    fc.assert(
      fc.property(absolute, fc.stringMatching(/^[a-z.-]{1,4}$/), (folder, suffix) => {
        fc.pre(resolve(folder) !== '/');
        expect(isInside(folder, `${resolve(folder)}${suffix}`)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
