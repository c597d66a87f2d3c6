/**
 * An Astro integration that writes brotli (.br) and gzip (.gz) copies of every text file after the
 * build, so the lead server (or any static host) serves them without compressing per request.
 */
import type { AstroIntegration } from 'astro';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { keepCachedCopy, readCachedCopy } from '../core/compressed-cache.ts';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const COMPRESSIBLE = /\.(html|css|js|mjs|json|xml|txt|svg|webmanifest)$/;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]));
}

/** The brotli and gzip copies of `body`, from the shared cache when a build before made them (core/compressed-cache.ts). */
function compressed(body: Buffer, cacheDir: string | undefined): { br: Buffer; gz: Buffer } {
  const br =
    (cacheDir && readCachedCopy(cacheDir, body, 'br')) ||
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  const gz = (cacheDir && readCachedCopy(cacheDir, body, 'gz')) || gzipSync(body, { level: 9 });
  if (cacheDir) {
    keepCachedCopy(cacheDir, body, 'br', br);
    keepCachedCopy(cacheDir, body, 'gz', gz);
  }
  return { br, gz };
}

export function precompressDir(dir: string, cacheDir = process.env.PRECOMPRESS_CACHE || undefined): { files: number; bytes: number; br: number } {
  let files = 0;
  let bytes = 0;
  let br = 0;
  for (const file of walk(dir).filter((f) => COMPRESSIBLE.test(f))) {
    const body = readFileSync(file);
    if (body.length < 256) continue;
    const { br: b, gz } = compressed(body, cacheDir);
    writeFileSync(`${file}.br`, b);
    writeFileSync(`${file}.gz`, gz);
    files++;
    bytes += body.length;
    br += b.length;
  }
  return { files, bytes, br };
}

export function precompress(): AstroIntegration {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const { files, bytes, br } = precompressDir(fileURLToPath(dir));
        logger.info(`${files} files compressed: ${Math.round(bytes / 1024)} KiB → ${Math.round(br / 1024)} KiB brotli`);
      },
    },
  };
}
