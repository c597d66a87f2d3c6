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
// answering visitors on the rest while the owner uploads.
sharp.concurrency(1);

/** A file that cannot be a photo for the site: the sentence says why, for the person who sent it. */
export class PhotoRefused extends Error {}

/** The smallest photo the largest width can come from without being blown up. */
const MIN_WIDTH = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]! / 1.5;
const MIN_HEIGHT = photoHeight(MIN_WIDTH);
/** Past any phone's photo (the largest take about 50 million): a larger picture is refused before it is decoded. */
const MAX_PIXELS = 100_000_000;
const TOO_MANY_PIXELS = 'This picture has more pixels than any camera photo. Send the photo as the camera took it.';

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

async function decoded(bytes: Uint8Array, kind: PhotoKind): Promise<Sharp> {
  const options = { limitInputPixels: MAX_PIXELS, failOn: 'error' } as const;
  if (kind !== 'heic') {
    // The header says the size before a pixel is decoded: a small file may claim a vast picture.
    const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false })
      .metadata()
      .catch(() => ({ width: 0, height: 0 }));
    if (width * height > MAX_PIXELS) throw new PhotoRefused(TOO_MANY_PIXELS);
    return sharp(bytes, options).rotate();
  }
  const pixels = await decodeHeic(bytes).catch(() => {
    throw new PhotoRefused('This HEIC file could not be read as a photo.');
  });
  if (pixels.width * pixels.height > MAX_PIXELS) throw new PhotoRefused(TOO_MANY_PIXELS);
  return sharp(pixels.data, { ...options, raw: { width: pixels.width, height: pixels.height, channels: 4 } });
}

/** The site's files for a photo; refused (PhotoRefused) when it is not a JPEG, PNG or HEIC photo the site can use. */
export async function makePhotoFiles(bytes: Uint8Array): Promise<{ id: string; kind: PhotoKind; files: PhotoFile[] }> {
  const kind = photoKindOf(bytes);
  if (!kind) throw new PhotoRefused('Only JPEG, PNG or HEIC photos can be used. This file is none of those.');
  const image = await decoded(bytes, kind);
  // Upright first, so the size checked is the size seen.
  const upright = await image
    .raw()
    .toBuffer({ resolveWithObject: true })
    .then(({ data, info }) => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }))
    .catch((error: unknown) => {
      if (error instanceof PhotoRefused) throw error;
      throw new PhotoRefused('This file could not be read as a photo. It may be damaged; try saving it again.');
    });
  const { width = 0, height = 0 } = await upright.metadata();
  if (width < MIN_WIDTH || height < MIN_HEIGHT)
    throw new PhotoRefused(`This photo is ${width} × ${height} pixels: the site needs at least ${MIN_WIDTH} × ${MIN_HEIGHT}. Use the full-size photo.`);
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
