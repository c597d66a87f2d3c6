import { lazy, Suspense, useState, type ComponentType } from 'react';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, setCsrfToken } from './api.ts';
import { inboxHomeUrl, SIGN_IN_LINK_PARAM } from '../../core/inbox-links.ts';
import { usePlace } from './place.ts';
import { words } from './app-words.ts';
import { SignIn } from './SignIn.tsx';
import { AddPasskeyPrompt } from './AddPasskeyPrompt.tsx';
import { InboxHeader } from './InboxHeader.tsx';
import { LeadList } from './LeadList.tsx';
import { LeadPage } from './LeadPage.tsx';
import { Passkeys } from './Passkeys.tsx';
import { PhoneAlerts } from './PhoneAlerts.tsx';
import { MobileNumber } from './MobileNumber.tsx';
import { Alert } from './Alert.tsx';
import { JobAppWarning } from './JobAppWarning.tsx';

/**
 * A section whose code loads only when someone opens it, so the lead list's first load on a phone
 * stays small; when it will not load (offline, or a new version replaced it), the usual error sentence.
 */
function section<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: Unavailable as ComponentType<P> }),
    ),
  );
}

function Unavailable(_props: object) {
  return <Alert message={words.tryAgain} />;
}

// Most visits to the inbox are about leads: the reports (with their charts), the site editor, the
// people, the partners and the log come when asked for.
const ReportsView = section(() => import('./reports/ReportsView.tsx').then((m) => m.ReportsView));
const SiteSection = section(() => import('./site/SiteSection.tsx').then((m) => m.SiteSection));
const People = section(() => import('./People.tsx').then((m) => m.People));
const Partners = section(() => import('./Partners.tsx').then((m) => m.Partners));
const AuditLog = section(() => import('./AuditLog.tsx').then((m) => m.AuditLog));

/** The inbox: signed out, the sign-in; signed in, the place the address names. */
export function InboxApp() {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2, refetchOnWindowFocus: true },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <Inbox />
    </QueryClientProvider>
  );
}

function Inbox() {
  const queryClient = useQueryClient();
  const [place, go] = usePlace();
  const [offerPasskey, setOfferPasskey] = useState(false);
  const session = useQuery({
    queryKey: ['session'],
    queryFn: async () => {
      const s = await api('GET /session');
      setCsrfToken(s.csrfToken);
      return s;
    },
  });

  if (session.isPending) return <p className="p-6 text-slate-700">{words.loading}</p>;
  if (session.isError)
    return (
      <p role="alert" className="p-6 text-alert-700">
        {words.tryAgain}
      </p>
    );
  const user = session.data.user;

  const signedIn = async (passkeys: number) => {
    await queryClient.invalidateQueries({ queryKey: ['session'] });
    setOfferPasskey(passkeys === 0);
    const params = new URLSearchParams(window.location.search);
    if (params.has(SIGN_IN_LINK_PARAM)) go(inboxHomeUrl());
  };

  if (!user) return <SignIn onSignedIn={signedIn} />;

  return (
    <div className="min-h-screen bg-slate-50">
      <InboxHeader user={user} place={place} go={go} />
      <main id="main" className="mx-auto max-w-5xl px-4 py-6">
        {offerPasskey && <AddPasskeyPrompt onDone={() => setOfferPasskey(false)} />}
        {user.role === 'owner' && <JobAppWarning go={go} />}
        <Suspense fallback={<p className="text-slate-700">{words.loading}</p>}>
          {place.kind === 'list' && <LeadList user={user} view={place.view} q={place.q} go={go} />}
          {place.kind === 'lead' && <LeadPage id={place.id} user={user} go={go} />}
          {place.kind === 'people' && <People user={user} />}
          {place.kind === 'partners' && <Partners user={user} />}
          {(place.kind === 'site' || place.kind === 'site-entry' || place.kind === 'site-versions') && <SiteSection place={place} user={user} go={go} />}
          {place.kind === 'passkeys' && (
            <>
              <Passkeys />
              <PhoneAlerts />
              <MobileNumber />
            </>
          )}
          {place.kind === 'audit' && <AuditLog />}
          {place.kind === 'reports' && <ReportsView user={user} from={place.from} to={place.to} go={go} />}
        </Suspense>
      </main>
    </div>
  );
}
