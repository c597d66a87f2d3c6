import { useState, type RefObject } from 'react';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import type { SiteEntryAnswer } from '../../../core/inbox-api/site.ts';
import { boldSelection, formatLines, LINE_FORMATS, linkSelection, type Selected } from './text-format.ts';
import { LinkBox } from './LinkBox.tsx';
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
  /** The table being edited: where the caret was, and the table it was in (null for a new one). */
  const [tabling, setTabling] = useState<{ caret: Selected; at: TableAt | null } | null>(null);
  const { selection, apply, reselect } = useTextEdit(textarea, value, onChange);
  const open = linking !== null;

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
        <LinkBox
          id={linkId}
          onAdd={(target) => {
            apply(linkSelection({ text: value, ...linking }, target));
            setLinking(null);
          }}
          onCancel={() => {
            setLinking(null);
            reselect(linking);
          }}
        />
      )}
    </div>
  );
}
