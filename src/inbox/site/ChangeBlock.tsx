import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { words } from '../app-words.ts';
import { InsertChoices } from './InsertChoices.tsx';
import type { InsertChoice } from './insert-choices.ts';

const w = words.site.format;

interface ChangeBlockProps {
  /** The block being changed. */
  block: InsertChoice;
  choices: readonly InsertChoice[];
  onChoose: (choice: InsertChoice) => void;
  onClose: () => void;
}

/**
 * The blocks a block in the text can become (another price in place of this one), in a dialog over
 * the page: the block may be far down a long text on a phone, where a list at the top of the text
 * would be out of sight. Put at the end of the page, outside the text, so it is not part of it.
 */
export function ChangeBlock({ block, choices, onChoose, onClose }: ChangeBlockProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const open = dialog.current;
    open?.showModal();
    // The list gave its first choice the focus while the dialog was still closed, which a closed
    // dialog does not take: given again, now it is open.
    open?.querySelector('button')?.focus();
    return () => open?.close();
  }, []);
  return createPortal(
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-md p-0 backdrop:bg-slate-900/50"
    >
      <InsertChoices id={id} title={w.changeBlock(block.label)} choices={choices} onChoose={onChoose} onCancel={onClose} />
    </dialog>,
    document.body,
  );
}
