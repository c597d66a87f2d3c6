import { ArtFrame } from './ArtFrame.tsx';
import { palette as c } from './palette.ts';

/** Repairs: a condenser unit with its fan grille, a gauge manifold hooked up and a spanner and toolbox at its foot. */
export function RepairsArt() {
  return (
    <ArtFrame>
      <rect x="26" y="60" width="200" height="190" rx="12" fill={c.ice} />
      <circle cx="126" cy="150" r="72" fill={c.steel} />
      <circle cx="126" cy="150" r="62" fill="none" stroke={c.white} strokeWidth="4" />
      <circle cx="126" cy="150" r="44" fill="none" stroke={c.white} strokeWidth="4" />
      <path
        d="M126 150c-6-24 6-40 22-36-2 16-10 26-22 36zM126 150c24-6 40 6 36 22-16-2-26-10-36-22zM126 150c6 24-6 40-22 36 2-16 10-26 22-36zM126 150c-24 6-40-6-36-22 16 2 26 10 36 22z"
        fill={c.brand}
      />
      <circle cx="126" cy="150" r="9" fill={c.navy} />
      <rect x="36" y="250" width="18" height="18" rx="3" fill={c.slate} />
      <rect x="198" y="250" width="18" height="18" rx="3" fill={c.slate} />
      <rect x="226" y="200" width="22" height="12" rx="3" fill={c.amber} />
      <path d="M248 206h14c10 0 14-8 14-18v-48" stroke={c.brand} strokeWidth="6" fill="none" strokeLinecap="round" />
      <path d="M276 140c0-12 8-20 18-20" stroke={c.red} strokeWidth="6" fill="none" strokeLinecap="round" />
      <rect x="256" y="70" width="88" height="44" rx="10" fill={c.white} />
      <circle cx="280" cy="92" r="16" fill={c.frost} stroke={c.brand} strokeWidth="4" />
      <circle cx="320" cy="92" r="16" fill={c.rose} stroke={c.red} strokeWidth="4" />
      <path d="M280 92l8-8M320 92l-9-6" stroke={c.navy} strokeWidth="3" strokeLinecap="round" />
      <rect x="236" y="240" width="104" height="40" rx="6" fill={c.red} />
      <rect x="262" y="230" width="52" height="12" rx="4" fill="none" stroke={c.slate} strokeWidth="5" />
      <rect x="236" y="252" width="104" height="6" fill={c.navy} opacity="0.25" />
      <path d="M58 284l110-10" stroke={c.steel} strokeWidth="9" strokeLinecap="round" />
      <path d="M52 276a12 12 0 1 0 12 16l-6-6 4-8z" fill={c.steel} />
    </ArtFrame>
  );
}
