import { ArrowRight } from 'lucide-react';
import type { BlockOf } from '../../lib/content-schemas.ts';
import { Section } from '../Section.tsx';

/** A list of related pages, each a link with a line about it. */
export function LinksBlock({ sectionId, heading, intro, items, tone }: BlockOf<'links'> & { sectionId: string; tone?: 'white' | 'tint' }) {
  return (
    <Section id={sectionId} heading={heading} intro={intro} tone={tone}>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.href} className="card">
            <a
              href={item.href}
              className={`inline-flex items-center gap-1 text-lg font-semibold text-brand-700 underline hover:text-brand-900 ${item.href.startsWith('tel:') ? 'whitespace-nowrap' : ''}`}
            >
              {item.label}
              <ArrowRight className="size-4" aria-hidden="true" />
            </a>
            {item.description ? <p className="mt-1 text-slate-700">{item.description}</p> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}
