/**
 * Serves the built site from memory: precompressed brotli and gzip (written at build), immutable
 * caching for hashed assets, ETags, pretty URLs (/contact and /contact/ both reach contact/index.html),
 * and the 404 page with status 404.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative, sep, extname } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sitePath } from '../paths.ts';

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

interface Asset {
  type: string;
  etag: string;
  cacheControl: string;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export interface StaticOptions {
  root: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]));
}

function cacheControl(urlPath: string, type: string): string {
  if (urlPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (type.startsWith('text/html')) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

/** Reads every file of the build once, keyed by each URL path that should reach it. */
export function loadSite(root: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const file of walk(root)) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    const rel = relative(root, file).split(sep).join('/');
    const urlPath = `/${rel}`;
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

function pickEncoding(request: FastifyRequest, asset: Asset): 'br' | 'gzip' | null {
  const accept = String(request.headers['accept-encoding'] ?? '');
  if (asset.br && /\bbr\b/.test(accept)) return 'br';
  if (asset.gzip && /\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

function send(request: FastifyRequest, reply: FastifyReply, asset: Asset, status = 200) {
  reply.header('Content-Type', asset.type).header('Vary', 'Accept-Encoding');
  if (status === 200) {
    reply.header('Cache-Control', asset.cacheControl).header('ETag', asset.etag);
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
  } else {
    reply.header('Cache-Control', 'no-store');
  }
  const encoding = pickEncoding(request, asset);
  const body = encoding === 'br' ? asset.br! : encoding === 'gzip' ? asset.gzip! : asset.body;
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.code(status).send(body);
}

// fastify-plugin: the not-found handler must be the whole app's, not only this plugin's context's.
export const staticSite = fp<StaticOptions>(
  async (app, { root }) => {
    const assets = loadSite(root);
    const notFound = assets.get('/404.html');

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = sitePath(request.url);
      const asset = path ? assets.get(path) : undefined;
      if (asset) return send(request, reply, asset);
      if (notFound) return send(request, reply, notFound, 404);
      return reply.code(404).type('text/plain').send('Not found');
    };
    app.get('/*', handler);
    app.setNotFoundHandler(handler);
  },
  { name: 'static-site' },
);
