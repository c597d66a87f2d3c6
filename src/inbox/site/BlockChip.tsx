import { useContext, useEffect, useRef, useState } from 'react';
import { useMdastNodeUpdater, type JsxEditorProps } from '@mdxeditor/editor';
import { BlockReadings, blockParts, writtenBlock } from './block-readings.ts';
import { shortened } from './insert-choices.ts';
import { ChangeBlock } from './ChangeBlock.tsx';
import { words } from '../app-words.ts';

const w = words.site.format;

const LOOK = 'rounded border border-dashed border-sky-700 bg-sky-50 px-1 text-sky-900';

/**
 * A block in the article editor (a price, the phone number, a calculator), shown as what the page
 * shows rather than its tag. It is one piece: the cursor goes past it, and Backspace removes it. A
 * press on it offers the other blocks of its kind in its place (another price for this one).
 */
export function BlockChip({ mdastNode }: JsxEditorProps) {
  const readings = useContext(BlockReadings);
  const update = useMdastNodeUpdater<JsxEditorProps['mdastNode']>();
  const [changing, setChanging] = useState(false);
  const chip = useRef<HTMLButtonElement>(null);
  const wasChanging = useRef(false);
  useEffect(() => {
    // The focus goes back to the block once the choice is made or dropped.
    if (wasChanging.current && !changing) chip.current?.focus();
    wasChanging.current = changing;
  }, [changing]);

  useEffect(() => {
    // Enter and Space press the block as any button, rather than reach the text around it, which
    // would take Enter for a new paragraph. Stopped on the button itself: the text hears keys first.
    const own = chip.current;
    const press = (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') event.stopPropagation();
    };
    own?.addEventListener('keydown', press);
    return () => own?.removeEventListener('keydown', press);
  });

  const props = Object.fromEntries(
    mdastNode.attributes.flatMap((a) => (a.type === 'mdxJsxAttribute' && typeof a.value === 'string' ? [[a.name, a.value]] : [])),
  );
  const written = writtenBlock(mdastNode.name ?? '', props);
  const block = readings.get(written);
  const alone = mdastNode.type === 'mdxJsxFlowElement';
  const place = alone ? 'my-2 block w-fit' : 'inline';
  if (!block) return <span className={`${place} ${LOOK}`}>{w.unknownBlock(written)}</span>;
  const text = block.shows === undefined || alone ? block.label : shortened(block.shows);
  // Another of its kind (another price for a price) where there is one; otherwise any block that sits where it does.
  const others = [...readings.values()].filter((choice) => choice.alone === alone && choice.written !== written);
  const kin = others.filter((choice) => blockParts(choice.written).name === mdastNode.name);
  return (
    <>
      <button
        ref={chip}
        type="button"
        title={block.label}
        aria-haspopup="dialog"
        className={`${place} ${LOOK} cursor-pointer text-left hover:bg-sky-100 focus-visible:outline-2 focus-visible:outline-sky-700`}
        onClick={() => setChanging(true)}
      >
        {text}
      </button>
      {changing && (
        <ChangeBlock
          block={block}
          choices={kin.length > 0 ? kin : others}
          onChoose={(choice) => {
            const { name, props: settings } = blockParts(choice.written);
            update({ name, attributes: Object.entries(settings).map(([key, value]) => ({ type: 'mdxJsxAttribute', name: key, value })) });
            setChanging(false);
          }}
          onClose={() => setChanging(false)}
        />
      )}
    </>
  );
}
