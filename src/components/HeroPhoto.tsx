import { PHOTO_FORMATS, PHOTO_PATH, PHOTO_WIDTHS, photoFileName, photoHeight } from '../../core/photo-sizes.ts';

export interface HeroPhotoProps {
  id: string;
  alt: string;
  /** Whether the photo shows as the page opens (so it loads at once) or only on large screens (so a phone never fetches it). */
  eager: boolean;
}

const srcsetOf = (id: string, ext: (typeof PHOTO_FORMATS)[number]['ext']) =>
  PHOTO_WIDTHS.map((w) => `${PHOTO_PATH}${photoFileName(id, w, ext)} ${w}w`).join(', ');

/** The hero column is the full width on a phone and two fifths of the page (at most 32 rem) beside the heading. */
const SIZES = '(min-width: 1024px) min(40vw, 32rem), calc(100vw - 2rem)';

/** The owner's photo in the hero: AVIF, then WebP, at the width the screen needs, with its size known before it loads. */
export function HeroPhoto({ id, alt, eager }: HeroPhotoProps) {
  const fallback = PHOTO_WIDTHS[1];
  const last = PHOTO_FORMATS[PHOTO_FORMATS.length - 1]!;
  return (
    <picture>
      {PHOTO_FORMATS.map(({ ext, type }) => (
        <source key={ext} type={type} srcSet={srcsetOf(id, ext)} sizes={SIZES} />
      ))}
      <img
        src={`${PHOTO_PATH}${photoFileName(id, fallback, last.ext)}`}
        alt={alt}
        width={fallback}
        height={photoHeight(fallback)}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="mx-auto h-auto w-full max-w-lg rounded-2xl shadow-lg"
      />
    </picture>
  );
}
