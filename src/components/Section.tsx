import type { ReactNode } from 'react';

interface SectionProps {
  /** id of the section; its heading gets `${id}-heading`. */
  id: string;
  heading?: string | undefined;
  intro?: string | undefined;
  tone?: 'white' | 'tint' | undefined;
  /** More classes for the section (the thank-you page's `standard-thanks`). */
  className?: string | undefined;
  children: ReactNode;
}

/** A page section with an h2 that names it for assistive technology. */
export function Section({ id, heading, intro, tone = 'white', className, children }: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={heading ? `${id}-heading` : undefined}
      className={`section ${tone === 'tint' ? 'bg-brand-50' : 'bg-white'}${className ? ` ${className}` : ''}`}
    >
      <div className="container-page">
        {heading ? (
          <h2 id={`${id}-heading`} className="section-heading">
            {heading}
          </h2>
        ) : null}
        {intro ? <p className="section-intro">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}
