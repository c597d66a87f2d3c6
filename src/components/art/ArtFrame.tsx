import type { ReactNode } from 'react';
import { palette } from './palette.ts';

/** The frame every hero artwork shares: one viewBox, sized by its column, decorative (hidden from assistive technology), with the two soft ice circles of the house style. */
export function ArtFrame({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 360 300" className="mx-auto h-auto w-full max-w-sm" aria-hidden="true" focusable="false">
      <circle cx="318" cy="36" r="22" fill={palette.sky} opacity="0.35" />
      <circle cx="34" cy="22" r="12" fill={palette.sky} opacity="0.35" />
      {children}
    </svg>
  );
}
