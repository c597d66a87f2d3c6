import { business } from '../config/site.ts';

/** The business mark: a snowflake in a rounded square, drawn in SVG so it costs no request. */
export function Logo({ onDark = false }: { onDark?: boolean }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <svg className="shrink-0" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill={onDark ? '#ffffff' : '#0b5ea8'} />
        <g stroke={onDark ? '#0b5ea8' : '#ffffff'} strokeWidth="2.2" strokeLinecap="round" fill="none">
          <path d="M16 6v20M7.3 11l17.4 10M7.3 21l17.4-10" />
          <path d="M13 7.5l3 2.5 3-2.5M13 24.5l3-2.5 3 2.5" />
        </g>
      </svg>
      <span className={`min-w-0 text-sm leading-tight font-bold min-[400px]:text-base sm:text-lg ${onDark ? 'text-white' : 'text-brand-900'}`}>
        {business.name}
      </span>
    </span>
  );
}
