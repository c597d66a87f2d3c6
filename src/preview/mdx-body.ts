/**
 * An article's or guide's MDX body as the component a build's `render()` gives, compiled when a
 * preview asks for it: by the same Markdown processor and options as the build's MDX integration,
 * then marked as that integration marks a compiled file, so Astro renders it the same way.
 *
 * Only a body that passes the site's own check is compiled: such a body holds no import, no
 * expression and no component but the blocks, so the module made from it runs nothing of its own.
 */
import { createHash } from 'node:crypto';
import { satteri } from '@astrojs/markdown-satteri';
import { bodyProblems } from '../lib/content-check.ts';
import { markdownOptions } from '../lib/markdown-options.ts';

type Compiler = Awaited<ReturnType<NonNullable<ReturnType<typeof satteri>['createMdxRenderer']>>>;

let compiler: Promise<Compiler> | undefined;
/** By the body's hash: a module, once imported, stays in memory, so the same text is compiled once. */
const compiled = new Map<string, Promise<{ Content: unknown }>>();

/** The runtime a compiled body imports, as files: a module made from a data: URL cannot resolve a package's name. */
const runtime = {
  jsx: import.meta.resolve('astro/jsx-runtime'),
  server: import.meta.resolve('astro/runtime/server/index.js'),
};

async function compile(body: string, name: string): Promise<{ Content: unknown }> {
  // Astro's own defaults (GitHub tables, typographic quotes) with the site's options over them.
  compiler ??= satteri().createMdxRenderer!({ gfm: true, smartypants: true, ...markdownOptions }, { optimize: false, sourcemap: false });
  const { code } = await (await compiler).process(body, name, {});
  const source = `${code.replaceAll('"astro/jsx-runtime"', JSON.stringify(runtime.jsx))}
import { Fragment as __Fragment } from ${JSON.stringify(runtime.jsx)};
import { __astro_tag_component__ } from ${JSON.stringify(runtime.server)};
export const Content = (props = {}) => MDXContent({ ...props, components: { Fragment: __Fragment, ...props.components } });
Content[Symbol.for('mdx-component')] = true;
Content[Symbol.for('astro.needsHeadRendering')] = true;
__astro_tag_component__(Content, 'astro:jsx');
`;
  if (/\bfrom\s*["'](?!file:)/.test(source)) throw new Error(`the compiled body of ${name} imports something other than Astro's runtime`);
  const module = (await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)) as { Content: unknown };
  return { Content: module.Content };
}

/** The body as a component; a body the site's check refuses is refused here too. */
export function bodyComponent(body: string, name: string): Promise<{ Content: unknown }> {
  const problems = bodyProblems(body);
  if (problems.length > 0) return Promise.reject(new Error(`the body of ${name} fails the site's check: ${problems[0]!.message}`));
  const key = createHash('sha256').update(body).digest('base64url');
  let found = compiled.get(key);
  if (!found) {
    found = compile(body, name);
    compiled.set(key, found);
    found.catch(() => compiled.delete(key));
  }
  return found;
}
