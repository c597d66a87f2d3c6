/**
 * Which routes the full axe-core scan needs: one page per template, and enough pages that every part
 * any page of a template draws (a block type, a calculator, an MDX component, a Markdown construct,
 * an optional field of its entry) is on at least one of them. The audit (tests/e2e/audit.spec.ts)
 * runs the full scan on those and the cheap checks on every route.
 *
 * A page's parts are read from its content entry (src/content), so a new block or a new kind of page
 * is scanned without anyone listing it here; a route this file cannot place is scanned on its own.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

const CONTENT = resolve(import.meta.dirname, '../../src/content');

/** Every `type` of a block and every `tool` of a calculator, wherever the entry nests them. */
function blockParts(value: unknown, parts: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) blockParts(item, parts);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.type === 'string') parts.add(`block ${record.type}`);
    if (typeof record.tool === 'string') parts.add(`calculator ${record.tool}`);
    for (const child of Object.values(record)) blockParts(child, parts);
  }
}

/** The parts of a YAML entry: its fields and its blocks. */
function yamlParts(file: string): Set<string> {
  const data = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const parts = new Set(Object.keys(data).map((key) => `field ${key}`));
  blockParts(data, parts);
  return parts;
}

/** Markdown constructs that render as elements of their own, each by a line that starts one. */
const MARKDOWN: [string, RegExp][] = [
  ['table', /^\|/m],
  ['quote', /^>/m],
  ['ordered list', /^\s*\d+\.\s/m],
  ['list', /^\s*[-*+]\s/m],
  ['image', /!\[/],
  ['h3', /^###\s/m],
  ['h4', /^####\s/m],
  ['link', /\]\(/],
  ['rule', /^(-{3,}|\*{3,})\s*$/m],
];

/** The parts of an MDX entry: its frontmatter fields, its components (and their tools) and its Markdown. */
function mdxParts(file: string): Set<string> {
  const text = readFileSync(file, 'utf8');
  const [, front = '', body = text] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
  const parts = new Set(Object.keys((parse(front) as Record<string, unknown> | null) ?? {}).map((key) => `field ${key}`));
  for (const [, name] of body.matchAll(/<([A-Z]\w*)/g)) parts.add(`component ${name}`);
  for (const [, tool] of body.matchAll(/\btool="(\w+)"/g)) parts.add(`calculator ${tool}`);
  for (const [name, line] of MARKDOWN) if (line.test(body)) parts.add(`markdown ${name}`);
  return parts;
}

/** The template a route is drawn with and the parts of its entry; a route of no known template is a template of its own. */
export function templateOf(route: string): { template: string; parts: Set<string> } {
  const path = route.replace(/#.*$/, '').replace(/\/$/, '') || '/';
  const hash = route.includes('#') ? ' (with its hash)' : '';
  const entry = (collection: string, slug: string, ext: string) => join(CONTENT, collection, `${slug}.${ext}`);
  if (path === '/') return { template: 'home', parts: yamlParts(entry('pages', 'index', 'yaml')) };
  if (path === '/blog') return { template: 'blog index', parts: yamlParts(entry('pages', 'blog', 'yaml')) };
  const article = /^\/blog\/([\w-]+)$/.exec(path)?.[1];
  if (article && existsSync(entry('blog', article, 'mdx'))) return { template: 'article', parts: mdxParts(entry('blog', article, 'mdx')) };
  const slug = /^\/([\w-]+)$/.exec(path)?.[1];
  if (slug) {
    // Pages with a route of their own (src/pages) are templates of their own.
    if (['thank-you', '404'].includes(slug)) return { template: `${slug}${hash}`, parts: yamlParts(entry('pages', slug, 'yaml')) };
    for (const [collection, template] of [
      ['pages', 'page'],
      ['products', 'product'],
      ['cities', 'city'],
    ] as const)
      if (existsSync(entry(collection, slug, 'yaml'))) return { template, parts: yamlParts(entry(collection, slug, 'yaml')) };
    if (existsSync(entry('guides', slug, 'mdx'))) return { template: 'guide', parts: mdxParts(entry('guides', slug, 'mdx')) };
    // Any other path is the not-found page.
    return { template: '404', parts: yamlParts(entry('pages', '404', 'yaml')) };
  }
  return { template: `the route ${route}`, parts: new Set() };
}

/**
 * The fewest routes (greedily) that show every template and every part of each template: a part is
 * counted per template, since a template may draw the same block differently.
 */
export function routesCoveringEveryTemplate(routes: readonly string[]): string[] {
  const features = new Map(
    routes.map((route) => {
      const { template, parts } = templateOf(route);
      return [route, new Set([`${template}`, ...[...parts].map((part) => `${template}: ${part}`)])];
    }),
  );
  const uncovered = new Set([...features.values()].flatMap((f) => [...f]));
  const chosen: string[] = [];
  while (uncovered.size > 0) {
    let best = routes[0]!;
    let gain = -1;
    for (const route of routes) {
      const g = [...features.get(route)!].filter((f) => uncovered.has(f)).length;
      if (g > gain) [best, gain] = [route, g];
    }
    chosen.push(best);
    for (const f of features.get(best)!) uncovered.delete(f);
  }
  return routes.filter((route) => chosen.includes(route));
}
