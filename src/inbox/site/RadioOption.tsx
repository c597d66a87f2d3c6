import type { ReactNode } from 'react';

/** One choice of a group of radio buttons, its words beside it. */
export function RadioOption({ id, name, checked, onPick, children }: { id: string; name: string; checked: boolean; onPick: () => void; children: ReactNode }) {
  return (
    <label className="flex min-h-11 items-center gap-2">
      <input id={id} type="radio" name={name} className="h-6 w-6 shrink-0 accent-brand-600" checked={checked} onChange={onPick} />
      {children}
    </label>
  );
}
