import { useId, type ReactNode } from 'react';
import { ui } from '../ui.ts';

interface ReportSectionProps {
  title: string;
  children: ReactNode;
}

/** One part of the reports: a card with its heading, named by it for screen readers' landmarks. */
export function ReportSection({ title, children }: ReportSectionProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${ui.card} min-w-0`}>
      <h2 id={id} className={ui.h2}>
        {title}
      </h2>
      {children}
    </section>
  );
}
