import type { ReactNode } from 'react';

export interface ResultItem {
  label: string;
  value: ReactNode;
}

/** A calculator's figures as a description list of labelled values. */
export function ResultList({ items }: { items: ResultItem[] }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.label} className="rounded-lg bg-brand-50 p-4">
          <dt className="text-sm font-semibold text-slate-700">{item.label}</dt>
          <dd className="mt-1 text-xl font-bold text-brand-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
