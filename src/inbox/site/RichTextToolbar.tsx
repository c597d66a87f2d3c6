import { useState, type MouseEvent } from 'react';
import { usePublisher, useCellValue } from '@mdxeditor/gurx';
import {
  activeEditor$,
  convertSelectionToNode$,
  applyFormat$,
  applyListType$,
  currentBlockType$,
  currentFormat$,
  currentListType$,
  insertJsx$,
  insertTable$,
  IS_BOLD,
} from '@mdxeditor/editor';
import { $createLinkNode, $toggleLink } from '@lexical/link';
import { $createParagraphNode, $createTextNode, $getSelection, $isRangeSelection } from 'lexical';
import { $createHeadingNode } from '@lexical/rich-text';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { LinkBox } from './LinkBox.tsx';
import { InsertChoices } from './InsertChoices.tsx';
import { blockParts } from './block-readings.ts';
import type { InsertChoice } from './insert-choices.ts';

const w = words.site.format;

/** A mouse press on a format button leaves the focus, and so the selection, in the text. */
const keepSelection = (e: MouseEvent) => e.preventDefault();

interface RichTextToolbarProps {
  /** The text's id: the buttons name what they change, and the boxes they open are named from it. */
  targetId: string;
  choices: readonly InsertChoice[];
}

/**
 * The buttons above an article's text: the line the cursor is on becomes a heading, a sub-heading,
 * a list or plain text; the selected words bold or a link; a table goes in after the cursor's
 * paragraph, its cells then typed in place; a block (a price, the phone number, a calculator) goes where the cursor is. A button that
 * is on where the cursor is says so (pressed), so a screen reader hears the line's kind.
 */
export function RichTextToolbar({ targetId, choices }: RichTextToolbarProps) {
  const editor = useCellValue(activeEditor$);
  const blockType = useCellValue(currentBlockType$);
  const listType = useCellValue(currentListType$);
  const format = useCellValue(currentFormat$);
  const convertLines = usePublisher(convertSelectionToNode$);
  const applyListType = usePublisher(applyListType$);
  const applyFormat = usePublisher(applyFormat$);
  const insertTable = usePublisher(insertTable$);
  const insertJsx = usePublisher(insertJsx$);
  const [open, setOpen] = useState<'link' | 'insert' | null>(null);
  const linkId = `${targetId}--link`;
  const insertId = `${targetId}--insert`;

  /** The editor gets the focus back where its cursor was, so a keyboard user carries on typing. */
  const back = () => {
    setOpen(null);
    editor?.focus();
  };
  /**
   * A press acts where the text's cursor was: the text takes the focus back first, which restores
   * its selection (a keyboard user has tabbed away from it to reach the button).
   */
  const inText = (act: () => void) => () => (editor ? editor.focus(act) : act());
  /** A list item made a heading or plain text leaves its list first. */
  const lineAs = (type: 'h2' | 'h3' | 'paragraph') =>
    inText(() => {
      if (listType) applyListType('');
      convertLines(() => (type === 'paragraph' ? $createParagraphNode() : $createHeadingNode(type)));
    });
  const formats = [
    { label: w.heading, on: blockType === 'h2', press: lineAs('h2') },
    { label: w.subheading, on: blockType === 'h3', press: lineAs('h3') },
    { label: w.bullets, on: listType === 'bullet', press: inText(() => applyListType(listType === 'bullet' ? '' : 'bullet')) },
    { label: w.numbers, on: listType === 'number', press: inText(() => applyListType(listType === 'number' ? '' : 'number')) },
    { label: w.plain, on: blockType === 'paragraph' && !listType, press: lineAs('paragraph') },
    { label: w.bold, on: (format & IS_BOLD) !== 0, press: inText(() => applyFormat('bold')) },
  ];
  /** A button that opens a box of its own below the buttons (where a link goes, what to insert), or closes it. */
  const opens = (which: 'link' | 'insert', boxId: string, label: string) => (
    <button type="button" className={ui.secondary} aria-expanded={open === which} aria-controls={boxId} onClick={() => setOpen(open === which ? null : which)}>
      {label}
    </button>
  );
  return (
    <div className="mb-2 w-full">
      <div role="group" aria-label={w.group} className="flex flex-wrap gap-2">
        {formats.map((line) => (
          <button
            key={line.label}
            type="button"
            className={ui.secondary}
            aria-controls={targetId}
            aria-pressed={line.on}
            onMouseDown={keepSelection}
            onClick={line.press}
          >
            {line.label}
          </button>
        ))}
        {opens('link', linkId, w.link)}
        <button
          type="button"
          className={ui.secondary}
          aria-controls={targetId}
          onClick={inText(() => {
            // A table goes after the paragraph or list the cursor is in, rather than splitting it.
            editor?.update(
              () => {
                const selection = $getSelection();
                if ($isRangeSelection(selection)) selection.focus.getNode().getTopLevelElement()?.selectEnd();
              },
              { discrete: true },
            );
            insertTable({ rows: 3, columns: 3 });
          })}
        >
          {w.table}
        </button>
        {opens('insert', insertId, w.insert)}
      </div>
      {open === 'link' && (
        <LinkBox
          id={linkId}
          onAdd={(target) => {
            setOpen(null);
            inText(() =>
              editor?.update(() => {
                const selection = $getSelection();
                if (!$isRangeSelection(selection)) return;
                // With no words selected, the address itself becomes the link's words.
                if (selection.isCollapsed()) selection.insertNodes([$createLinkNode(target).append($createTextNode(target))]);
                else $toggleLink(target);
              }),
            )();
          }}
          onCancel={back}
        />
      )}
      {open === 'insert' && (
        <InsertChoices
          id={insertId}
          choices={choices}
          onChoose={(choice) => {
            const { name, props } = blockParts(choice.written);
            setOpen(null);
            inText(() => insertJsx(choice.alone ? { kind: 'flow', name, props } : { kind: 'text', name, props }))();
          }}
          onCancel={back}
        />
      )}
    </div>
  );
}
