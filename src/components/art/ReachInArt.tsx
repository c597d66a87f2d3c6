import { ArtFrame } from './ArtFrame.tsx';
import { palette as c } from './palette.ts';

const doors = [44, 138, 232];

/** Commercial refrigerators: a three-door stainless reach-in with its compressor grille on top. */
export function ReachInArt() {
  return (
    <ArtFrame>
      <rect x="30" y="40" width="300" height="230" rx="14" fill={c.ice} />
      <rect x="44" y="52" width="272" height="26" rx="6" fill={c.steel} />
      <path d="M60 58v14M72 58v14M84 58v14M96 58v14M108 58v14M120 58v14" stroke={c.slate} strokeWidth="3" strokeLinecap="round" />
      <rect x="236" y="58" width="48" height="14" rx="4" fill={c.deep} />
      <circle cx="246" cy="65" r="3" fill={c.mint} />
      <rect x="256" y="62" width="22" height="6" rx="3" fill={c.sky} />
      {doors.map((x) => (
        <g key={x}>
          <rect x={x} y="86" width="86" height="164" rx="8" fill={c.white} />
          <rect x={x + 70} y="120" width="7" height="64" rx="3.5" fill={c.slate} />
          <rect x={x + 14} y="222" width="58" height="14" rx="4" fill={c.frost} />
        </g>
      ))}
      <rect x="40" y="270" width="16" height="10" rx="2" fill={c.slate} />
      <rect x="304" y="270" width="16" height="10" rx="2" fill={c.slate} />
      <rect x="172" y="270" width="16" height="10" rx="2" fill={c.slate} />
    </ArtFrame>
  );
}
