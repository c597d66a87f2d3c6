import { cities, cityKeys, type CityKey } from '../config/site.ts';
import { mapSize, nzMap } from '../lib/nz-map.ts';

/** Which side of its mark each city's name sits, clear of its neighbours (Auckland, Hamilton and Tauranga are close). */
const labelSide: Record<CityKey, 'left' | 'right'> = {
  auckland: 'left',
  hamilton: 'left',
  tauranga: 'right',
  wellington: 'right',
  christchurch: 'right',
  dunedin: 'right',
};

interface NzMapProps {
  /** The city marked large; without it all six are marked alike (contact page). */
  city?: CityKey | undefined;
  /** The map's accessible name, e.g. "Map of New Zealand showing Auckland". */
  label: string;
}

/** New Zealand's outline with the six cities we serve, drawn at build time: no script, no request. */
export function NzMap({ city, label }: NzMapProps) {
  const { width, height } = mapSize;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="mx-auto h-auto w-full max-w-sm" role="img" aria-label={label}>
      <title>{label}</title>
      <path d={nzMap.land} fill="#d7ebf8" />
      {cityKeys.map((key) => {
        const { x, y } = nzMap.points[key];
        const main = key === city || !city;
        const side = labelSide[key];
        const dx = (main ? 11 : 8) * (side === 'left' ? -1 : 1);
        return (
          <g key={key}>
            <circle cx={x} cy={y} r={key === city ? 7 : 4.5} fill={key === city ? '#b91c1c' : '#0a2540'} stroke="#fff" strokeWidth={key === city ? 3 : 2} />
            <text
              x={x + dx}
              y={y}
              dy="0.35em"
              textAnchor={side === 'left' ? 'end' : 'start'}
              fontSize={key === city ? 20 : main ? 16 : 14}
              fontWeight={key === city ? 700 : 600}
              fill="#fff"
              stroke="#0a2540"
              strokeWidth="4"
              strokeLinejoin="round"
              paintOrder="stroke"
            >
              {cities[key].name}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
