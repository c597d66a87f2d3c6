import { ArtFrame } from './ArtFrame.tsx';
import { palette as c } from './palette.ts';

const tubs = [
  { x: 56, colour: c.rose },
  { x: 110, colour: c.cream },
  { x: 164, colour: c.mint },
  { x: 218, colour: '#d6a676' },
  { x: 272, colour: c.frost },
];

/** Display freezers: a scooping cabinet under curved glass, five flavours in their tubs, and a cone. */
export function IceCreamFreezerArt() {
  return (
    <ArtFrame>
      <path d="M36 170c0-50 40-80 100-80h170c8 0 14 6 14 14v66z" fill={c.frost} opacity="0.45" />
      <path d="M36 170c0-50 40-80 100-80h170" stroke={c.ice} strokeWidth="6" fill="none" strokeLinecap="round" />
      {tubs.map((t) => (
        <g key={t.x}>
          <path d={`M${t.x} 168c0-18 10-28 23-28s23 10 23 28z`} fill={t.colour} />
          <circle cx={t.x + 14} cy={150} r="4" fill={c.white} opacity="0.7" />
        </g>
      ))}
      <rect x="28" y="166" width="304" height="16" rx="6" fill={c.steel} />
      <rect x="28" y="182" width="304" height="90" rx="10" fill={c.ice} />
      <rect x="44" y="198" width="272" height="20" rx="6" fill={c.brand} />
      <path d="M70 208h220" stroke={c.sky} strokeWidth="4" strokeDasharray="14 10" strokeLinecap="round" />
      <rect x="44" y="232" width="272" height="26" rx="6" fill={c.white} />
      <rect x="40" y="272" width="20" height="8" rx="2" fill={c.slate} />
      <rect x="300" y="272" width="20" height="8" rx="2" fill={c.slate} />
      <path d="M46 74l14 44 14-44z" fill={c.amber} />
      <path d="M50 82l20 0M53 92l14 0" stroke="#d97706" strokeWidth="3" strokeLinecap="round" />
      <circle cx="60" cy="62" r="15" fill={c.rose} />
      <circle cx="60" cy="44" r="11" fill={c.mint} />
    </ArtFrame>
  );
}
