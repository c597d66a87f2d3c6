import { defineConfig } from 'astro/config';
import { resolve } from 'node:path';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';
import tailwindcss from '@tailwindcss/vite';
import { DEFAULT_SITE_URL } from './src/config/site.ts';
import { contentSecurity } from './src/lib/content-security.ts';
import { precompress } from './scripts/precompress.ts';
import { livePreview } from './scripts/live-preview-refresh.ts';
import { LIVE_PREVIEW_ENV } from './core/live-preview-protocol.ts';
import { BUSINESS_DETAILS_FILE, BUSINESS_DETAILS_IMPORT, contentDir } from './src/lib/content-files.ts';

// The lead server's own `astro dev`, which renders quick previews (scripts/live-preview-refresh.ts).
const livePreviewChild = Boolean(process.env[LIVE_PREVIEW_ENV]);
const csp = contentSecurity();

export default defineConfig({
  site: process.env.SITE_URL || DEFAULT_SITE_URL,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  compressHTML: true,
  // Builds of published versions run beside each other (one per instance): each keeps its own cache.
  ...(process.env.SITE_CACHE_DIR ? { cacheDir: process.env.SITE_CACHE_DIR } : {}),
  // No code blocks in the copy; Shiki would add inline styles the CSP forbids.
  markdown: { syntaxHighlight: false },
  integrations: [react(), mdx(), precompress(), livePreview()],
  ...(livePreviewChild ? { devToolbar: { enabled: false } } : {}),
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
