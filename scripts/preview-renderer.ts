/**
 * Builds the preview renderer (src/preview/render-page.ts with the templates it imports) into
 * dist-renderer/, for the lead server's site editor process to import: the site editor's previews
 * are then rendered there (server/site/quick-preview.ts), with no dev server.
 *
 * It is an Astro integration: a build of the release builds the renderer after it, in a process of
 * its own. A build of a published version (CONTENT_DIR_ENV set) leaves it alone, since the templates
 * are the release's either way.
 *
 *   node scripts/preview-renderer.ts     builds it on its own
 *
 * The bundle leaves Astro and React to be imported from node_modules, so the compiled templates,
 * the container and an MDX body compiled at preview time share one Astro runtime. Stylesheets are
 * left out: a preview takes the served build's.
 */
import type { AstroIntegration } from 'astro';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { CONTENT_DIR_ENV } from '../src/lib/content-files.ts';
import { PREVIEW_RENDERER_DIR, PREVIEW_RENDERER_FILE } from '../core/preview-renderer.ts';

const root = resolve(import.meta.dirname, '..');

export async function buildPreviewRenderer(): Promise<void> {
  process.env.NODE_ENV = 'production';
  const { getViteConfig } = await import('astro/config');
  const { build } = await import('vite');
  const config = await getViteConfig({
    root,
    publicDir: false,
    logLevel: 'warn',
    // Where it was built: the compiled templates name their scripts by file, and the renderer names
    // them from the project's root instead, wherever it was built.
    define: { __BUILT_IN__: JSON.stringify(root) },
    // The renderer's stand-in for the collections a build reads from files.
    resolve: { alias: { 'astro:content': join(root, 'src/preview/content-source.ts') } },
    // The icon and map libraries are bundled: imported whole from node_modules, lucide-react loads
    // every one of its icons, about 22 MB more in the thread (measured), for the hundred the pages use.
    ssr: { external: ['astro', 'react', 'react-dom', '@astrojs/markdown-satteri'], noExternal: ['lucide-react', 'd3-geo', 'topojson-client'] },
    plugins: [
      {
        name: 'preview-renderer-no-styles',
        enforce: 'pre',
        load: (id) => (/\.css(?:\?|$)/.test(id) ? '' : undefined),
      },
    ],
    build: {
      ssr: join(root, 'src/preview/render-page.ts'),
      outDir: join(root, PREVIEW_RENDERER_DIR),
      emptyOutDir: true,
      rollupOptions: { output: { entryFileNames: PREVIEW_RENDERER_FILE.slice(PREVIEW_RENDERER_DIR.length + 1) } },
    },
  })({ command: 'build', mode: 'production' });
  await build({ ...config, configFile: false });
}

export function previewRenderer(): AstroIntegration {
  return {
    name: 'preview-renderer',
    hooks: {
      'astro:build:done': ({ logger }) => {
        if (process.env[CONTENT_DIR_ENV]) return;
        const result = spawnSync(process.execPath, [import.meta.filename], { cwd: root, stdio: 'inherit' });
        if (result.status !== 0) throw new Error(`the preview renderer's build failed (exit code ${result.status})`);
        logger.info(`preview renderer built into ${PREVIEW_RENDERER_DIR}/`);
      },
    },
  };
}

if (import.meta.main) await buildPreviewRenderer();
