import { withTokens, type Figure } from '../../../core/figure-repeats.ts';
import { ui } from '../ui.ts';
import { formWords } from './form-words.ts';

const w = formWords.repeats;

interface FigureRepeatsProps {
  text: string;
  /** The figures the text repeats (repeatsIn). */
  found: readonly Figure[];
  /** What the figure's field is written as here: a token in a plain field, a block in an article's text. */
  as: 'token' | 'block';
  onChange: (text: string) => void;
}

/**
 * A warning under a field whose text repeats a figure the business details hold (a price, the
 * phone number, the hours): the repeat would stay behind when that field changes. Where the field
 * can be written in its place, one button does it.
 */
export function FigureRepeats({ text, found, as, onChange }: FigureRepeatsProps) {
  const labels = [...new Set(found.map((f) => f.label))];
  const replaced = withTokens(text, found, as);
  return (
    <div className="mt-1 rounded-md border-2 border-amber-500 bg-amber-50 p-3 text-amber-950">
      <p>{w.found(labels)}</p>
      {replaced === text ? (
        <p className="mt-1">{w.byHand}</p>
      ) : (
        <button type="button" className={`${ui.secondary} mt-2`} onClick={() => onChange(replaced)}>
          {w.useFields}
        </button>
      )}
    </div>
  );
}
