/**
 * Photos for the tests: a drawn picture (a cool-room door on a blue wall) made as a JPEG or PNG of
 * any size, distinct by `shade` so each test's upload is a photo of its own; and a HEIC of the
 * same picture, made once with libheif's heif-enc (`heif-enc -q 40`), since nothing in the project
 * writes HEIC.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

export const HEIC_PHOTO = readFileSync(join(import.meta.dirname, '../fixtures/photos/cool-room.heic'));

export async function drawnPhoto(
  format: 'jpeg' | 'png',
  { width = 1024, height = 768, shade = 0, exif }: { width?: number; height?: number; shade?: number; exif?: Record<string, Record<string, string>> } = {},
): Promise<Buffer> {
  const wall = `hsl(${200 + (shade % 40)}, 70%, 30%)`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${wall}"/><rect x="35%" y="20%" width="30%" height="70%" rx="24" fill="#e2e8f0"/><rect x="38%" y="24%" width="24%" height="62%" rx="12" fill="#bae6fd"/></svg>`;
  const image = sharp(Buffer.from(svg));
  if (exif) image.withExif(exif);
  return format === 'jpeg' ? image.jpeg({ quality: 85 }).toBuffer() : image.png().toBuffer();
}
