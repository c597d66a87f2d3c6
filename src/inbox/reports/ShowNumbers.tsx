import type { ReactNode } from 'react';
import { words } from '../app-words.ts';

/** A chart's numbers as a table, one tap away. */
export function ShowNumbers({ children }: { children: ReactNode }) {
  return (
    <details className="group mt-3">
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 font-semibold text-brand-700 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-brand-600">
        <span aria-hidden="true" className="group-open:hidden">
          ▸
        </span>
        <span aria-hidden="true" className="hidden group-open:inline">
          ▾
        </span>
        <span className="underline underline-offset-2">{words.reports.showNumbers}</span>
      </summary>
      {children}
    </details>
  );
}
