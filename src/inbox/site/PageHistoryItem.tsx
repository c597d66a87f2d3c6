import type { PageHistory } from '../../../core/inbox-api/site.ts';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { fieldName } from './field-name.ts';
import { VersionByline } from './VersionByline.tsx';
import { WhatChanged } from './WhatChanged.tsx';
import { BusyButton } from './BusyButton.tsx';

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
  return (
    <li className={ui.card}>
      <h3 className="font-semibold text-brand-900">{v.number(version.number)}</h3>
      <VersionByline version={version} />
      <p className="mt-1">
        {v.changed} {v.fieldList(version.fields.map(fieldName), version.more)}
      </p>
      <WhatChanged number={version.number} only={pageKey}>
        {canUndo && (
          <BusyButton className={ui.secondary} busy={busy} label={w.undoName(version.number)} onPress={() => onUndo(version.number)}>
            {w.undo}
          </BusyButton>
        )}
      </WhatChanged>
    </li>
  );
}
