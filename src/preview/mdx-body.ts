/**
 * An article's or guide's MDX body as the component a build's `render()` gives, compiled when a
 * preview asks for it: by the same Markdown processor and options as the build's MDX integration,
 * then marked as that integration marks a compiled file, so Astro renders it the same way.
 *
 * Only a body that passes the site's own check is compiled: such a body holds no import, no
 * expression and no component but the blocks, so the code made from it runs nothing of its own.
 *
 * The compiled module is run as a function given Astro's JSX runtime rather than imported: an
 * imported module stays in memory for good, one per text previewed, where a function is freed
 * once its page is rendered.
 */
import { satteri } from '@astrojs/markdown-satteri';
import * as jsxRuntime from 'astro/jsx-runtime';
import { bodyProblems } from '../lib/content-check.ts';
import { markdownOptions } from '../lib/markdown-options.ts';

type Compiler = Awaited<ReturnType<NonNullable<ReturnType<typeof satteri>['createMdxRenderer']>>>;
type Component = ((props?: { components?: Record<string, unknown> }) => unknown) & Record<symbol, unknown>;

let compiler: Promise<Compiler> | undefined;

/** The JSX runtime's import, the one import a checked body compiles to. */
const RUNTIME_IMPORT = /^import \{([^}]*)\} from "astro\/jsx-runtime";$/m;

/**
 * The compiled module as the body of a function that takes the JSX runtime and returns the page's
 * content: its one import read from the argument instead, its exports made local. Anything else
 * that imports or exports is refused (the caller then builds the site, as it does for any error).
 */
function asFunctionBody(code: string): string {
  let body = code.replace(RUNTIME_IMPORT, (_, names: string) => `const {${names.replace(/\bas\b/g, ':')}} = arguments[0];`);
  body = body.replace(/^export (const|function) /gm, '$1 ');
  if (/^\s*(?:import|export)\b/m.test(body)) throw new Error('the compiled body has an import or export other than the JSX runtime');
  return `"use strict";\n${body}\nreturn MDXContent;`;
}

/** The body as a component; a body the site's check refuses is refused here too. */
export async function bodyComponent(body: string, name: string): Promise<{ Content: unknown }> {
  const problems = bodyProblems(body);
  if (problems.length > 0) throw new Error(`the body of ${name} fails the site's check: ${problems[0]!.message}`);
  // Astro's own defaults (GitHub tables, typographic quotes) with the site's options over them.
  compiler ??= satteri().createMdxRenderer!({ gfm: true, smartypants: true, ...markdownOptions }, { optimize: false, sourcemap: false });
  const { code } = await (await compiler).process(body, name, {});
  // Code compiled from a body the site's check passed: no expressions, no imports of its own.
  const MDXContent = new Function(asFunctionBody(code))(jsxRuntime) as Component;
  const Content = ((props: { components?: Record<string, unknown> } = {}) =>
    MDXContent({ ...props, components: { Fragment: jsxRuntime.Fragment, ...props.components } })) as Component;
  // The marks @astrojs/mdx gives a compiled file: an MDX component, rendered by Astro's JSX renderer.
  Content[Symbol.for('mdx-component')] = true;
  Content[Symbol.for('astro.needsHeadRendering')] = true;
  Object.defineProperty(Content, Symbol.for('astro:renderer'), { value: 'astro:jsx' });
  return { Content };
}
