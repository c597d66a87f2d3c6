import { useMemo, useRef, useState } from 'react';
import { MDXEditor, toolbarPlugin } from '@mdxeditor/editor';
import '@mdxeditor/editor/style.css';
import './rich-text-menus.css';
import type { SiteEntryAnswer } from '../../../core/inbox-api/site.ts';
import { words } from '../app-words.ts';
import { richTextPlugins, WRITTEN_AS } from './rich-text-setup.ts';
import { BlockReadings } from './block-readings.ts';
import { BlockChip } from './BlockChip.tsx';
import { RichTextToolbar } from './RichTextToolbar.tsx';
import { blockChoices } from './insert-choices.ts';
import { useEditorNames } from './useEditorNames.ts';
import { useTabLeavesText } from './useTabLeavesText.ts';
import { useTableKeys } from './useTableKeys.ts';

const w = words.site;

export interface RichTextEditorProps {
  id: string;
  labelId: string;
  describedBy: string;
  invalid: boolean;
  value: string;
  onChange: (value: string) => void;
  blocks: SiteEntryAnswer['blocks'];
  tokens: SiteEntryAnswer['tokens'];
  /** The text holds something the editor cannot show; the plain box takes over. */
  onUnreadable: () => void;
}

/** How the editor's words read on the page: the site's own headings, lists, links and tables. */
const TEXT_LOOK =
  'min-h-64 px-3 py-2 text-slate-900 focus:outline-none [&_a]:text-sky-800 [&_a]:underline [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-3 [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:pl-3';

/**
 * An article's or guide's text, shown as the page shows it: headings, lists, bold, links and
 * tables are made with buttons, and a price or the phone number is a block showing its figure. It
 * writes Markdown and the site's blocks, which the build checks as before.
 *
 * A page only opened is left as it was written: the editor's own way of writing it back (a table's
 * columns padded, say) is sent only once the owner changes something, and a change undone gives
 * back the words exactly as they were.
 */
export default function RichTextEditor({ id, labelId, describedBy, invalid, value, onChange, blocks, tokens, onUnreadable }: RichTextEditorProps) {
  const box = useRef<HTMLDivElement>(null);
  /** The text last loaded (a new editor each time), and what this editor last sent. */
  const [load, setLoad] = useState({ n: 0, text: value });
  const [sent, setSent] = useState(value);
  // A value from elsewhere (a fix from a note, the release's words) is loaded afresh.
  if (value !== sent) {
    setSent(value);
    setLoad({ n: load.n + 1, text: value });
  }
  /** How the editor writes the loaded text: that form of it means "unchanged". */
  const written = useRef({ n: -1, text: '' });

  useEditorNames(box, { id, labelId, describedBy, invalid });
  useTabLeavesText(box);
  useTableKeys(box);
  const choices = useMemo(() => blockChoices(blocks, tokens), [blocks, tokens]);
  const readings = useMemo(() => new Map(choices.map((c) => [c.written, c])), [choices]);
  const plugins = useMemo(
    () => [
      ...richTextPlugins(blocks, BlockChip),
      toolbarPlugin({
        // The buttons stay in reach above a long text on a wide screen; on a phone, four rows of them would hide it.
        toolbarClassName: 'max-sm:static!',
        toolbarContents: () => <RichTextToolbar targetId={id} choices={choices} />,
      }),
    ],
    [blocks, choices, id],
  );

  return (
    <div ref={box} className="mt-2 rounded-md border border-slate-400 bg-white focus-within:ring-2 focus-within:ring-sky-700">
      <BlockReadings.Provider value={readings}>
        <MDXEditor
          key={load.n}
          markdown={load.text}
          plugins={plugins}
          toMarkdownOptions={WRITTEN_AS}
          contentEditableClassName={TEXT_LOOK}
          translation={(key, fallback, values = {}) =>
            key === 'contentArea.editableMarkdown'
              ? w.body
              : (w.format.tableMenus[key] ?? Object.entries(values).reduce((text, [k, v]) => text.replaceAll(`{{${k}}}`, String(v)), fallback))
          }
          onError={onUnreadable}
          onChange={(markdown, initial) => {
            if (initial) {
              written.current = { n: load.n, text: markdown };
              return;
            }
            // Written back just as it loaded (an edit undone): the words exactly as they were.
            const unchanged = written.current.n === load.n ? written.current.text : load.text.trim();
            const next = markdown === unchanged ? load.text : markdown;
            if (next === sent) return;
            setSent(next);
            onChange(next);
          }}
        />
      </BlockReadings.Provider>
    </div>
  );
}
