import { ArtFrame } from './ArtFrame.tsx';
import { palette as c } from './palette.ts';

const racks = [112, 166, 220];
const caps = [c.red, c.sky, c.amber, c.mint, c.rose, c.sky, c.red];

/** Medical and laboratory: a glass-door pharmacy fridge with its temperature display and racks of vials. */
export function LabFridgeArt() {
  return (
    <ArtFrame>
      <rect x="80" y="18" width="170" height="262" rx="14" fill={c.white} />
      <rect x="92" y="30" width="146" height="38" rx="6" fill={c.navy} />
      <text x="152" y="58" textAnchor="middle" fill={c.mint} fontSize="24" fontWeight="700" fontFamily="ui-monospace, monospace">
        +4.0°
      </text>
      <circle cx="222" cy="42" r="5" fill={c.mint} />
      <circle cx="222" cy="56" r="5" fill={c.slate} />
      <rect x="92" y="76" width="146" height="180" rx="8" fill={c.frost} />
      {racks.map((y) => (
        <g key={y}>
          {caps.map((cap, i) => (
            <g key={i}>
              <rect x={102 + i * 18} y={y - 30} width="12" height="30" rx="4" fill={c.white} />
              <rect x={102 + i * 18} y={y - 34} width="12" height="8" rx="2" fill={cap} />
            </g>
          ))}
          <rect x="96" y={y} width="138" height="6" rx="3" fill={c.brand} />
        </g>
      ))}
      <rect x="228" y="120" width="6" height="70" rx="3" fill={c.slate} />
      <rect x="92" y="262" width="146" height="10" rx="4" fill={c.steel} />
      <circle cx="300" cy="200" r="34" fill={c.ice} />
      <path d="M300 180v40M280 200h40" stroke={c.red} strokeWidth="10" strokeLinecap="round" />
    </ArtFrame>
  );
}
