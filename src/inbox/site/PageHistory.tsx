import type { EntryParams, PageHistory as History } from '../../../core/inbox-api/site.ts';
import { api } from '../api.ts';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { Alert, errorMessage } from '../Alert.tsx';
import { PageHistoryItem } from './PageHistoryItem.tsx';
import { usePageHistory, useSiteChange } from './useSite.ts';

const w = words.site.page;

interface PageHistoryProps {
  params: EntryParams;
  idPrefix: string;
  isOwner: boolean;
  /** Disabled while the form publishes, previews or saves. */
  busy: boolean;
  /** After an undo: the form takes the page as now published. */
  onUndone: (undone: number, version: number) => void;
}

/** The versions that changed this page, each with "Undo this page's changes" for owners. */
export function PageHistory({ params, idPrefix, isOwner, busy, onUndone }: PageHistoryProps) {
  const history = usePageHistory(params);
  const undo = useSiteChange(({ version, basedOn }: { version: number; basedOn: number }) =>
    api('POST /site/entries/:collection/:id/undo', { params, body: { version, basedOn } }),
  );
  const id = `${idPrefix}-history`;
  const ask = (data: History, number: number) => {
    if (!window.confirm(w.undoConfirm(data.title, number))) return;
    undo.mutate({ version: number, basedOn: data.version }, { onSuccess: (answer) => onUndone(number, answer.version) });
  };
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className={ui.h2}>
        {w.history}
      </h2>
      <p className="max-w-prose text-slate-700">{w.historyIntro}</p>
      <p role="status" className="mt-1 font-semibold text-slate-700">
        {undo.isPending ? w.undoing : ''}
      </p>
      <Alert message={errorMessage(undo.error, words.tryAgain)} />
      {history.isPending ? (
        <p className="text-slate-700">{words.site.loading}</p>
      ) : history.isError ? (
        <Alert message={errorMessage(history.error, words.tryAgain)} />
      ) : history.data.versions.length === 0 ? (
        <p className="mt-2 text-slate-700">{w.historyNone}</p>
      ) : (
        <ol className="mt-2 space-y-2">
          {history.data.versions.map((version) => (
            <PageHistoryItem
              key={version.number}
              pageKey={history.data.key}
              version={version}
              canUndo={isOwner}
              busy={busy || undo.isPending}
              onUndo={(number) => ask(history.data, number)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
