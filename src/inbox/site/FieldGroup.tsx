import type { ReactNode } from 'react';
import { LabelText } from './LabelText.tsx';
import { GroupNotes } from './GroupNotes.tsx';

interface FieldGroupProps {
  label: string;
  optional: boolean;
  help: string | undefined;
  helpId: string | undefined;
  error: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
  children: ReactNode;
}

/** A field drawn as several controls: a fieldset with its legend, help line and problem. */
export function FieldGroup({ label, optional, help, helpId, error, errorId, describedBy, children }: FieldGroupProps) {
  return (
    <fieldset className="mt-4 min-w-0 rounded-lg border border-slate-300 px-2 pb-3 sm:px-3" aria-describedby={describedBy}>
      <legend className="px-1 font-bold text-slate-900">
        <LabelText label={label} optional={optional} />
      </legend>
      <GroupNotes help={help} helpId={helpId} error={error} errorId={errorId} />
      {children}
    </fieldset>
  );
}
