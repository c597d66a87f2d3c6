import type { VersionList } from '../../../core/inbox-api/site.ts';
import { words } from '../app-words.ts';
import { ago } from '../time.ts';

const w = words.site.versions;

type Version = Pick<VersionList['versions'][number], 'action' | 'restoredFrom' | 'by'>;

/** How a version was made, by whom and when: "Undone (took back version 3 on this page) · owner@… · 2 hours ago". */
export function VersionByline({ version }: { version: Version }) {
  return (
    <p className="text-slate-700">
      {w.actions[version.action]}{' '}
      {version.restoredFrom !== null && (version.action === 'undo' ? w.undoneFrom(version.restoredFrom) : w.restoredFrom(version.restoredFrom))} ·{' '}
      {version.by.email ?? ''} · {ago(version.by.at)}
    </p>
  );
}
