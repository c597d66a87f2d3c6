/**
 * An Astro integration that writes brotli (.br) and gzip (.gz) copies of every text file after the
 * build, so the lead server (or any static host) serves them without compressing per request.
 * The site editor's builds leave them out (PRECOMPRESS_ENV): a preview is served as it is, and a
 * publish compresses afterwards by running this file on the build's folder, in a process of its own.
 *
 *   node scripts/precompress.ts DIR
 */
import type { AstroIntegration } from 'astro';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { keepCachedCopy, PRECOMPRESS_ENV, readCachedCopy, temporaryCopyEnding } from '../core/compressed-cache.ts';
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
    // Under a temporary name of this process's own first: another instance may be reading the
    // folder, or compressing it too (one name for both, and one would rename the other's file away).
    for (const [path, copy] of [
      [`${file}.br`, b],
      [`${file}.gz`, gz],
    ] as const) {
      const tmp = `${path}${temporaryCopyEnding()}`;
      writeFileSync(tmp, copy);
      renameSync(tmp, path);
    }
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
        if (process.env[PRECOMPRESS_ENV] === 'later') return logger.info('compression left to the site editor');
        const { files, bytes, br } = precompressDir(fileURLToPath(dir));
        logger.info(`${files} files compressed: ${Math.round(bytes / 1024)} KiB → ${Math.round(br / 1024)} KiB brotli`);
      },
    },
  };
}

if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('Usage: node scripts/precompress.ts DIR');
    process.exit(2);
  }
  const { files, bytes, br } = precompressDir(dir);
  console.log(`${files} files compressed: ${Math.round(bytes / 1024)} KiB → ${Math.round(br / 1024)} KiB brotli`);
}
