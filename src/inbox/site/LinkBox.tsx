import { useEffect, useRef, useState } from 'react';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { fieldClass } from './form-context.ts';
import { LINK_TARGET } from './text-format.ts';
import { useEscapeCloses } from './useEscapeCloses.ts';
import { DoneOrCancel } from './DoneOrCancel.tsx';

const w = words.site.format;

interface LinkBoxProps {
  id: string;
  /** The address typed, once it is one the site can link to. */
  onAdd: (target: string) => void;
  onCancel: () => void;
}

/** The box that asks where the selected words link to: asked at once, Enter adds it, Escape closes it. */
export function LinkBox({ id, onAdd, onCancel }: LinkBoxProps) {
  const [href, setHref] = useState('');
  const [linkError, setLinkError] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => input.current?.focus(), []);
  useEscapeCloses(box, onCancel);
  const add = () => {
    const target = href.trim();
    if (!LINK_TARGET.test(target)) {
      setLinkError(true);
      return;
    }
    onAdd(target);
  };
  return (
    <div id={id} ref={box} className="mt-2 rounded-md border border-slate-300 bg-white p-3">
      <label htmlFor={`${id}-to`} className={ui.label}>
        {w.linkTo}
      </label>
      <p id={`${id}-help`} className="text-sm text-slate-700">
        {w.linkHelp}
      </p>
      <input
        id={`${id}-to`}
        ref={input}
        className={fieldClass}
        value={href}
        autoComplete="off"
        inputMode="url"
        aria-describedby={[linkError ? `${id}-error` : '', `${id}-help`].filter(Boolean).join(' ')}
        aria-invalid={linkError ? true : undefined}
        onChange={(e) => setHref(e.target.value)}
        onKeyDown={(e) => {
          // Enter adds the link rather than sending the whole page's form.
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          }
        }}
      />
      {linkError && (
        <p id={`${id}-error`} className="mt-1 font-semibold text-alert-700">
          {w.badLink}
        </p>
      )}
      <DoneOrCancel doneText={w.addLink} onDone={add} onCancel={onCancel} />
    </div>
  );
}
