/**
 * The site editor's `astro dev`, as the lead server runs it (server/site/live-preview.ts): on the
 * loopback address at a free port, which it prints as one JSON line once it is ready. It stops when
 * its standard input closes, so it never outlives the server that started it, even one killed.
 *
 * ROOT is a folder of links to the project's files: Astro keeps what it generates for the content
 * in the root's `.astro/` folder, which the builds of the project itself must not share with it.
 * Links are kept as links (not resolved to the project), so every path stays inside ROOT.
 *
 *   SITE_LIVE_PREVIEW=SECRET SITE_CONTENT_DIR=DIR node scripts/live-preview-server.ts ROOT
 */
import { dev } from 'astro';

const root = process.argv[2];
if (!root) throw new Error('usage: node scripts/live-preview-server.ts ROOT');
const server = await dev({
  root,
  server: { host: '127.0.0.1', port: 0 },
  logLevel: 'warn',
  vite: { resolve: { preserveSymlinks: true } },
});
// Nothing here changes but what the lead server writes and then reloads itself (the refresh in
// live-preview-refresh.ts). A file watcher would reload the same content again a moment later, and a
// reload it starts makes a refresh meanwhile find the content settings half loaded and do nothing.
await server.watcher.close();
process.stdout.write(`${JSON.stringify({ port: server.address.port })}\n`);
process.stdin.on('end', () => void server.stop().finally(() => process.exit(0)));
process.stdin.resume();
