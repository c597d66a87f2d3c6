import { useEffect, useRef, useState, type RefObject } from 'react';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { fieldClass } from './form-context.ts';
import type { SiteEntryAnswer } from '../../../core/inbox-api/site.ts';
import { boldSelection, formatLines, LINE_FORMATS, LINK_TARGET, linkSelection, type Selected } from './text-format.ts';
import { NEW_TABLE, tableAt, withTable, type TableAt } from './table-text.ts';
import { TableEditor } from './TableEditor.tsx';
import { InsertAtCursor } from './InsertAtCursor.tsx';
import { blockChoices } from './insert-choices.ts';
import { useTextEdit } from './useTextEdit.ts';

const w = words.site.format;

interface TextFormatBarProps {
  /** The text box's id: the buttons name what they change. */
  targetId: string;
  textarea: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (value: string) => void;
  /** The blocks the text may hold, and what those that show a figure show now. */
  blocks: SiteEntryAnswer['blocks'];
  tokens: SiteEntryAnswer['tokens'];
}

/**
 * The buttons above an article's text: the selected lines become a heading, a sub-heading, a list
 * or plain text, the selected words bold or a link, a table is edited as cells, and a block (a
 * price, the phone number, a calculator) goes where the cursor is. The box gets the focus back with
 * what changed selected, so a keyboard user carries on typing where they were.
 */
export function TextFormatBar({ targetId, textarea, value, onChange, blocks, tokens }: TextFormatBarProps) {
  const [linking, setLinking] = useState<{ start: number; end: number } | null>(null);
  const [href, setHref] = useState('');
  const [linkError, setLinkError] = useState(false);
  /** The table being edited: where the caret was, and the table it was in (null for a new one). */
  const [tabling, setTabling] = useState<{ caret: Selected; at: TableAt | null } | null>(null);
  const { selection, apply, reselect } = useTextEdit(textarea, value, onChange);
  const linkInput = useRef<HTMLInputElement>(null);
  const open = linking !== null;

  // The link's address is asked for at once.
  useEffect(() => {
    if (open) linkInput.current?.focus();
  }, [open]);

  const cancelLink = () => {
    setLinking(null);
    setLinkError(false);
    if (linking) reselect(linking);
  };
  const addLink = () => {
    const target = href.trim();
    if (!linking || !LINK_TARGET.test(target)) {
      setLinkError(true);
      return;
    }
    apply(linkSelection({ text: value, ...linking }, target));
    setLinking(null);
    setHref('');
    setLinkError(false);
  };

  const linkId = `${targetId}--link`;
  const tableId = `${targetId}--table`;
  return (
    <div className="mt-2">
      <div role="group" aria-label={w.group} className="flex flex-wrap gap-2">
        {LINE_FORMATS.map((format) => (
          <button key={format} type="button" className={ui.secondary} aria-controls={targetId} onClick={() => apply(formatLines(selection(), format))}>
            {w[format]}
          </button>
        ))}
        <button type="button" className={ui.secondary} aria-controls={targetId} onClick={() => apply(boldSelection(selection(), w.boldPlaceholder))}>
          {w.bold}
        </button>
        <button
          type="button"
          className={ui.secondary}
          aria-expanded={open}
          aria-controls={linkId}
          onClick={() => {
            const { start, end } = selection();
            setLinking(linking ? null : { start, end });
          }}
        >
          {w.link}
        </button>
        <button
          type="button"
          className={ui.secondary}
          aria-expanded={tabling !== null}
          aria-controls={tableId}
          onClick={() => {
            const caret = selection();
            setTabling(tabling ? null : { caret, at: tableAt(value, caret.start) });
          }}
        >
          {w.table}
        </button>
        <InsertAtCursor
          targetId={targetId}
          textarea={textarea}
          value={value}
          onChange={onChange}
          label={w.insert}
          choices={blockChoices(blocks, tokens)}
          // A calculator in a table would split it: it goes after the table, or after the selected lines.
          after={(text, at) => tableAt(text, at.start)?.to ?? at.end}
        />
      </div>
      {tabling && (
        <TableEditor
          id={tableId}
          start={tabling.at ?? NEW_TABLE}
          editing={tabling.at !== null}
          onDone={(table) => {
            // Text typed in the box meanwhile moved things: the table is found again where the cursor was.
            const same = value === tabling.caret.text;
            const caret = same
              ? tabling.caret
              : { text: value, start: Math.min(tabling.caret.start, value.length), end: Math.min(tabling.caret.start, value.length) };
            apply(withTable(caret, table, same ? tabling.at : tabling.at && tableAt(value, caret.start)));
            setTabling(null);
          }}
          onCancel={() => {
            reselect(tabling.caret);
            setTabling(null);
          }}
        />
      )}
      {linking && (
        <div id={linkId} className="mt-2 rounded-md border border-slate-300 bg-white p-3">
          <label htmlFor={`${linkId}-to`} className={ui.label}>
            {w.linkTo}
          </label>
          <p id={`${linkId}-help`} className="text-sm text-slate-700">
            {w.linkHelp}
          </p>
          <input
            id={`${linkId}-to`}
            ref={linkInput}
            className={fieldClass}
            value={href}
            autoComplete="off"
            inputMode="url"
            aria-describedby={[linkError ? `${linkId}-error` : '', `${linkId}-help`].filter(Boolean).join(' ')}
            aria-invalid={linkError ? true : undefined}
            onChange={(e) => setHref(e.target.value)}
            onKeyDown={(e) => {
              // Enter adds the link rather than sending the whole page's form; Escape closes the box.
              if (e.key === 'Enter') {
                e.preventDefault();
                addLink();
              } else if (e.key === 'Escape') {
                e.preventDefault();
                cancelLink();
              }
            }}
          />
          {linkError && (
            <p id={`${linkId}-error`} className="mt-1 font-semibold text-alert-700">
              {w.badLink}
            </p>
          )}
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className={ui.button} onClick={addLink}>
              {w.addLink}
            </button>
            <button type="button" className={ui.secondary} onClick={cancelLink}>
              {w.cancel}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
