import type { FaqItem } from '../lib/content-schemas.ts';
import { Section } from './Section.tsx';

interface FaqListProps {
  sectionId: string;
  heading: string;
  items: FaqItem[];
  tone?: 'white' | 'tint';
}

/** Questions and answers, all visible (the same text goes into FAQPage structured data). */
export function FaqList({ sectionId, heading, items, tone }: FaqListProps) {
  return (
    <Section id={sectionId} heading={heading} tone={tone}>
      <dl className="mt-8 max-w-4xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {items.map((item) => (
          <div key={item.question} className="p-5 sm:p-6">
            <dt className="text-lg font-semibold text-brand-900">{item.question}</dt>
            <dd className="mt-2 text-slate-700">{item.answer}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
