import { ArtFrame } from './ArtFrame.tsx';
import { Snowflake } from './Snowflake.tsx';
import { palette as c } from './palette.ts';

/** Emergency repairs: the alarm going off, the clock at two in the morning, and the service van on its way. */
export function EmergencyArt() {
  return (
    <ArtFrame>
      <circle cx="92" cy="82" r="58" fill={c.white} />
      <circle cx="92" cy="82" r="48" fill={c.ice} />
      <g fill={c.brand}>
        <rect x="89" y="38" width="6" height="10" rx="2" />
        <rect x="89" y="116" width="6" height="10" rx="2" />
        <rect x="48" y="79" width="10" height="6" rx="2" />
        <rect x="126" y="79" width="10" height="6" rx="2" />
      </g>
      <path d="M92 82V52M92 82l20 12" stroke={c.navy} strokeWidth="7" strokeLinecap="round" />
      <circle cx="92" cy="82" r="6" fill={c.red} />
      <path d="M236 108c0-26 14-42 34-42s34 16 34 42z" fill={c.red} />
      <rect x="228" y="106" width="84" height="14" rx="4" fill={c.steel} />
      <path d="M256 86c2-8 6-12 12-13" stroke={c.rose} strokeWidth="5" strokeLinecap="round" fill="none" />
      <g stroke={c.amber} strokeWidth="6" strokeLinecap="round">
        <path d="M270 44V26M222 60l-12-10M318 60l12-10M208 98h-16M332 98h16" />
      </g>
      <path d="M24 270v-78c0-8 6-14 14-14h170l40 0c10 0 16 4 22 12l30 40c4 6 6 10 6 18v22z" fill={c.white} />
      <path d="M220 192h30l26 36h-56z" fill={c.frost} />
      <rect x="24" y="236" width="282" height="12" fill={c.red} />
      <Snowflake x={120} y={212} r={16} color={c.brand} width={5} />
      <rect x="24" y="260" width="282" height="10" rx="3" fill={c.steel} />
      <circle cx="76" cy="272" r="20" fill={c.navy} />
      <circle cx="76" cy="272" r="8" fill={c.steel} />
      <circle cx="250" cy="272" r="20" fill={c.navy} />
      <circle cx="250" cy="272" r="8" fill={c.steel} />
      <rect x="306" y="252" width="10" height="12" rx="3" fill={c.amber} />
    </ArtFrame>
  );
}
