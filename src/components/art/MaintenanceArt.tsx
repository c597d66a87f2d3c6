import { ArtFrame } from './ArtFrame.tsx';
import { palette as c } from './palette.ts';

const rows = [104, 148, 192, 236];

/** Preventative maintenance: a service checklist with items ticked off, beside a calendar with the next visit ringed. */
export function MaintenanceArt() {
  return (
    <ArtFrame>
      <rect x="26" y="52" width="170" height="228" rx="12" fill={c.amber} />
      <rect x="40" y="70" width="142" height="198" rx="6" fill={c.white} />
      <rect x="76" y="42" width="70" height="26" rx="8" fill={c.slate} />
      {rows.map((y, i) => (
        <g key={y}>
          <rect x="54" y={y - 14} width="24" height="24" rx="5" fill={i < 3 ? c.brand : c.ice} />
          {i < 3 ? <path d={`M59 ${y - 2}l6 6 10-12`} stroke={c.white} strokeWidth="4" fill="none" strokeLinecap="round" strokeLinejoin="round" /> : null}
          <rect x="90" y={y - 6} width={i % 2 ? 62 : 78} height="9" rx="4.5" fill={c.steel} />
        </g>
      ))}
      <rect x="212" y="96" width="130" height="150" rx="12" fill={c.ice} />
      <path d="M212 108c0-7 5-12 12-12h106c7 0 12 5 12 12v22h-130z" fill={c.red} />
      <rect x="240" y="84" width="8" height="24" rx="4" fill={c.slate} />
      <rect x="306" y="84" width="8" height="24" rx="4" fill={c.slate} />
      <g fill={c.steel}>
        {[0, 1, 2, 3].flatMap((r) =>
          [0, 1, 2, 3, 4].map((col) => <rect key={`${r}-${col}`} x={224 + col * 23} y={142 + r * 24} width="14" height="14" rx="3" />),
        )}
      </g>
      <circle cx="277" cy="197" r="14" fill="none" stroke={c.brand} strokeWidth="5" />
      <path d="M300 258l36-36M330 216a10 10 0 1 0 12 12l-6-2-4-4z" stroke={c.frost} strokeWidth="8" strokeLinecap="round" fill="none" />
    </ArtFrame>
  );
}
