/**
 * The server makes HTML only through its renderer (server/html/render.ts), which escapes by
 * default: no module of server/ or core/ calls an escaper of its own, keeps an entity table, or
 * places raw markup in React (`dangerouslySetInnerHTML`) outside the renderer.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const RENDERER = 'server/html/render.ts';

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|mts|js|mjs)$/.test(f))
    .map((f) => join(folder, f));
}

const handMade: [string, RegExp][] = [
  ['a call of escapeHtml', /\bescapeHtml\s*\(/],
  ['an HTML entity table', /['"`]&(amp|lt|gt|quot|#39|#x27);['"`]/],
  ['raw markup placed in React', /dangerouslySetInnerHTML/],
];

describe('HTML escaping by hand', () => {
  const files = [...sourceFiles('server'), ...sourceFiles('core')];

  it('reads the source of server/ and core/, the renderer among it', () => {
    expect(files).toContain(RENDERER);
    expect(files.length).toBeGreaterThan(50);
  });

  it('is found nowhere in server/ or core/ outside the renderer', () => {
    const found = files
      .filter((file) => file !== RENDERER)
      .flatMap((file) => {
        const lines = readFileSync(join(root, file), 'utf8').split('\n');
        return lines.flatMap((line, i) => handMade.filter(([, pattern]) => pattern.test(line)).map(([what]) => `${file}:${i + 1}: ${what}`));
      });
    expect(found).toEqual([]);
  });

  it('would be found: the patterns match what they are meant to', () => {
    for (const line of ['const x = escapeHtml(name);', "({ '&': '&amp;', '<': '&lt;' })", 'h("div", { dangerouslySetInnerHTML: { __html } })'])
      expect(
        handMade.some(([, pattern]) => pattern.test(line)),
        line,
      ).toBe(true);
  });
});
