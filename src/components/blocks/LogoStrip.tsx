import type { BlockOf } from '../../lib/content-schemas.ts';
import { logoUrl, suppliers } from '../../config/site.ts';
import { Section } from '../Section.tsx';

/**
 * The six supplier makes, with logos from the logo service. `src/scripts/logos.ts` handles a logo
 * that fails: `hide` removes the item (home), `name` leaves the make's name as text (product pages).
 */
export function LogoStrip({ sectionId, heading, intro, fallback, tone }: BlockOf<'logos'> & { sectionId: string; tone?: 'white' | 'tint' }) {
  return (
    <Section id={sectionId} heading={heading} intro={intro} tone={tone}>
      <ul className="mt-8 flex flex-wrap items-center justify-center gap-4 sm:gap-6" data-logo-fallback={fallback}>
        {suppliers.map((s) => (
          <li
            key={s.domain}
            className="flex h-20 min-w-32 items-center justify-center gap-3 rounded-lg border border-slate-200 bg-white px-4"
            data-logo-item=""
          >
            <img
              src={logoUrl(s.domain)}
              alt={fallback === 'name' ? '' : s.name}
              width={40}
              height={40}
              loading="lazy"
              decoding="async"
              className="size-10"
              data-logo=""
            />
            {fallback === 'name' ? <span className="font-semibold text-slate-800">{s.name}</span> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}
