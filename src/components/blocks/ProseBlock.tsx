import { Check } from 'lucide-react';
import type { BlockOf } from '../../lib/content-schemas.ts';
import { Section } from '../Section.tsx';

/** Paragraphs of running text, with an optional ticked list. */
export function ProseBlock({ sectionId, heading, paragraphs, points, tone }: BlockOf<'prose'> & { sectionId: string; tone?: 'white' | 'tint' }) {
  return (
    <Section id={sectionId} heading={heading} tone={tone}>
      <div className="mt-6 max-w-3xl space-y-4 text-lg text-slate-700">
        {paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
      {points && points.length > 0 ? (
        <ul className="mt-6 grid max-w-4xl gap-3 sm:grid-cols-2">
          {points.map((p) => (
            <li key={p} className="flex items-start gap-2 text-slate-800">
              <Check className="mt-1 size-5 shrink-0 text-brand-600" aria-hidden="true" />
              {p}
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
