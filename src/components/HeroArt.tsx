/** Decorative artwork for heroes: a glass-door fridge and a cool-room door, in SVG so it costs no request. */
export function HeroArt() {
  return (
    <svg viewBox="0 0 360 300" className="mx-auto h-auto w-full max-w-sm" aria-hidden="true" focusable="false">
      <rect x="20" y="30" width="150" height="250" rx="14" fill="#e0f2fe" />
      <rect x="34" y="46" width="122" height="200" rx="8" fill="#0b5ea8" opacity="0.9" />
      <g fill="#bae6fd">
        <rect x="44" y="70" width="102" height="8" rx="3" />
        <rect x="44" y="120" width="102" height="8" rx="3" />
        <rect x="44" y="170" width="102" height="8" rx="3" />
        <rect x="44" y="220" width="102" height="8" rx="3" />
      </g>
      <g fill="#fef3c7">
        <rect x="50" y="88" width="18" height="30" rx="3" />
        <rect x="74" y="94" width="18" height="24" rx="3" />
        <rect x="98" y="88" width="18" height="30" rx="3" />
        <rect x="54" y="140" width="26" height="28" rx="4" />
        <rect x="88" y="144" width="26" height="24" rx="4" />
        <rect x="50" y="190" width="40" height="28" rx="4" />
      </g>
      <rect x="146" y="110" width="5" height="70" rx="2" fill="#e0f2fe" />
      <rect x="190" y="60" width="150" height="220" rx="14" fill="#f8fafc" />
      <rect x="205" y="78" width="120" height="184" rx="6" fill="#cbd5e1" />
      <rect x="300" y="150" width="14" height="40" rx="4" fill="#475569" />
      <g stroke="#0b5ea8" strokeWidth="6" strokeLinecap="round" fill="none">
        <path d="M265 100v60M239 115l52 30M239 145l52-30" />
      </g>
      <circle cx="300" cy="40" r="22" fill="#7dd3fc" opacity="0.35" />
      <circle cx="40" cy="20" r="12" fill="#7dd3fc" opacity="0.35" />
    </svg>
  );
}
