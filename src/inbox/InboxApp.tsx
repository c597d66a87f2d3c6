import { lazy, Suspense, useState } from 'react';
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
import { People } from './People.tsx';
import { Partners } from './Partners.tsx';
import { Passkeys } from './Passkeys.tsx';
import { PhoneAlerts } from './PhoneAlerts.tsx';
import { MobileNumber } from './MobileNumber.tsx';
import { AuditLog } from './AuditLog.tsx';
import { Alert } from './Alert.tsx';
import { JobAppWarning } from './JobAppWarning.tsx';

/** The reports and their charting code load only when someone opens them, so the list's first load stays small. */
const ReportsView = lazy(() =>
  import('./reports/ReportsView.tsx').then(
    (m) => ({ default: m.ReportsView }),
    () => ({ default: Unavailable }),
  ),
);

/** The site editor, loaded the same way: most visits to the inbox are about leads. */
const SiteSection = lazy(() =>
  import('./site/SiteSection.tsx').then(
    (m) => ({ default: m.SiteSection }),
    () => ({ default: Unavailable }),
  ),
);

/** When a section's code would not load (offline, or a new version replaced it): the usual error sentence. */
function Unavailable(_props: object) {
  return <Alert message={words.tryAgain} />;
}

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
        {place.kind === 'list' && <LeadList user={user} view={place.view} q={place.q} go={go} />}
        {place.kind === 'lead' && <LeadPage id={place.id} user={user} go={go} />}
        {place.kind === 'people' && <People user={user} />}
        {place.kind === 'partners' && <Partners user={user} />}
        {(place.kind === 'site' || place.kind === 'site-entry' || place.kind === 'site-versions') && (
          <Suspense fallback={<p className="text-slate-700">{words.loading}</p>}>
            <SiteSection place={place} user={user} go={go} />
          </Suspense>
        )}
        {place.kind === 'passkeys' && (
          <>
            <Passkeys />
            <PhoneAlerts />
            <MobileNumber />
          </>
        )}
        {place.kind === 'audit' && <AuditLog />}
        {place.kind === 'reports' && (
          <Suspense fallback={<p className="text-slate-700">{words.loading}</p>}>
            <ReportsView user={user} from={place.from} to={place.to} go={go} />
          </Suspense>
        )}
      </main>
    </div>
  );
}
