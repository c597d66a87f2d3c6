import { ArtFrame } from './ArtFrame.tsx';
import { palette as c } from './palette.ts';

const shelves = [96, 150, 204];

/** One shelf of stock: bottles and cans standing on the shelf at height y. */
function Stock({ y, shift }: { y: number; shift: number }) {
  const x = 96 + shift;
  return (
    <g>
      <path d={`M${x} ${y}v-30c0-4 3-6 3-10v-6h8v6c0 4 3 6 3 10v30z`} fill={c.mint} />
      <path d={`M${x + 20} ${y}v-30c0-4 3-6 3-10v-6h8v6c0 4 3 6 3 10v30z`} fill={c.rose} />
      <rect x={x + 42} y={y - 26} width="16" height="26" rx="3" fill={c.amber} />
      <rect x={x + 62} y={y - 26} width="16" height="26" rx="3" fill={c.red} />
      <rect x={x + 82} y={y - 26} width="16" height="26" rx="3" fill={c.cream} />
      <path d={`M${x + 104} ${y}v-30c0-4 3-6 3-10v-6h8v6c0 4 3 6 3 10v30z`} fill={c.sky} />
    </g>
  );
}

/** Display fridges: a glass-door merchandiser lit from the canopy, its shelves full of drinks. */
export function DisplayFridgeArt() {
  return (
    <ArtFrame>
      <rect x="76" y="18" width="190" height="262" rx="14" fill={c.ice} />
      <rect x="88" y="28" width="166" height="26" rx="6" fill={c.amber} />
      <rect x="140" y="36" width="62" height="10" rx="5" fill={c.cream} />
      <rect x="88" y="62" width="166" height="196" rx="8" fill={c.deep} />
      <rect x="92" y="66" width="158" height="6" rx="3" fill={c.white} opacity="0.7" />
      {shelves.map((y, i) => (
        <g key={y}>
          <Stock y={y} shift={i % 2 === 0 ? 0 : 12} />
          <rect x="92" y={y} width="158" height="6" rx="3" fill={c.frost} />
        </g>
      ))}
      <path d="M100 250l40-180M118 250l40-180" stroke={c.white} strokeWidth="4" opacity="0.15" />
      <rect x="240" y="120" width="6" height="70" rx="3" fill={c.ice} />
      <rect x="88" y="262" width="166" height="10" rx="4" fill={c.steel} />
    </ArtFrame>
  );
}
