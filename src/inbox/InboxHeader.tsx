import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';
import { linkHandler, placeHref, type Place } from './place.ts';
import type { SessionUser } from '../../core/inbox-api/contract.ts';
import { words } from './app-words.ts';
import { stopAlertsHere } from './usePhoneAlerts.ts';

interface InboxHeaderProps {
  user: SessionUser;
  place: Place;
  go: (href: string) => void;
}

/** The business's name, the inbox's pages (owners see more) and "Sign out", on every view. */
export function InboxHeader({ user, place, go }: InboxHeaderProps) {
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: async () => {
      // While still signed in: the server takes the turn-off only from the person it belongs to.
      await stopAlertsHere().catch(() => undefined);
      return api('POST /auth/sign-out');
    },
    onSettled: () => queryClient.resetQueries(),
  });
  const pages: { place: Place; label: string; current: boolean }[] = [
    { place: { kind: 'list', view: 'new', q: '' }, label: words.nav.leads, current: place.kind === 'list' || place.kind === 'lead' },
    ...(user.role === 'owner' ? [{ place: { kind: 'people' } as Place, label: words.nav.people, current: place.kind === 'people' }] : []),
    { place: { kind: 'partners' }, label: words.nav.partners, current: place.kind === 'partners' },
    { place: { kind: 'reports', from: '', to: '' }, label: words.nav.reports, current: place.kind === 'reports' },
    { place: { kind: 'site' }, label: words.nav.site, current: place.kind === 'site' || place.kind === 'site-entry' || place.kind === 'site-versions' },
    { place: { kind: 'passkeys' }, label: words.nav.passkeys, current: place.kind === 'passkeys' },
    ...(user.role === 'owner' ? [{ place: { kind: 'audit' } as Place, label: words.nav.audit, current: place.kind === 'audit' }] : []),
  ];
  return (
    <header className="bg-brand-900 text-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-3">
        <p className="font-bold">
          {words.businessName} <span className="font-normal text-brand-100">· {words.appTitle}</span>
        </p>
        <div className="flex items-center gap-3">
          <span className="hidden text-sm text-brand-100 sm:inline">{words.nav.signedInAs(user.email)}</span>
          <button
            type="button"
            className="min-h-11 rounded-md border border-white px-3 font-semibold hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-ice"
            onClick={() => signOut.mutate()}
          >
            {words.nav.signOut}
          </button>
        </div>
      </div>
      <nav aria-label={words.nav.label} className="mx-auto max-w-5xl px-2">
        {/* Wrapping rather than scrolling: on a phone every section stays in sight, none past the edge. */}
        <ul className="flex flex-wrap gap-x-1">
          {pages.map((p) => {
            const href = placeHref(p.place);
            return (
              <li key={p.label}>
                <a
                  href={href}
                  onClick={linkHandler(go, href)}
                  aria-current={p.current ? 'page' : undefined}
                  className={`inline-flex min-h-11 items-center border-b-4 px-3 font-semibold focus-visible:outline-3 focus-visible:outline-ice ${p.current ? 'border-ice text-white' : 'border-transparent text-brand-100 hover:text-white'}`}
                >
                  {p.label}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
