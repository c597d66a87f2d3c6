import { ArtFrame } from './ArtFrame.tsx';
import { palette as c } from './palette.ts';

/** Installation: a new cabinet wheeled in on a hand truck towards its marked spot, with a spirit level laid out. */
export function InstallationArt() {
  return (
    <ArtFrame>
      <path d="M40 60v210h28" stroke={c.slate} strokeWidth="8" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="32" y="52" width="16" height="22" rx="5" fill={c.navy} />
      <circle cx="52" cy="268" r="14" fill={c.navy} />
      <circle cx="52" cy="268" r="5" fill={c.steel} />
      <rect x="50" y="50" width="120" height="214" rx="12" fill={c.ice} />
      <rect x="60" y="60" width="100" height="160" rx="6" fill={c.white} />
      <rect x="146" y="100" width="7" height="64" rx="3.5" fill={c.slate} />
      <rect x="60" y="228" width="100" height="26" rx="4" fill={c.steel} />
      <path d="M50 96h120M50 190h120" stroke={c.amber} strokeWidth="10" />
      <rect x="200" y="70" width="130" height="210" rx="10" fill="none" stroke={c.sky} strokeWidth="4" strokeDasharray="12 10" />
      <path d="M212 54h106M212 54l10-7M212 54l10 7M318 54l-10-7M318 54l-10 7" stroke={c.frost} strokeWidth="4" strokeLinecap="round" />
      <path d="M346 82v186M346 82l-7 10M346 82l7 10M346 268l-7-10M346 268l7-10" stroke={c.frost} strokeWidth="4" strokeLinecap="round" />
      <rect x="214" y="246" width="100" height="22" rx="5" fill={c.amber} />
      <rect x="250" y="251" width="28" height="12" rx="6" fill={c.mint} />
      <circle cx="264" cy="257" r="4" fill={c.white} />
      <path d="M180 170h10l-6-8M190 170l-6 8" stroke={c.white} strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </ArtFrame>
  );
}
