import type { ReactNode } from 'react';

/** A tinted band that holds a quote form on its own (contact, emergency and installation pages). */
export function FormSection({ id, children }: { id: string; children: ReactNode }) {
  return (
    <section id={id} className="section bg-brand-50" aria-label="Quote request">
      <div className="container-page max-w-3xl">{children}</div>
    </section>
  );
}
