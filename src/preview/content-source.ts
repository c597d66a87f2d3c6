/**
 * What `astro:content` is inside the preview renderer (scripts/preview-renderer.ts points the
 * import here): the entries of the render under way, handed in by render-page.ts, where a build
 * reads the collections from files. Renders may overlap, so each reads its own entries.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** An entry as the templates read it: its data already checked by its collection's schema. */
export interface PreviewEntry {
  id: string;
  collection: string;
  data: unknown;
  body?: string | undefined;
}

export interface PreviewContent {
  entries: ReadonlyMap<string, readonly PreviewEntry[]>;
  /** An MDX entry's body as a component, as `render()` gives it in a build. */
  body: (entry: PreviewEntry) => Promise<{ Content: unknown }>;
}

const rendering = new AsyncLocalStorage<PreviewContent>();

export function withContent<T>(content: PreviewContent, render: () => Promise<T>): Promise<T> {
  return rendering.run(content, render);
}

function current(): PreviewContent {
  const content = rendering.getStore();
  if (!content) throw new Error('the preview renderer read content outside a render');
  return content;
}

export function getCollection(collection: string): Promise<readonly PreviewEntry[]> {
  return Promise.resolve(current().entries.get(collection) ?? []);
}

export function getEntry(collection: string, id: string): Promise<PreviewEntry | undefined> {
  return Promise.resolve(
    current()
      .entries.get(collection)
      ?.find((entry) => entry.id === id),
  );
}

export function render(entry: PreviewEntry): Promise<{ Content: unknown }> {
  return current().body(entry);
}
