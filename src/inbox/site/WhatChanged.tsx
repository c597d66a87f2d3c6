import { useState, type ReactNode } from 'react';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { VersionChanges } from './VersionChanges.tsx';

const w = words.site.versions;

interface WhatChangedProps {
  number: number;
  /** One page's key: its changes alone (a page's history); else every page the version changed. */
  only?: string | undefined;
  /** The version's other buttons, in the same row. */
  children?: ReactNode;
}

/** "What changed" for a version: each changed field's words before and after, shown on request. */
export function WhatChanged({ number, only, children }: WhatChangedProps) {
  const [open, setOpen] = useState(false);
  const changesId = `${only ? `${only.replace('/', '-')}-` : ''}version-${number}-changes`;
  return (
    <>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={ui.secondary} aria-expanded={open} aria-controls={changesId} onClick={() => setOpen((o) => !o)}>
          {open ? w.hideChanges : w.showChanges}
        </button>
        {children}
      </div>
      <div id={changesId}>{open && <VersionChanges number={number} only={only} />}</div>
    </>
  );
}
