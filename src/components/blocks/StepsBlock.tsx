import type { BlockOf } from '../../lib/content-schemas.ts';
import { Section } from '../Section.tsx';

/** A numbered process, in order. */
export function StepsBlock({ sectionId, heading, intro, items, tone, hideWhenUrgent }: BlockOf<'steps'> & { sectionId: string; tone?: 'white' | 'tint' }) {
  return (
    <Section id={sectionId} heading={heading} intro={intro} tone={tone} className={hideWhenUrgent ? 'standard-thanks' : undefined}>
      <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((step, i) => (
          <li key={step.title} className="card">
            <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white" aria-hidden="true">
              {i + 1}
            </span>
            <h3 className="mt-3 text-lg font-semibold text-brand-900">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-slate-700">{step.body}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
