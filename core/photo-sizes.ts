/**
 * The owner's photos as the site serves them: each is cropped to one shape and kept at a few
 * widths in two formats, so a page knows every file's name and size without reading the photo.
 * The upload makes these files, the build writes them under PHOTO_PATH, and the page component
 * names them; all three read this one list.
 */

/** A photo's id: the start of the SHA-256 of the file uploaded, so the same photo sent twice is one photo. */
export const PHOTO_ID = /^[0-9a-f]{24}$/;

/** Width to height: the hero column's shape, wide enough for a shop floor or a plant room. */
export const PHOTO_ASPECT = { width: 4, height: 3 } as const;

/** The widths made: a phone's column, a laptop's hero column at twice its pixels, and a large screen's. */
export const PHOTO_WIDTHS = [480, 800, 1200] as const;

/** The formats made, best first: a browser takes the first it reads. */
export const PHOTO_FORMATS = [
  { ext: 'avif', type: 'image/avif' },
  { ext: 'webp', type: 'image/webp' },
] as const;

export type PhotoFormat = (typeof PHOTO_FORMATS)[number]['ext'];

/** Where the built site serves photos from. */
export const PHOTO_PATH = '/photos/';

/** A photo's file name at one width and format: `3f…a1-800.webp`. */
export function photoFileName(id: string, width: number, ext: PhotoFormat): string {
  return `${id}-${width}.${ext}`;
}

/** The height of a width in the photos' shape. */
export function photoHeight(width: number): number {
  return Math.round((width * PHOTO_ASPECT.height) / PHOTO_ASPECT.width);
}

/** Every file name a photo has on the site. */
export function photoFileNames(id: string): string[] {
  return PHOTO_FORMATS.flatMap(({ ext }) => PHOTO_WIDTHS.map((w) => photoFileName(id, w, ext)));
}

/** The most an upload may weigh: a phone's full-size photo, with room to spare. */
export const PHOTO_UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
