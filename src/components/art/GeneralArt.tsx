import { ArtFrame } from './ArtFrame.tsx';
import { palette as c } from './palette.ts';

/** The all-round piece (home, legal and index pages): a glass-door fridge beside a cool-room door. */
export function GeneralArt() {
  return (
    <ArtFrame>
      <rect x="20" y="30" width="150" height="250" rx="14" fill={c.ice} />
      <rect x="34" y="46" width="122" height="200" rx="8" fill={c.brand} opacity="0.9" />
      <g fill={c.frost}>
        <rect x="44" y="70" width="102" height="8" rx="3" />
        <rect x="44" y="120" width="102" height="8" rx="3" />
        <rect x="44" y="170" width="102" height="8" rx="3" />
        <rect x="44" y="220" width="102" height="8" rx="3" />
      </g>
      <g fill={c.cream}>
        <rect x="50" y="88" width="18" height="30" rx="3" />
        <rect x="74" y="94" width="18" height="24" rx="3" />
        <rect x="98" y="88" width="18" height="30" rx="3" />
        <rect x="54" y="140" width="26" height="28" rx="4" />
        <rect x="88" y="144" width="26" height="24" rx="4" />
        <rect x="50" y="190" width="40" height="28" rx="4" />
      </g>
      <rect x="146" y="110" width="5" height="70" rx="2" fill={c.ice} />
      <rect x="190" y="60" width="150" height="220" rx="14" fill={c.white} />
      <rect x="205" y="78" width="120" height="184" rx="6" fill={c.steel} />
      <rect x="300" y="150" width="14" height="40" rx="4" fill={c.slate} />
      <path d="M265 100v60M239 115l52 30M239 145l52-30" stroke={c.brand} strokeWidth="6" strokeLinecap="round" fill="none" />
    </ArtFrame>
  );
}
