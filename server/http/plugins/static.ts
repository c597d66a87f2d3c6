/**
 * Serves the built site from memory: precompressed brotli and gzip (written at build), immutable
 * caching for hashed assets, ETags, pretty URLs (/contact and /contact/ both reach contact/index.html),
 * and the 404 page with status 404.
 *
 * Why not @fastify/static with `preCompressed`: it stats and streams each file from disk on every
 * request (one stat per candidate encoding, then a read stream), where this site (a few MB) fits in
 * memory and is answered from a Buffer. And its negotiation (@fastify/accept-negotiator) is the bug
 * this file once had in another shape: for `br;q=0, *` it picks brotli, because `*` stands for its
 * first encoding even when that one was refused by name, and it misses `BR`. So the site stays in
 * memory, Accept-Encoding is negotiated by `negotiator` (jshttp, the one Express uses: q-values, q=0
 * refusals, `*`, identity, case), and If-None-Match is parsed here by RFC 9110's grammar. Measured
 * on this build (/contact, a browser's Accept-Encoding, in-process inject): @fastify/static took
 * about three times as long a request; negotiator adds about 1.5 µs, under 1% of a request.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative, sep, extname } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import Negotiator from 'negotiator';
import { sitePath } from '../paths.ts';
import { WORKER_CSP } from './security.ts';
import { SERVICE_WORKER_PATH } from '../../../core/inbox-links.ts';

import { PHOTO_PATH } from '../../../core/photo-sizes.ts';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

export interface Asset {
  type: string;
  etag: string;
  cacheControl: string;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export interface StaticOptions {
  /**
   * The build being served; a new one is swapped in whole (the site editor's publish). `kept`
   * answers a content-named file of a build served before, which pages loaded then still ask for.
   */
  site: { readonly assets: ReadonlyMap<string, Asset>; kept?(path: string): Asset | undefined };
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]));
}

/** Whether the file at `urlPath` is named by its content (Astro's hashed files, the photos): a changed file is a new name. */
export function namedByContent(urlPath: string): boolean {
  return urlPath.startsWith('/_astro/') || urlPath.startsWith(PHOTO_PATH);
}

function cacheControl(urlPath: string, type: string): string {
  if (namedByContent(urlPath)) return 'public, max-age=31536000, immutable';
  if (type.startsWith('text/html')) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

/** Reads every file of the build once (or those whose URL path `only` takes), keyed by each URL path that should reach it. */
export function loadSite(root: string, only?: (urlPath: string) => boolean): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const file of walk(root)) {
    if (file.endsWith('.br') || file.endsWith('.gz') || file.endsWith('.tmp')) continue;
    const rel = relative(root, file).split(sep).join('/');
    const urlPath = `/${rel}`;
    if (only && !only(urlPath)) continue;
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const body = readFileSync(file);
    const asset: Asset = {
      type,
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      cacheControl: cacheControl(urlPath, type),
    };
    if (existsSync(`${file}.br`)) asset.br = readFileSync(`${file}.br`);
    if (existsSync(`${file}.gz`)) asset.gzip = readFileSync(`${file}.gz`);
    assets.set(urlPath, asset);
    if (rel.endsWith('index.html')) {
      const dirPath = urlPath.slice(0, -'index.html'.length); // "/contact/" or "/"
      assets.set(dirPath, asset);
      if (dirPath !== '/') assets.set(dirPath.slice(0, -1), asset);
    }
  }
  return assets;
}

type Coding = 'br' | 'gzip' | 'identity';
const BR_GZIP: readonly Coding[] = ['br', 'gzip', 'identity'];
const BR: readonly Coding[] = ['br', 'identity'];
const GZIP: readonly Coding[] = ['gzip', 'identity'];
const IDENTITY: readonly Coding[] = ['identity'];

/** The codings an asset is stored in, smallest first: also the order that breaks a tie of q-values. */
function codings(asset: Asset): readonly Coding[] {
  return asset.br ? (asset.gzip ? BR_GZIP : BR) : asset.gzip ? GZIP : IDENTITY;
}

/**
 * The coding the client ranks highest (RFC 9110 12.5.3) among those the asset has, ties going to
 * the smaller body. A coding refused with q=0, by name or by `*;q=0`, is never chosen. When the
 * client refuses every coding the asset has, identity included, the body goes uncoded: RFC 9110
 * 12.1 lets a server send that rather than a 406, and a page beats an error.
 */
function pickEncoding(request: FastifyRequest, asset: Asset): Coding {
  const available = codings(asset);
  if (available.length === 1) return 'identity';
  // `preferred` is negotiator 1.x's documented option; @types/negotiator (0.6) predates it.
  const negotiator = new Negotiator(request) as Negotiator & {
    encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
  };
  return (negotiator.encoding(available, { preferred: available }) as Coding | undefined) ?? 'identity';
}

/**
 * Whether If-None-Match names the current representation (RFC 9110 13.1.2): `*`, or a list of
 * entity-tags one of which matches `etag` by weak comparison (W/ ignored, opaque tags equal). The
 * list is read member by member, so a comma inside a quoted tag does not split it; a member that
 * is not an entity-tag matches nothing and ends at the next comma.
 */
function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (let at = 0; at < header.length;) {
    ENTITY_TAG.lastIndex = at;
    const member = ENTITY_TAG.exec(header);
    if (member) {
      if (member[1] === opaque) return true;
      at = ENTITY_TAG.lastIndex;
    } else {
      const comma = header.indexOf(',', at);
      if (comma < 0) break;
      at = comma + 1;
    }
  }
  return false;
}
/** One list member from where the last ended: OWS, W/ or not, a quoted opaque-tag (etagc = %x21 / %x23-7E / obs-text), OWS, a comma or the end. */
const ENTITY_TAG = /[ \t]*(?:W\/)?("[\x21\x23-\x7e\x80-\xff]*")[ \t]*(?:,|$)/y;

function send(request: FastifyRequest, reply: FastifyReply, asset: Asset, status = 200) {
  reply.header('Content-Type', asset.type).header('Vary', 'Accept-Encoding');
  if (status === 200) {
    reply.header('Cache-Control', asset.cacheControl).header('ETag', asset.etag);
    if (ifNoneMatchHits(request.headers['if-none-match'], asset.etag)) return reply.code(304).send();
  } else {
    reply.header('Cache-Control', 'no-store');
  }
  const encoding = pickEncoding(request, asset);
  const body = encoding === 'br' ? asset.br! : encoding === 'gzip' ? asset.gzip! : asset.body;
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.code(status).send(body);
}

// fastify-plugin: the not-found handler must be the whole app's, not only this plugin's context's.
export const staticSite = fp<StaticOptions>(
  async (app, { site }) => {
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      // One build for the whole answer, even if another is swapped in meanwhile.
      const assets = site.assets;
      const notFound = assets.get('/404.html');
      const path = sitePath(request.url);
      // Never a page from an earlier build: kept files are content-named ones only.
      const asset = path ? (assets.get(path) ?? site.kept?.(path)) : undefined;
      // The service worker's policy travels with its script, and it must be allowed to post its acknowledgement.
      if (asset && path === SERVICE_WORKER_PATH) reply.header('Content-Security-Policy', WORKER_CSP);
      if (asset) return send(request, reply, asset);
      if (notFound) return send(request, reply, notFound, 404);
      return reply.code(404).type('text/plain').send('Not found');
    };
    app.get('/*', handler);
    app.setNotFoundHandler(handler);
  },
  { name: 'static-site' },
);
