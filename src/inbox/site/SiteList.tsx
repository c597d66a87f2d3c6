import type { SiteOverview } from '../../../core/inbox-api/site.ts';
import { siteCollectionNames } from '../../../core/site-collections.ts';
import { linkHandler, placeHref } from '../place.ts';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { Alert, errorMessage } from '../Alert.tsx';
import { ago } from '../time.ts';
import { PricesVerified } from './PricesVerified.tsx';
import { useSiteOverview } from './useSite.ts';

const w = words.site;

/** The order the groups are listed in: the pages people land on first. */

type Entry = SiteOverview['entries'][number];

/** The site editor's first page: the live version, how old the price line is, and every page as a visitor knows it, grouped. */
export function SiteList({ go }: { go: (href: string) => void }) {
  const overview = useSiteOverview();
  if (overview.isPending) return <p className="text-slate-700">{w.loading}</p>;
  if (overview.isError) return <Alert message={errorMessage(overview.error, words.tryAgain)} />;
  const data = overview.data;
  const versionsHref = placeHref({ kind: 'site-versions' });
  return (
    <>
      <h1 className={ui.h1}>{w.heading}</h1>
      <p className="mt-1 max-w-prose text-slate-700">{w.intro}</p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <section aria-labelledby="site-live" className={ui.card}>
          <h2 id="site-live" className={ui.h2}>
            {w.live(data.version)}
          </h2>
          {data.publishedBy && <p className="mt-1 text-slate-700">{w.publishedBy(data.publishedBy.email, ago(data.publishedBy.at))}</p>}
          {data.served !== data.version && !data.failure && <p className="mt-1 text-slate-700">{w.catchingUp}</p>}
          <p className="mt-2">
            <a href={versionsHref} onClick={linkHandler(go, versionsHref)} className={ui.link}>
              {w.versionsLink}
            </a>
          </p>
        </section>
        {data.pricesVerified && <PricesVerified days={data.pricesVerified.days} date={data.pricesVerified.date} />}
      </div>
      {data.failure && (
        <div role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-alert-700">
          <p>{w.failure}</p>
          <pre className="mt-2 text-sm whitespace-pre-wrap">{data.failure}</pre>
        </div>
      )}
      {data.entries.some((e) => e.releaseChanged) && (
        <p className="mt-3 rounded-md border-2 border-amber-500 bg-amber-50 p-3 text-amber-950">
          {w.releaseConflicts(data.entries.filter((e) => e.releaseChanged).length)}
        </p>
      )}
      {siteCollectionNames.map((group) => {
        // The home page first, then by name, as a visitor would look for them.
        const entries = data.entries
          .filter((e) => e.collection === group)
          .sort((a, b) => Number(b.route === '/') - Number(a.route === '/') || a.name.localeCompare(b.name));
        if (entries.length === 0) return null;
        return (
          <section key={group} aria-labelledby={`site-${group}`} className="mt-6">
            <h2 id={`site-${group}`} className={ui.h2}>
              {w.groups[group]}
            </h2>
            {w.groupHint[group] && <p className="text-slate-700">{w.groupHint[group]}</p>}
            <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {entries.map((entry) => (
                <EntryRow key={entry.key} entry={entry} go={go} />
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

function EntryRow({ entry, go }: { entry: Entry; go: (href: string) => void }) {
  const href = placeHref({ kind: 'site-entry', key: entry.key });
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
      <a href={href} onClick={linkHandler(go, href)} className={`${ui.link} inline-flex min-h-11 items-center`}>
        {entry.name}
      </a>
      {entry.route && <span className="font-mono text-sm text-slate-700">{entry.route}</span>}
      {entry.edited && <span className="rounded bg-brand-50 px-2 py-0.5 text-sm font-semibold text-brand-900">{w.edited}</span>}
      {entry.releaseChanged && <span className="rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">{w.releaseChanged}</span>}
      {entry.draft && <span className="rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">{w.draft}</span>}
    </li>
  );
}
