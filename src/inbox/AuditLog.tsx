import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { nzTime } from './time.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';

const w = words.audit;

/** Owners: every sign-in, export, deletion and change, newest first, a page at a time. */
export function AuditLog() {
  const audit = useInfiniteQuery({
    queryKey: ['audit'],
    queryFn: ({ pageParam }) => api('GET /audit', { querystring: { before: pageParam || undefined } }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next ?? undefined,
  });
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <>
      <h1 className={ui.h1}>{w.heading}</h1>
      <p className="mt-1 text-slate-700">{w.intro}</p>
      <Alert message={errorMessage(audit.error, words.tryAgain)} />
      {audit.data && entries.length === 0 && <p className="mt-4 text-slate-700">{w.empty}</p>}
      {entries.length > 0 && (
        // A table wider than a phone scrolls sideways, so keyboard users must be able to focus it to scroll.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label={w.heading}>
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-100">
              <tr>
                <th scope="col" className="p-2">
                  {w.when}
                </th>
                <th scope="col" className="p-2">
                  {w.who}
                </th>
                <th scope="col" className="p-2">
                  {w.what}
                </th>
                <th scope="col" className="p-2">
                  {w.from}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {entries.map((e) => (
                <tr key={e.id}>
                  <td className="p-2 whitespace-nowrap">{nzTime(e.at)}</td>
                  <td className="p-2 break-all">{e.actor_email ?? '–'}</td>
                  <td className="p-2">{[e.action, e.detail].filter(Boolean).join(': ')}</td>
                  <td className="p-2">{e.ip || '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {audit.hasNextPage && (
        <button type="button" className={`${ui.secondary} mt-4`} disabled={audit.isFetchingNextPage} onClick={() => audit.fetchNextPage()}>
          {w.more}
        </button>
      )}
    </>
  );
}
