import { useEffect } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { inboxViews, viewLabels, type InboxView } from '../../core/lead/status.ts';
import { api, apiHref } from './api.ts';
import { linkHandler, placeHref } from './place.ts';
import type { SessionUser } from '../../core/inbox-api/contract.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { LeadRowItem } from './LeadRowItem.tsx';
import { SearchForm } from './SearchForm.tsx';
import { Alert, errorMessage } from './Alert.tsx';
import { useRunningLadders } from './useLadder.ts';

/** How often the list asks for new leads, so one appears within 15 seconds without a reload. */
const POLL_MS = 10_000;

interface LeadListProps {
  user: SessionUser;
  view: InboxView;
  q: string;
  go: (href: string) => void;
}

/** A view of the leads (urgent New first), its counts, the search, paging and the owner's CSV. */
export function LeadList({ user, view, q, go }: LeadListProps) {
  const leads = useInfiniteQuery({
    queryKey: ['leads', view, q],
    queryFn: ({ pageParam }) => api('GET /leads', { querystring: { view, q, cursor: pageParam || undefined } }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next ?? undefined,
    refetchInterval: POLL_MS,
  });
  const counts = leads.data?.pages[0]?.counts;
  const running = new Set(useRunningLadders().data?.lead_ids);
  useEffect(() => {
    document.title = counts?.new ? `(${counts.new}) ${words.appTitle}` : words.appTitle;
  }, [counts?.new]);

  const rows = leads.data?.pages.flatMap((p) => p.leads) ?? [];
  const csvHref = apiHref('GET /leads.csv', { querystring: { view, q: q || undefined } });

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className={ui.h1}>{q ? words.list.resultsFor(q) : `${words.list.heading}: ${viewLabels[view]}`}</h1>
        {user.role === 'owner' && (
          <a className={ui.secondary} href={csvHref} download>
            {words.list.csv}
          </a>
        )}
      </div>
      <nav aria-label={words.list.views} className="mt-4 overflow-x-auto">
        <ul className="flex gap-2 pb-1">
          {inboxViews.map((v) => {
            const href = placeHref({ kind: 'list', view: v, q });
            return (
              <li key={v}>
                <a
                  href={href}
                  onClick={linkHandler(go, href)}
                  aria-current={v === view ? 'page' : undefined}
                  className={`inline-flex min-h-11 items-center gap-1 whitespace-nowrap rounded-full border px-3 font-semibold focus-visible:outline-3 focus-visible:outline-brand-600 ${v === view ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600'}`}
                >
                  {viewLabels[v]}
                  {counts && <span className="tabular-nums">({counts[v]})</span>}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <SearchForm key={q} view={view} q={q} go={go} />
      <Alert message={errorMessage(leads.error, words.tryAgain)} />
      {leads.isPending ? (
        <p className="mt-6 text-slate-700">{words.loading}</p>
      ) : rows.length === 0 ? (
        <p className="mt-6 text-slate-700">{q ? words.list.emptySearch(q) : words.list.empty}</p>
      ) : (
        <ul aria-label={words.list.results} className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
          {rows.map((lead) => (
            <LeadRowItem key={lead.id} lead={lead} go={go} nobodyHasIt={running.has(lead.id)} />
          ))}
        </ul>
      )}
      {leads.hasNextPage && (
        <button type="button" className={`${ui.secondary} mt-4 w-full`} disabled={leads.isFetchingNextPage} onClick={() => leads.fetchNextPage()}>
          {words.list.more}
        </button>
      )}
    </>
  );
}
