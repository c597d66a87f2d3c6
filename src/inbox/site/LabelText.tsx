import { formWords } from './form-words.ts';

/** The words of a label or legend, with "(optional)" where the field may be left empty. */
export function LabelText({ label, optional }: { label: string; optional: boolean }) {
  return (
    <>
      {label}
      {optional && <span className="font-normal text-slate-700"> {formWords.optional}</span>}
    </>
  );
}
