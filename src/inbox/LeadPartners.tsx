import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { defaultAcceptWindow, type AcceptWindow } from '../../core/partner/accept-windows.ts';
import type { LeadDetail } from '../../core/inbox-api/contract.ts';
import { api } from './api.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { ago, clockDay } from './time.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { OfferItem } from './OfferItem.tsx';
import { HolderLine } from './HolderLine.tsx';
import { TakeBackJob } from './TakeBackJob.tsx';
import { AcceptWithinSelect } from './AcceptWithinSelect.tsx';
import { useLeadChange } from './useLeadChange.ts';

export interface LeadPartnersProps {
  leadId: string;
  /** The partner holding the job as the lead reads it, for their phone. */
  holder: LeadDetail['holder'];
  /** Whether the lead is urgent: its offers are to be accepted within minutes, not a day. */
  urgent: boolean;
}

/**
 * The lead's Partners section: who holds the job (with their phone, and "Take the job back" after a
 * confirmation), who matches it and why, "Accept within" and "Offer to NAME" (greyed out, with the
 * reason, while the job is held), the offers made with their answers, and "Withdraw" on an offer
 * still waiting. After an offer, a withdrawal or a job taken back the pressed button is gone, so
 * focus moves to the offers, where the change is listed and announced.
 */
export function LeadPartners({ leadId, holder, urgent }: LeadPartnersProps) {
  const w = words.leadPartners;
  const ids = useId();
  const partners = useQuery({ queryKey: ['lead', leadId, 'partners'], queryFn: () => api('GET /leads/:id/partners', { params: { id: leadId } }) });
  const offersHeading = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [acceptWithin, setAcceptWithin] = useState<AcceptWindow>(defaultAcceptWindow(urgent));
  const { mutation } = useLeadChange(leadId, ({ partnerId, within }: { partnerId: string; within: AcceptWindow }) =>
    api('POST /leads/:id/offers', { params: { id: leadId }, body: { partner_id: partnerId, accept_within: within } }),
  );
  const withdrawal = useLeadChange(leadId, (offerId: string) => api('POST /leads/:id/offers/:offer/withdraw', { params: { id: leadId, offer: offerId } }));
  const takeBack = useLeadChange(leadId, (offerId: string) => api('POST /leads/:id/offers/:offer/withdraw', { params: { id: leadId, offer: offerId } }));
  /** Says what changed where focus lands: the offers. */
  const done = (said: string) => () => {
    setAnnouncement(said);
    offersHeading.current?.focus();
  };
  const offer = (partnerId: string, name: string) => {
    setAnnouncement('');
    mutation.mutate({ partnerId, within: acceptWithin }, { onSuccess: done(w.sent(name)) });
  };
  const withdraw = (offerId: string, name: string) => {
    setAnnouncement('');
    withdrawal.mutation.mutate(offerId, { onSuccess: done(w.withdrawn(name)) });
  };
  const data = partners.data;
  const held = data?.offers.find((o) => o.state === 'accepted');
  const heldReasonId = `${ids}-held`;
  return (
    <section aria-labelledby="lead-partners-heading" className={ui.card}>
      <h2 id="lead-partners-heading" className={ui.h2}>
        {w.heading}
      </h2>
      <Alert message={errorMessage(partners.error, words.tryAgain)} />
      {partners.isPending && <p className="mt-1 text-slate-700">{words.loading}</p>}
      {data && (
        <>
          {held ? (
            <>
              <HolderLine name={held.partner_name} phone={holder?.phone ?? ''} className="mt-1" />
              <TakeBackJob
                name={held.partner_name}
                pending={takeBack.mutation.isPending}
                error={errorMessage(takeBack.mutation.error, words.tryAgain)}
                onTakeBack={() => {
                  setAnnouncement('');
                  takeBack.mutation.mutate(held.id, { onSuccess: done(w.takenBack(held.partner_name)) });
                }}
              />
            </>
          ) : (
            <p className="mt-1 font-semibold text-slate-900">{w.nobodyHolds}</p>
          )}
          <h3 className="mt-4 font-bold text-brand-900">{w.suggestions}</h3>
          {data.suggestions.length === 0 && <p className="mt-1 text-slate-700">{w.noSuggestions}</p>}
          {data.suggestions.length > 0 &&
            (held ? (
              <p id={heldReasonId} className="mt-1 text-slate-900">
                {w.heldReason(held.partner_name)}
              </p>
            ) : (
              <AcceptWithinSelect id={`${ids}-within`} value={acceptWithin} disabled={mutation.isPending} onChange={setAcceptWithin} />
            ))}
          <ul className="mt-2 space-y-3">
            {data.suggestions.map((s) => {
              // Waiting for their answer, or holding the job: nothing to offer them now, so no button.
              const waiting = s.tried?.outcome === 'waiting' || s.tried?.outcome === 'held';
              return (
                <li key={s.partner_id}>
                  <p className="font-semibold text-slate-900">{s.name}</p>
                  <p className="text-sm text-slate-700">
                    {s.why}
                    {s.on_call_now && <span className="font-semibold text-slate-900"> · {w.onCallNow}</span>}
                  </p>
                  {s.tried ? (
                    <p
                      className={`text-sm font-semibold ${s.tried.outcome === 'text_undelivered' || s.tried.outcome === 'undelivered' ? 'text-alert-700' : 'text-slate-900'}`}
                    >
                      {w.tried[s.tried.outcome]} ({w.triedAt(clockDay(s.tried.offered_at))})
                    </p>
                  ) : (
                    <p className="text-sm text-slate-700">{s.last_offered_at === null ? w.neverOffered : w.lastOffered(ago(s.last_offered_at))}</p>
                  )}
                  {!waiting && (
                    <button
                      type="button"
                      className={`${ui.secondary} mt-2`}
                      disabled={mutation.isPending || held !== undefined}
                      aria-describedby={held ? heldReasonId : undefined}
                      onClick={() => offer(s.partner_id, s.name)}
                    >
                      {s.tried ? w.offerAgain(s.name) : w.offer(s.name)}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          <Alert message={errorMessage(mutation.error, words.tryAgain)} />
          <h3 ref={offersHeading} tabIndex={-1} className="mt-4 font-bold text-brand-900 focus-visible:outline-3 focus-visible:outline-brand-600">
            {w.offers}
          </h3>
          <p role="status" className="text-sm font-semibold text-green-800">
            {announcement}
          </p>
          <Alert message={errorMessage(withdrawal.mutation.error, words.tryAgain)} />
          {data.offers.length === 0 && <p className="mt-1 text-slate-700">{w.noOffers}</p>}
          <ul className="mt-2 space-y-3">
            {data.offers.map((o) => (
              <OfferItem key={o.id} offer={o} onWithdraw={withdrawal.mutation.isPending ? undefined : () => withdraw(o.id, o.partner_name)} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
