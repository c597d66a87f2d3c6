/** Every internal link and asset on every built page resolves, and every in-page anchor exists. */
import { describe, expect, it } from 'vitest';
import { builtPages, decodeEntities, distFileExists } from '../support/dist.ts';

const pages = builtPages();

function ids(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => decodeEntities(m[1]!)));
}

describe('internal links and assets', () => {
  for (const page of pages) {
    it(`${page.route}: every href and src resolves`, () => {
      const broken: string[] = [];
      const refs = [...page.html.matchAll(/\s(?:href|src)="([^"]+)"/g)].map((m) => decodeEntities(m[1]!));
      for (const ref of refs) {
        if (/^(https?:|mailto:|tel:|data:)/.test(ref)) {
          if (/^https?:\/\/www\.commercialrefrigeration\.nz/.test(ref)) continue; // canonical and og URLs
          continue;
        }
        const [path, hash] = ref.split('#') as [string, string | undefined];
        if (path === '') {
          if (hash && !ids(page.html).has(hash)) broken.push(ref);
          continue;
        }
        if (!path.startsWith('/')) {
          broken.push(`${ref} (relative)`);
          continue;
        }
        if (!distFileExists(path)) broken.push(ref);
        else if (hash) {
          const target = pages.find((p) => p.route === (path.replace(/\/$/, '') || '/'));
          if (target && !ids(target.html).has(hash)) broken.push(ref);
        }
      }
      expect(broken).toEqual([]);
    });
  }
});
