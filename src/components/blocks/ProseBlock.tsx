import { Check } from 'lucide-react';
import type { BlockOf } from '../../lib/content-schemas.ts';
import { Section } from '../Section.tsx';
import { formatLongDate, labels } from '../../config/labels.ts';

/** Paragraphs of running text, with an optional ticked list and the public sources they rest on. */
export function ProseBlock({ sectionId, heading, paragraphs, points, sources, tone }: BlockOf<'prose'> & { sectionId: string; tone?: 'white' | 'tint' }) {
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
      {sources && sources.length > 0 ? (
        <div className="mt-6 max-w-3xl text-sm text-slate-700">
          <p className="font-semibold text-slate-900">{labels.sources}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {sources.map((source) => (
              <li key={source.url} className="break-words">
                <a href={source.url} className="font-medium text-brand-700 underline" rel="noopener">
                  {source.title}
                </a>
                , {labels.sourceRead(formatLongDate(source.read))}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Section>
  );
}
