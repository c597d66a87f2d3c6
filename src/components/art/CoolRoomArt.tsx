import { ArtFrame } from './ArtFrame.tsx';
import { palette as c } from './palette.ts';

/** Cool rooms: an insulated walk-in with its door swung open on racking and cartons, cold air spilling out. */
export function CoolRoomArt() {
  return (
    <ArtFrame>
      <rect x="18" y="50" width="300" height="230" rx="10" fill={c.ice} />
      <path d="M78 50v230M258 50v230" stroke={c.frost} strokeWidth="4" />
      <rect x="18" y="50" width="300" height="16" rx="8" fill={c.steel} />
      <rect x="132" y="80" width="44" height="18" rx="4" fill={c.deep} />
      <rect x="138" y="85" width="22" height="8" rx="3" fill={c.sky} />
      <circle cx="168" cy="89" r="3" fill={c.mint} />
      <rect x="100" y="108" width="116" height="172" fill={c.navy} />
      <path d="M112 150h92M112 196h92M112 242h92" stroke={c.slate} strokeWidth="5" />
      <path d="M112 120v160M204 120v160" stroke={c.slate} strokeWidth="4" />
      <g fill={c.amber}>
        <rect x="118" y="124" width="30" height="24" rx="3" />
        <rect x="152" y="130" width="24" height="18" rx="3" />
        <rect x="124" y="216" width="34" height="24" rx="3" />
      </g>
      <g fill={c.cream}>
        <rect x="160" y="170" width="38" height="24" rx="3" />
        <rect x="118" y="176" width="26" height="18" rx="3" />
        <rect x="164" y="222" width="30" height="18" rx="3" />
      </g>
      <path d="M216 108l86-22v214l-86-20z" fill={c.white} />
      <path d="M226 118l66-17v186l-66-14z" fill={c.steel} opacity="0.5" />
      <rect x="284" y="170" width="9" height="48" rx="4" fill={c.slate} />
      <g stroke={c.white} strokeWidth="5" strokeLinecap="round" fill="none" opacity="0.8">
        <path d="M118 270c14-8 26 8 40 0s26 8 40 0" />
        <path d="M60 286c14-8 26 8 40 0s26 8 40 0" />
      </g>
    </ArtFrame>
  );
}
