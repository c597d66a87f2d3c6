import type { BlockOf } from '../../lib/content-schemas.ts';
import { Section } from '../Section.tsx';

/** Headline figures, each with what it measures. */
export function StatsBlock({ sectionId, heading, intro, items, note, tone }: BlockOf<'stats'> & { sectionId: string; tone?: 'white' | 'tint' }) {
  return (
    <Section id={sectionId} heading={heading} intro={intro} tone={tone}>
      <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((stat) => (
          <div key={stat.label} className="card flex flex-col-reverse text-center">
            <dt className="mt-1 text-slate-700">{stat.label}</dt>
            <dd className="text-3xl font-extrabold text-brand-700">{stat.value}</dd>
          </div>
        ))}
      </dl>
      {note ? <p className="mt-4 text-sm text-slate-600">{note}</p> : null}
    </Section>
  );
}
