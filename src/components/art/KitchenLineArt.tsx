import { ArtFrame } from './ArtFrame.tsx';
import { palette as c } from './palette.ts';

/** Hospitality: a kitchen line under its extraction hood, pots on the stove, dockets on the rail and under-bench fridges below. */
export function KitchenLineArt() {
  return (
    <ArtFrame>
      <path d="M70 40h220l30 50H40z" fill={c.steel} />
      <rect x="40" y="88" width="280" height="8" rx="3" fill={c.slate} />
      <rect x="60" y="112" width="150" height="6" rx="3" fill={c.steel} />
      {[70, 108, 146].map((x, i) => (
        <g key={x}>
          <rect x={x} y="114" width="26" height={34 - i * 4} rx="2" fill={c.white} />
          <path d={`M${x + 5} 126h16M${x + 5} 134h12`} stroke={c.steel} strokeWidth="3" strokeLinecap="round" />
        </g>
      ))}
      <g stroke={c.white} strokeWidth="4" strokeLinecap="round" fill="none" opacity="0.7">
        <path d="M236 150c-8-10 8-16 0-28M262 146c-8-10 8-16 0-28" />
      </g>
      <rect x="220" y="156" width="62" height="30" rx="6" fill={c.slate} />
      <rect x="212" y="152" width="78" height="8" rx="4" fill={c.navy} />
      <path d="M56 186h120" stroke={c.amber} strokeWidth="12" strokeLinecap="round" />
      <circle cx="96" cy="176" r="12" fill={c.red} />
      <circle cx="132" cy="178" r="9" fill={c.mint} />
      <rect x="20" y="190" width="320" height="14" rx="4" fill={c.white} />
      <rect x="26" y="204" width="308" height="76" rx="6" fill={c.ice} />
      {[36, 136, 236].map((x) => (
        <g key={x}>
          <rect x={x} y="212" width="88" height="60" rx="6" fill={c.white} />
          <rect x={x + 12} y="222" width="64" height="6" rx="3" fill={c.slate} />
        </g>
      ))}
    </ArtFrame>
  );
}
