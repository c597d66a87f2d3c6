import type { Figure, TokenReading } from '../../../core/figure-repeats.ts';
import { FigureRepeats } from './FigureRepeats.tsx';
import { TokenReadings } from './TokenReadings.tsx';

interface TextNotesProps {
  /** The notes' id: the text's control names it among its descriptions. */
  id: string;
  text: string;
  /** The figures the text repeats (repeatsIn) and the tokens it holds (readingsIn). */
  repeats: readonly Figure[];
  readings: readonly TokenReading[];
  as: 'token' | 'block';
  onChange: (text: string) => void;
}

/** Under a text: a warning where it repeats a figure, and what each token or block it holds shows. */
export function TextNotes({ id, text, repeats, readings, as, onChange }: TextNotesProps) {
  return (
    <div id={id}>
      {repeats.length > 0 && <FigureRepeats text={text} found={repeats} as={as} onChange={onChange} />}
      {readings.length > 0 && <TokenReadings found={readings} />}
    </div>
  );
}
