/**
 * The preview renderer: one page of the site rendered with the entries given, in the site editor's
 * process (server/site/editing-child.ts), by Astro's Container API. scripts/preview-renderer.ts
 * compiles this file and the templates it imports once, at build, into dist-renderer/; that
 * process imports the file.
 *
 * The page is the one the build would make at that address from the same entries: the same page
 * module, its props from its own getStaticPaths. Its scripts still name their sources (/src/…) and it
 * has no stylesheet: the server points them at the served build's (server/site/quick-preview.ts).
 */
import { experimental_AstroContainer } from 'astro/container';
import reactRenderer from '@astrojs/react/server.js';
import mdxRenderer from '@astrojs/mdx/server.js';
import { collectionSchemas, type CollectionName } from '../lib/content-schemas.ts';
import { withBusinessDetails } from '../../core/business.ts';
import type { BusinessDetails } from '../../core/business-details.ts';
import { siteUrl } from '../lib/site-url.ts';
import { withContent, type PreviewEntry } from './content-source.ts';
import { bodyComponent } from './mdx-body.ts';

/** An entry as the site editor holds it: its data as its file has it, unchecked. */
export interface EntryToRender {
  collection: CollectionName;
  id: string;
  data: Record<string, unknown>;
  body?: string | undefined;
}

interface PageModule {
  default: Parameters<experimental_AstroContainer['renderToString']>[0];
  getStaticPaths?: () => Promise<{ params: Record<string, string>; props: Record<string, unknown> }[]>;
}

/** The site's pages by their address, with `[name]` for a parameter: made from their files' names, as Astro makes routes. */
const pages = Object.entries(import.meta.glob<PageModule>(['../pages/**/*.astro', '!../pages/inbox/**'], { eager: true })).map(([file, module]) => {
  const route =
    file
      .replace(/^\.\.\/pages/, '')
      .replace(/\.astro$/, '')
      .replace(/\/index$/, '') || '/';
  const names: string[] = [];
  const pattern = new RegExp(`^${route.replace(/\[(\w+)\]/g, (_, name: string) => (names.push(name), '([^/]+)'))}/?$`);
  return { pattern, names, module, dynamic: names.length > 0 };
});
// A fixed address wins over a parameter (/blog before /[slug]), as in Astro's routing.
pages.sort((a, b) => Number(a.dynamic) - Number(b.dynamic));

export class NoSuchPage extends Error {}

/** The project's root where the renderer was built (scripts/preview-renderer.ts defines it). */
declare const __BUILT_IN__: string;

/**
 * One container for the renderer's life, made as it loads (ready) or at its first render. A
 * container keeps a route for each page it renders; ending the process gives that back.
 */
let container: Promise<experimental_AstroContainer> | undefined;
function theContainer(): Promise<experimental_AstroContainer> {
  container ??= experimental_AstroContainer.create({
    astroConfig: { site: siteUrl(), trailingSlash: 'ignore' },
    // With its client entry point, a React island carries its props and export name as the build's do.
    renderers: [
      { name: '@astrojs/react', clientEntrypoint: '@astrojs/react/client.js', ssr: reactRenderer },
      { name: 'astro:jsx', ssr: mdxRenderer },
    ],
  });
  return container;
}

/** Makes the container ahead of the first render; the thread may be ended safely once this has settled. */
export async function ready(): Promise<void> {
  await theContainer();
}

/** The page at `route` made from `entries` (every entry of the site, edits included, the business details among them). */
export async function renderPage(route: string, entries: readonly EntryToRender[]): Promise<string> {
  const byCollection = new Map<string, PreviewEntry[]>();
  let details: BusinessDetails | undefined;
  for (const entry of entries) {
    const data: unknown = collectionSchemas[entry.collection].parse(entry.data);
    if (entry.collection === 'business') details = data as BusinessDetails;
    const list = byCollection.get(entry.collection) ?? [];
    list.push({ id: entry.id, collection: entry.collection, data, body: entry.body });
    byCollection.set(entry.collection, list);
  }
  const content = { entries: byCollection, body: (entry: PreviewEntry) => bodyComponent(entry.body ?? '', `${entry.collection}/${entry.id}.mdx`) };
  return withBusinessDetails(details, () =>
    withContent(content, async () => {
      const path = route.split(/[?#]/)[0]!;
      for (const page of pages) {
        const match = page.pattern.exec(path);
        if (!match) continue;
        const params = Object.fromEntries(page.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
        let props: Record<string, unknown> = {};
        if (page.dynamic) {
          const found = (await page.module.getStaticPaths?.())?.find((p) => page.names.every((name) => p.params[name] === params[name]));
          if (!found) continue;
          props = found.props;
        }
        const made = await theContainer();
        const html = await made.renderToString(page.module.default, { props, params, partial: false, request: new Request(new URL(path, siteUrl())) });
        // Scripts and islands named by their source as a development server names them: /src/…
        return html.replaceAll(`${__BUILT_IN__}/src/`, '/src/');
      }
      throw new NoSuchPage(`the site has no page at ${path}`);
    }),
  );
}
