import type { BlockOf } from '../../lib/content-schemas.ts';
import { logoUrl, suppliers } from '../../config/site.ts';
import { Section } from '../Section.tsx';

/**
 * The six supplier makes, with logos from the logo service. `src/scripts/logos.ts` marks a loaded
 * logo and handles one that fails: `hide` removes the item (home), `name` leaves the make's name as
 * text (product pages). On the home page each fixed-size tile shows the make's name until its logo
 * has loaded, in the same grid cell, so a slow or blocked service never leaves an empty tile and the
 * swap moves nothing.
 */
export function LogoStrip({ sectionId, heading, intro, fallback, tone }: BlockOf<'logos'> & { sectionId: string; tone?: 'white' | 'tint' }) {
  const swap = fallback === 'hide';
  return (
    <Section id={sectionId} heading={heading} intro={intro} tone={tone}>
      <ul className="mt-8 flex flex-wrap items-center justify-center gap-4 sm:gap-6" data-logo-fallback={fallback}>
        {suppliers.map((s) => (
          <li
            key={s.domain}
            className={
              swap
                ? 'logo-swap grid h-20 w-36 place-items-center rounded-lg border border-slate-200 bg-white px-4'
                : 'flex h-20 min-w-32 items-center justify-center gap-3 rounded-lg border border-slate-200 bg-white px-4'
            }
            data-logo-item=""
          >
            <img
              src={logoUrl(s.domain)}
              alt={swap ? s.name : ''}
              width={40}
              height={40}
              loading="lazy"
              decoding="async"
              className={swap ? 'size-10 [grid-area:1/1]' : 'size-10'}
              data-logo=""
            />
            {swap ? (
              // The image's alt text names the make for assistive technology; this is the visible stand-in.
              <span className="font-semibold text-slate-800 [grid-area:1/1]" aria-hidden="true" data-logo-name="">
                {s.name}
              </span>
            ) : (
              <span className="font-semibold text-slate-800">{s.name}</span>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
