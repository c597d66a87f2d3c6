import { lazy, Suspense, useState } from 'react';
import type { SiteEntryAnswer } from '../../../core/inbox-api/site.ts';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { fieldClass } from './form-context.ts';
import { TextNotes } from './TextNotes.tsx';
import { repeatsIn } from '../../../core/figure-repeats.ts';

const w = words.site;

// The editor is most of the site editor's code: it loads only when a page with a text opens.
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

interface BodyFieldProps {
  idPrefix: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  blocks: SiteEntryAnswer['blocks'];
  figures: SiteEntryAnswer['figures'];
  tokens: SiteEntryAnswer['tokens'];
}

/**
 * An article's or guide's text, edited as the page shows it; the page's Preview shows it laid out.
 * A text the editor cannot show (written by hand with something it does not know) is given in a
 * plain box instead, so it can still be changed.
 */
export function BodyField({ idPrefix, value, onChange, error, blocks, figures, tokens }: BodyFieldProps) {
  const id = `${idPrefix}-body`;
  const [plain, setPlain] = useState(false);
  const errorId = error ? `${id}--error` : undefined;
  const repeats = repeatsIn(value, figures);
  // No note of what each block shows: the editor shows each block as its figure.
  const noteId = repeats.length > 0 ? `${id}--note` : undefined;
  const labelId = `${id}--label`;
  const describedBy = [errorId, `${id}--help`, noteId].filter(Boolean).join(' ');
  const box = (
    <textarea
      id={id}
      aria-labelledby={labelId}
      className={`${fieldClass} font-mono text-sm`}
      rows={24}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    />
  );
  return (
    <div className="mt-6">
      <p id={labelId} className={ui.label}>
        {w.body}
      </p>
      <p id={`${id}--help`} className="text-sm text-slate-700">
        {plain ? w.bodyPlainHelp : w.bodyHelp}
      </p>
      {plain ? (
        box
      ) : (
        <Suspense fallback={<p className="mt-2 text-slate-700">{w.bodyLoading}</p>}>
          <RichTextEditor
            id={id}
            labelId={labelId}
            describedBy={describedBy}
            invalid={error !== undefined}
            value={value}
            onChange={onChange}
            blocks={blocks}
            tokens={tokens}
            onUnreadable={() => setPlain(true)}
          />
        </Suspense>
      )}
      {noteId && <TextNotes id={noteId} text={value} repeats={repeats} readings={[]} as="block" onChange={onChange} />}
      {error && (
        <p id={errorId} className="mt-1 font-semibold whitespace-pre-line text-alert-700">
          {error}
        </p>
      )}
    </div>
  );
}
