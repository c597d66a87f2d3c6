import { useRef } from 'react';
import type { SiteEntryAnswer } from '../../../core/inbox-api/site.ts';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { fieldClass } from './form-context.ts';
import { TextNotes } from './TextNotes.tsx';
import { TextFormatBar } from './TextFormatBar.tsx';
import { readingsIn, repeatsIn } from '../../../core/figure-repeats.ts';

const w = words.site;

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
 * An article's or guide's text. Headings, lists, bold, links, tables and the blocks the site offers
 * are made with the buttons above it rather than typed from memory; the page's Preview shows the
 * text as the site lays it out.
 */
export function BodyField({ idPrefix, value, onChange, error, blocks, figures, tokens }: BodyFieldProps) {
  const id = `${idPrefix}-body`;
  const box = useRef<HTMLTextAreaElement>(null);
  const errorId = error ? `${id}--error` : undefined;
  const repeats = repeatsIn(value, figures);
  const readings = readingsIn(value, tokens);
  const noteId = repeats.length > 0 || readings.length > 0 ? `${id}--note` : undefined;
  return (
    <div className="mt-6">
      <label htmlFor={id} className={ui.label}>
        {w.body}
      </label>
      <p id={`${id}--help`} className="text-sm text-slate-700">
        {w.bodyHelp}
      </p>
      <TextFormatBar targetId={id} textarea={box} value={value} onChange={onChange} blocks={blocks} tokens={tokens} />
      <textarea
        id={id}
        ref={box}
        className={`${fieldClass} font-mono text-sm`}
        rows={24}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={[errorId, `${id}--help`, noteId].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
      />
      {noteId && <TextNotes id={noteId} text={value} repeats={repeats} readings={readings} as="block" onChange={onChange} />}
      {error && (
        <p id={errorId} className="mt-1 font-semibold whitespace-pre-line text-alert-700">
          {error}
        </p>
      )}
    </div>
  );
}
