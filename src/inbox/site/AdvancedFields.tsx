import type { ReactNode } from 'react';
import { formWords } from './form-words.ts';

/** Settings visitors never see, folded away under "Advanced" with one line on what they are. */
export function AdvancedFields({ id, children }: { id: string; children: ReactNode }) {
  return (
    <details id={id} className="mt-6 rounded-lg border border-slate-300 px-2 pb-3 sm:px-3">
      <summary className="flex min-h-11 cursor-pointer items-center font-bold text-slate-900">{formWords.advanced}</summary>
      <p className="text-sm text-slate-700">{formWords.advancedHelp}</p>
      {children}
    </details>
  );
}
