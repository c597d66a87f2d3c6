import type { ReactNode } from 'react';
import type { Action } from '../../lib/content-schemas.ts';
import { ActionRow } from '../ActionLink.tsx';
import { callLocations } from '../../lib/call-tracking.ts';

const toneClass = {
  brand: 'bg-brand-700',
  dark: 'bg-brand-900',
  emergency: 'bg-alert-700',
} as const;

interface CtaBlockProps {
  sectionId: string;
  heading: string;
  body?: string | undefined;
  actions: Action[];
  tone: keyof typeof toneClass;
  /** The embedded quote form, when the block has one. */
  children?: ReactNode;
}

/** A coloured closing block that pushes to a quote: heading, text, buttons and, optionally, the form. */
export function CtaBlock({ sectionId, heading, body, actions, tone, children }: CtaBlockProps) {
  return (
    <section
      data-call-location={callLocations.cta}
      id={sectionId}
      aria-labelledby={`${sectionId}-heading`}
      className={`on-dark section text-white ${toneClass[tone]}`}
    >
      <div className={`container-page grid items-start gap-10 ${children ? 'lg:grid-cols-2' : ''}`}>
        <div className={children ? '' : 'mx-auto max-w-3xl text-center'}>
          <h2 id={`${sectionId}-heading`} className="text-3xl font-bold tracking-tight">
            {heading}
          </h2>
          {body ? <p className="mt-4 text-lg text-slate-100">{body}</p> : null}
          <div className={children ? '' : 'flex justify-center'}>
            <ActionRow actions={actions} onDark />
          </div>
        </div>
        {children}
      </div>
    </section>
  );
}
