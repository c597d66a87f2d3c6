import type { TokenReading } from '../../../core/figure-repeats.ts';
import { formWords } from './form-words.ts';
import { shortened } from './insert-choices.ts';

const w = formWords.readings;

interface TokenReadingsProps {
  /** The tokens or blocks the text holds (readingsIn). */
  found: readonly TokenReading[];
}

/**
 * Under a text that holds tokens (`{price:displayFridge}`) or blocks (`<QuoteWithin />`): what each
 * one stands for and what it shows on the page now, so the owner reads them as figures, not code.
 */
export function TokenReadings({ found }: TokenReadingsProps) {
  return (
    <div className="mt-1 rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-800">
      <p>{w.intro}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {found.map((r) => (
          <li key={r.written}>
            <code className="rounded bg-slate-100 px-1 text-slate-900">{r.written}</code>
            {w.reads(r.label, shortened(r.shows))}
          </li>
        ))}
      </ul>
    </div>
  );
}
