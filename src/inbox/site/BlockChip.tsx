import { useContext } from 'react';
import type { JsxEditorProps } from '@mdxeditor/editor';
import { BlockReadings, writtenBlock } from './block-readings.ts';
import { shortened } from './insert-choices.ts';
import { words } from '../app-words.ts';

const w = words.site.format;

/**
 * A block in the article editor (a price, the phone number, a calculator), shown as what the page
 * shows rather than its tag. It is one piece: the cursor goes past it, and Backspace removes it.
 */
export function BlockChip({ mdastNode }: JsxEditorProps) {
  const readings = useContext(BlockReadings);
  const props = Object.fromEntries(
    mdastNode.attributes.flatMap((a) => (a.type === 'mdxJsxAttribute' && typeof a.value === 'string' ? [[a.name, a.value]] : [])),
  );
  const written = writtenBlock(mdastNode.name ?? '', props);
  const block = readings.get(written);
  const alone = mdastNode.type === 'mdxJsxFlowElement';
  const text = block ? (block.shows === undefined || alone ? block.label : shortened(block.shows)) : w.unknownBlock(written);
  return (
    <span title={block?.label} className={`${alone ? 'my-2 block w-fit' : 'inline'} rounded border border-dashed border-sky-700 bg-sky-50 px-1 text-sky-900`}>
      {text}
    </span>
  );
}
