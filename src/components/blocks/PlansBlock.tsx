import type { BlockOf } from '../../lib/content-schemas.ts';
import { PlanCard } from '../PlanCard.tsx';
import { Section } from '../Section.tsx';

export function PlansBlock({ sectionId, heading, intro, items, tone }: BlockOf<'plans'> & { sectionId: string; tone?: 'white' | 'tint' }) {
  return (
    <Section id={sectionId} heading={heading} intro={intro} tone={tone}>
      <ul className="mt-8 grid gap-6 lg:grid-cols-3">
        {items.map((plan) => (
          <PlanCard key={plan.name} {...plan} />
        ))}
      </ul>
    </Section>
  );
}
