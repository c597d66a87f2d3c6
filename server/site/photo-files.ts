/**
 * An uploaded photo made into the files the site serves: its kind told from its first bytes (never
 * from its name or the browser's word), turned upright, cropped to the site's shape around what
 * draws the eye, and written at each width as AVIF and WebP. Nothing of the upload's own data
 * (the camera, the time, the place it was taken) is carried over: the image library writes only
 * pixels unless asked to keep more.
 */
import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { PHOTO_FORMATS, PHOTO_WIDTHS, photoFileName, photoHeight } from '../../core/photo-sizes.ts';
import type { PhotoFile } from '../storage/site-photos.ts';
import { decodeHeic } from './heic-decoder.ts';

export type PhotoKind = 'jpeg' | 'png' | 'heic';

// One thread per image: making a photo takes a core, never every core, so the server keeps
// answering visitors on the rest while the owner uploads. No cache of decoded images either: each
// photo is made once, and a cache would keep its pixels after.
sharp.concurrency(1);
sharp.cache(false);

/**
 * Work run one piece at a time, in order, with at most `waitingMax` more waiting their turn: run()
 * answers undefined when the line is full.
 */
export class OneAtATime {
  readonly waitingMax: number;
  #tail: Promise<unknown> = Promise.resolve();
  #inLine = 0;
  constructor(waitingMax: number) {
    this.waitingMax = waitingMax;
  }

  run<T>(work: () => Promise<T>): Promise<T> | undefined {
    if (this.#inLine > this.waitingMax) return undefined;
    this.#inLine++;
    const next = this.#tail.then(work, work).finally(() => this.#inLine--);
    this.#tail = next.catch(() => undefined);
    return next;
  }
}

/**
 * Photos are made one at a time in this process (one instance): a large one holds its pixels while
 * it is made, so one at a time under the pixel limit is what bounds the memory uploads take. Three
 * more may wait (each upload's bytes are held meanwhile); past that, the sender tries again later.
 */
export const photoTurns = new OneAtATime(3);
export const PHOTOS_BUSY = 'Other photos are being prepared just now. Wait half a minute and send this one again.';

/** A file that cannot be a photo for the site: the sentence says why, for the person who sent it. */
export class PhotoRefused extends Error {}

/** The smallest photo the largest width can come from without being blown up. */
const MIN_WIDTH = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]! / 1.5;
const MIN_HEIGHT = photoHeight(MIN_WIDTH);
/**
 * The most pixels a photo may have, read from its header before a pixel is decoded. The largest
 * size kept is 1200 × 900 (about 1 million pixels): a phone's usual photo (12 or 24 million) has
 * ten times what that needs, and the largest modes phones offer (48 million on an iPhone, 8064 ×
 * 6048; 50 million on a Samsung, 8160 × 6120) still pass. Decoding one takes up to 200 MB (four
 * bytes a pixel); a larger picture only costs memory for pixels the site throws away.
 */
export const MAX_PIXELS = 50_000_000;
const UNREADABLE = 'This file could not be read as a photo. It may be damaged; try saving it again.';
const HEIC_UNREADABLE = 'This HEIC file could not be read as a photo.';
const TOO_MANY_PIXELS = `This picture has more pixels than any camera photo (the site takes up to ${MAX_PIXELS / 1_000_000} million). Send the photo as the camera took it.`;

/**
 * The width and height a HEIC file states for its pictures (the ispe boxes), without decoding it:
 * the largest stated, which is the whole picture's where it is made of tiles. Undefined when none is
 * found, and the file is then not read.
 */
export function heicSizeOf(bytes: Uint8Array): { width: number; height: number } | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let largest: { width: number; height: number } | undefined;
  for (let at = b.indexOf('ispe', 4, 'latin1'); at >= 4 && at + 16 <= b.length; at = b.indexOf('ispe', at + 4, 'latin1')) {
    // A box: its size, 'ispe', version and flags, then the width and height.
    if (b.readUInt32BE(at - 4) < 20) continue;
    const width = b.readUInt32BE(at + 8);
    const height = b.readUInt32BE(at + 12);
    if (!largest || width * height > largest.width * largest.height) largest = { width, height };
  }
  return largest;
}

/** The brands of an ISO media file that say it holds HEVC pictures (HEIC), as Apple and others write them. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);

/** What kind of photo the bytes are, by their signature; undefined for anything else. */
export function photoKindOf(bytes: Uint8Array): PhotoKind | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 16 && b.toString('latin1', 4, 8) === 'ftyp') {
    const size = Math.min(b.readUInt32BE(0), b.length);
    const brands = [b.toString('latin1', 8, 12)];
    for (let at = 16; at + 4 <= size; at += 4) brands.push(b.toString('latin1', at, at + 4));
    // A generic image brand (mif1) is HEIC only when HEVC is among its brands; AVIF is not taken.
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  }
  return undefined;
}

/** The photo's id: the same file sent twice is one photo. */
export function photoIdOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 24);
}

const tooSmall = (width: number, height: number) =>
  new PhotoRefused(`This photo is ${width} × ${height} pixels: the site needs at least ${MIN_WIDTH} × ${MIN_HEIGHT}. Use the full-size photo.`);

/**
 * The photo's kind and size as its header states them, nothing decoded: refused (PhotoRefused) when
 * it is not a photo, or states a size the site does not take. Cheap, so an upload is checked before
 * it waits its turn to be made: a refused one never holds a place in the line.
 */
export async function photoHeaderOf(bytes: Uint8Array): Promise<{ kind: PhotoKind; width: number; height: number }> {
  const kind = photoKindOf(bytes);
  if (!kind) throw new PhotoRefused('Only JPEG, PNG or HEIC photos can be used. This file is none of those.');
  let size: { width: number; height: number } | undefined;
  if (kind === 'heic') {
    size = heicSizeOf(bytes);
    if (!size) throw new PhotoRefused(HEIC_UNREADABLE);
  } else {
    // A small file may claim a vast picture: its header is read, its pixels are not.
    const meta = await sharp(bytes, { limitInputPixels: false })
      .metadata()
      .catch(() => undefined);
    if (!meta?.autoOrient) throw new PhotoRefused(UNREADABLE);
    size = meta.autoOrient;
  }
  if (size.width * size.height > MAX_PIXELS) throw new PhotoRefused(TOO_MANY_PIXELS);
  // A HEIC states its size before it is turned upright: only the decoded picture's is checked for it.
  if (kind !== 'heic' && (size.width < MIN_WIDTH || size.height < MIN_HEIGHT)) throw tooSmall(size.width, size.height);
  return { kind, ...size };
}

/** The picture, upright, to decode: a HEIC's pixels decoded in a worker of its own, the rest as the image library reads them. */
async function decoded(bytes: Uint8Array, kind: PhotoKind): Promise<Sharp> {
  // The pixel limit again, in the image library itself: the header check reads the header, this the picture.
  const options = { limitInputPixels: MAX_PIXELS, failOn: 'error' } as const;
  if (kind !== 'heic') return sharp(bytes, options).rotate();
  const pixels = await decodeHeic(bytes).catch(() => {
    throw new PhotoRefused(HEIC_UNREADABLE);
  });
  if (pixels.width * pixels.height > MAX_PIXELS) throw new PhotoRefused(TOO_MANY_PIXELS);
  if (pixels.width < MIN_WIDTH || pixels.height < MIN_HEIGHT) throw tooSmall(pixels.width, pixels.height);
  return sharp(pixels.data, { ...options, raw: { width: pixels.width, height: pixels.height, channels: 4 } });
}

/**
 * The site's files for a photo; refused (PhotoRefused) when it is not a JPEG, PNG or HEIC photo the
 * site can use. Memory is bounded by the pixel limit and by the caller making one photo at a time:
 * the image library's pixels are native memory, outside any limit a worker thread's heap could set.
 */
export async function makePhotoFiles(bytes: Uint8Array): Promise<{ id: string; kind: PhotoKind; files: PhotoFile[] }> {
  const { kind } = await photoHeaderOf(bytes);
  const image = await decoded(bytes, kind);
  // Decoded once, upright, and shrunk as it is read to the least that still covers the largest size
  // kept: the full picture's pixels are never held at once (a JPEG is even decoded at a fraction).
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  const upright = await image
    .resize(largest, photoHeight(largest), { fit: 'outside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .then(({ data, info }) => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }))
    .catch((error: unknown) => {
      if (error instanceof PhotoRefused) throw error;
      throw new PhotoRefused(UNREADABLE);
    });
  const id = photoIdOf(bytes);
  const files: PhotoFile[] = [];
  for (const w of PHOTO_WIDTHS) {
    const sized = upright.clone().resize(w, photoHeight(w), { fit: 'cover', position: 'attention' });
    for (const { ext } of PHOTO_FORMATS) {
      const body = ext === 'avif' ? await sized.clone().avif({ quality: 50, effort: 4 }).toBuffer() : await sized.clone().webp({ quality: 75 }).toBuffer();
      files.push({ name: photoFileName(id, w, ext), body });
    }
  }
  return { id, kind, files };
}
