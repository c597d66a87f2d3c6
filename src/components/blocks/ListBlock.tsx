import { MapPin } from 'lucide-react';
import type { BlockOf } from '../../lib/content-schemas.ts';
import { Section } from '../Section.tsx';

/** A plain list in columns, such as the suburbs a city page serves. */
export function ListBlock({ sectionId, heading, intro, items, tone }: BlockOf<'list'> & { sectionId: string; tone?: 'white' | 'tint' }) {
  return (
    <Section id={sectionId} heading={heading} intro={intro} tone={tone}>
      <ul className="mt-6 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item} className="flex items-center gap-2 text-slate-800">
            <MapPin className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
            {item}
          </li>
        ))}
      </ul>
    </Section>
  );
}
