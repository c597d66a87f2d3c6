import { defineConfig } from 'astro/config';
import { resolve } from 'node:path';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';
import tailwindcss from '@tailwindcss/vite';
import { siteUrl } from './src/lib/site-url.ts';
import { contentSecurity } from './src/lib/content-security.ts';
import { markdownOptions } from './src/lib/markdown-options.ts';
import { precompress } from './scripts/precompress.ts';
import { previewRenderer } from './scripts/preview-renderer.ts';
import { BUSINESS_DETAILS_FILE, BUSINESS_DETAILS_IMPORT, contentDir } from './src/lib/content-files.ts';

const csp = contentSecurity();

export default defineConfig({
  site: siteUrl(),
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  compressHTML: true,
  // Builds of published versions run beside each other (one per instance): each keeps its own cache.
  ...(process.env.SITE_CACHE_DIR ? { cacheDir: process.env.SITE_CACHE_DIR } : {}),
  markdown: markdownOptions,
  integrations: [react(), mdx(), precompress(), previewRenderer()],
  vite: {
    plugins: [tailwindcss()],
    // The business details the pages state: the release's file, or a published version's copy.
    resolve: { alias: { [BUSINESS_DETAILS_IMPORT]: resolve(contentDir(), BUSINESS_DETAILS_FILE) } },
  },
  // Astro hashes every script and style it emits into a per-page CSP <meta>; the lead server adds
  // the directives a <meta> cannot carry (frame-ancestors) as a header.
  security: {
    csp: {
      directives: [...csp.directives],
      scriptDirective: { resources: csp.scriptResources },
    },
  },
});
