import type { ReactNode } from 'react';

export interface ResultItem {
  label: string;
  value: ReactNode;
}

/**
 * A calculator's figures as labelled values. Built from spans because it sits inside <output>,
 * which may only hold phrasing content.
 */
export function ResultList({ items }: { items: ResultItem[] }) {
  return (
    <span className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <span key={item.label} className="block rounded-lg bg-brand-50 p-4">
          <span className="block text-sm font-semibold text-slate-700">{item.label}</span>
          <span className="mt-1 block text-xl font-bold text-brand-900">{item.value}</span>
        </span>
      ))}
    </span>
  );
}
