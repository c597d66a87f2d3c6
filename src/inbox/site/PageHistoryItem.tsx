import { useState } from 'react';
import type { PageHistory } from '../../../core/inbox-api/site.ts';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { ago } from '../time.ts';
import { fieldName } from './field-name.ts';
import { VersionChanges } from './VersionChanges.tsx';

const w = words.site.page;
const v = words.site.versions;

interface PageHistoryItemProps {
  pageKey: string;
  version: PageHistory['versions'][number];
  /** The undo button, for owners. */
  canUndo: boolean;
  busy: boolean;
  onUndo: (number: number) => void;
}

/** One version that changed the page: who, when, which fields, and on request each field's words before and after. */
export function PageHistoryItem({ pageKey, version, canUndo, busy, onUndo }: PageHistoryItemProps) {
  const [open, setOpen] = useState(false);
  const changesId = `page-version-${version.number}-changes`;
  return (
    <li className={ui.card}>
      <h3 className="font-semibold text-brand-900">{v.number(version.number)}</h3>
      <p className="text-slate-700">
        {v.actions[version.action]}{' '}
        {version.restoredFrom !== null && (version.action === 'undo' ? v.undoneFrom(version.restoredFrom) : v.restoredFrom(version.restoredFrom))} ·{' '}
        {version.by.email ?? ''} · {ago(version.by.at)}
      </p>
      <p className="mt-1">
        {v.changed} {v.fieldList(version.fields.map(fieldName), version.more)}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={ui.secondary} aria-expanded={open} aria-controls={changesId} onClick={() => setOpen((o) => !o)}>
          {open ? v.hideChanges : v.showChanges}
        </button>
        {canUndo && (
          <button type="button" className={ui.secondary} disabled={busy} aria-label={w.undoName(version.number)} onClick={() => onUndo(version.number)}>
            {w.undo}
          </button>
        )}
      </div>
      <div id={changesId}>{open && <VersionChanges number={version.number} only={pageKey} />}</div>
    </li>
  );
}
