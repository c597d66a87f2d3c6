import { ChevronDown } from 'lucide-react';
import type { FaqItem } from '../lib/content-schemas.ts';
import { Section } from './Section.tsx';

interface FaqListProps {
  sectionId: string;
  heading: string;
  items: FaqItem[];
  tone?: 'white' | 'tint';
  /**
   * Shows each answer under its question as a native disclosure (<details>), all closed. For long
   * lists (the guides' fifteen): the questions scan at a glance, and a phone lays out only the
   * answers a visitor opens. Works without JavaScript; find-in-page opens a matching answer.
   */
  collapsible?: boolean;
}

/** Questions and answers (the same text goes into FAQPage structured data). */
export function FaqList({ sectionId, heading, items, tone, collapsible = false }: FaqListProps) {
  const listClass = 'mt-8 max-w-4xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white';
  return (
    <Section id={sectionId} heading={heading} tone={tone}>
      {collapsible ? (
        <div className={listClass}>
          {items.map((item) => (
            <details key={item.question} className="group">
              <summary className="flex cursor-pointer list-none items-start justify-between gap-4 p-5 text-lg font-semibold text-brand-900 hover:bg-brand-50 sm:p-6">
                <span>{item.question}</span>
                <ChevronDown className="mt-1 size-5 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none" aria-hidden="true" />
              </summary>
              <p className="px-5 pb-5 text-slate-700 sm:px-6 sm:pb-6">{item.answer}</p>
            </details>
          ))}
        </div>
      ) : (
        <dl className={listClass}>
          {items.map((item) => (
            <div key={item.question} className="p-5 sm:p-6">
              <dt className="text-lg font-semibold text-brand-900">{item.question}</dt>
              <dd className="mt-2 text-slate-700">{item.answer}</dd>
            </div>
          ))}
        </dl>
      )}
    </Section>
  );
}
