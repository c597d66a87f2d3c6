import { ArtFrame } from './ArtFrame.tsx';
import { Snowflake } from './Snowflake.tsx';
import { palette as c } from './palette.ts';

/** Commercial fridges: a single-door upright in stainless, with a crate of produce waiting beside it. */
export function UprightFridgeArt() {
  return (
    <ArtFrame>
      <rect x="96" y="24" width="150" height="256" rx="14" fill={c.ice} />
      <rect x="108" y="38" width="126" height="20" rx="5" fill={c.deep} />
      <circle cx="122" cy="48" r="4" fill={c.mint} />
      <rect x="132" y="44" width="30" height="8" rx="3" fill={c.sky} />
      <rect x="108" y="66" width="126" height="176" rx="8" fill={c.white} />
      <rect x="216" y="96" width="8" height="92" rx="4" fill={c.slate} />
      <Snowflake x={162} y={150} r={26} color={c.frost} width={6} />
      <rect x="108" y="250" width="126" height="18" rx="4" fill={c.steel} />
      <path
        d="M122 254v10M136 254v10M150 254v10M164 254v10M178 254v10M192 254v10M206 254v10M220 254v10"
        stroke={c.slate}
        strokeWidth="3"
        strokeLinecap="round"
      />
      <rect x="262" y="222" width="80" height="58" rx="6" fill={c.amber} />
      <path d="M270 240h64M270 258h64" stroke={c.navy} strokeWidth="3" opacity="0.25" />
      <circle cx="282" cy="216" r="12" fill={c.red} />
      <circle cx="304" cy="212" r="13" fill={c.mint} />
      <circle cx="325" cy="217" r="11" fill={c.cream} />
    </ArtFrame>
  );
}
