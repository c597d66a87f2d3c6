import { ArtFrame } from './ArtFrame.tsx';
import { palette as c } from './palette.ts';

const stock = [c.amber, c.rose, c.mint, c.cream, c.red];
/** Each shelf's height at the near end (x 30) and the far end (x 150) of the run. */
const shelfLines = [
  [110, 148],
  [156, 174],
  [202, 202],
] as const;

/** One side of the aisle: a run of multideck cabinets receding towards the vanishing point, stocked at the near end. */
function Run() {
  return (
    <g>
      <path d="M16 40L150 112v90L16 276z" fill={c.ice} />
      <path d="M30 64l120 58v70L30 250z" fill={c.deep} />
      <g stroke={c.frost} strokeWidth="5">
        <path d={shelfLines.map(([near, far]) => `M30 ${near}L150 ${far}`).join('')} />
      </g>
      {shelfLines.map(([near, far], shelf) =>
        stock.map((colour, i) => {
          // Packs stand on the shelf line and shrink with distance.
          const t = (i * 20 + 6) / 120;
          const base = near + (far - near) * t;
          const h = 26 * (1 - t * 0.6);
          return <rect key={`${shelf}-${i}`} x={36 + i * 20} y={base - h - 2} width={14 * (1 - t * 0.5)} height={h} rx="2" fill={colour} />;
        }),
      )}
      <path d="M16 40L150 112" stroke={c.amber} strokeWidth="6" />
    </g>
  );
}

/** Supermarket and retail: an aisle of multideck display cabinets under the store lights. */
export function SupermarketAisleArt() {
  return (
    <ArtFrame>
      <path d="M150 202h60l134 90H16z" fill={c.steel} opacity="0.6" />
      <Run />
      <g transform="matrix(-1 0 0 1 360 0)">
        <Run />
      </g>
      <g fill={c.cream}>
        <rect x="160" y="60" width="40" height="6" rx="3" />
        <rect x="150" y="24" width="60" height="8" rx="4" />
      </g>
    </ArtFrame>
  );
}
