import { ArtFrame } from './ArtFrame.tsx';
import { Snowflake } from './Snowflake.tsx';
import { palette as c } from './palette.ts';

/** Commercial freezers: an upright freezer with icicles along its top and frost on the door. */
export function UprightFreezerArt() {
  return (
    <ArtFrame>
      <rect x="90" y="24" width="160" height="256" rx="14" fill={c.white} />
      <rect x="102" y="38" width="136" height="20" rx="5" fill={c.deep} />
      <rect x="112" y="43" width="38" height="10" rx="3" fill={c.sky} />
      <rect x="102" y="66" width="136" height="184" rx="8" fill={c.frost} />
      <path d="M102 74c0-5 3-8 8-8h120c5 0 8 3 8 8v6l-8 16-8-14-9 22-9-20-8 12-9-18-10 24-9-22-8 14-9-16-10 20-8-18-9 14-8-16-4 8z" fill={c.white} />
      <path d="M102 250v-36c10 4 16 14 14 28 10-6 22-4 28 8z" fill={c.white} opacity="0.9" />
      <path d="M238 250v-48c-12 6-18 20-14 34-8-4-18-2-24 14z" fill={c.white} opacity="0.9" />
      <rect x="222" y="104" width="8" height="86" rx="4" fill={c.slate} />
      <Snowflake x={166} y={160} r={30} color={c.white} width={7} />
      <g fill={c.white}>
        <circle cx="130" cy="122" r="4" />
        <circle cx="200" cy="210" r="3" />
        <circle cx="196" cy="120" r="3" />
      </g>
      <rect x="102" y="256" width="136" height="14" rx="4" fill={c.steel} />
      <Snowflake x={300} y={120} r={14} color={c.sky} width={4} />
      <Snowflake x={46} y={190} r={10} color={c.sky} width={3} />
      <Snowflake x={292} y={232} r={9} color={c.frost} width={3} />
    </ArtFrame>
  );
}
