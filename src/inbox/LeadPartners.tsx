import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { ago } from './time.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { OfferItem } from './OfferItem.tsx';
import { useLeadChange } from './useLeadChange.ts';

/**
 * The lead's Partners section: who matches it and why, "Offer to NAME", the offers made with their
 * answers and who holds the job, and "Withdraw" on an offer still waiting. After an offer or a
 * withdrawal the pressed button is gone, so focus moves to the offers, where the change is listed.
 */
export function LeadPartners({ leadId }: { leadId: string }) {
  const w = words.leadPartners;
  const partners = useQuery({ queryKey: ['lead', leadId, 'partners'], queryFn: () => api('GET /leads/:id/partners', { params: { id: leadId } }) });
  const offersHeading = useRef<HTMLHeadingElement>(null);
  const [sentTo, setSentTo] = useState('');
  const { mutation } = useLeadChange(leadId, (partnerId: string) => api('POST /leads/:id/offers', { params: { id: leadId }, body: { partner_id: partnerId } }));
  const withdrawal = useLeadChange(leadId, (offerId: string) => api('POST /leads/:id/offers/:offer/withdraw', { params: { id: leadId, offer: offerId } }));
  const withdraw = (offerId: string, name: string) => {
    setSentTo('');
    withdrawal.mutation.mutate(offerId, {
      onSuccess: () => {
        setSentTo('');
        setWithdrawnFrom(name);
        offersHeading.current?.focus();
      },
    });
  };
  const [withdrawnFrom, setWithdrawnFrom] = useState('');
  const offer = (partnerId: string, name: string) => {
    setSentTo('');
    setWithdrawnFrom('');
    mutation.mutate(partnerId, {
      onSuccess: () => {
        setSentTo(name);
        offersHeading.current?.focus();
      },
    });
  };
  const data = partners.data;
  return (
    <section aria-labelledby="lead-partners-heading" className={ui.card}>
      <h2 id="lead-partners-heading" className={ui.h2}>
        {w.heading}
      </h2>
      <Alert message={errorMessage(partners.error, words.tryAgain)} />
      {partners.isPending && <p className="mt-1 text-slate-700">{words.loading}</p>}
      {data && (
        <>
          <p className="mt-1 font-semibold text-slate-900">{data.holder ? w.holder(data.holder) : w.nobodyHolds}</p>
          <h3 className="mt-3 font-bold text-brand-900">{w.suggestions}</h3>
          {data.suggestions.length === 0 && <p className="mt-1 text-slate-700">{w.noSuggestions}</p>}
          <ul className="mt-2 space-y-3">
            {data.suggestions.map((s) => (
              <li key={s.partner_id}>
                <p className="font-semibold text-slate-900">{s.name}</p>
                <p className="text-sm text-slate-700">{s.why}</p>
                <p className="text-sm text-slate-700">{s.last_offered_at === null ? w.neverOffered : w.lastOffered(ago(s.last_offered_at))}</p>
                <button
                  type="button"
                  className={`${ui.secondary} mt-2`}
                  disabled={mutation.isPending || data.holder !== null}
                  onClick={() => offer(s.partner_id, s.name)}
                >
                  {w.offer(s.name)}
                </button>
              </li>
            ))}
          </ul>
          <Alert message={errorMessage(mutation.error, words.tryAgain)} />
          <h3 ref={offersHeading} tabIndex={-1} className="mt-4 font-bold text-brand-900 focus-visible:outline-3 focus-visible:outline-brand-600">
            {w.offers}
          </h3>
          <p role="status" className="text-sm font-semibold text-green-800">
            {sentTo ? w.sent(sentTo) : withdrawnFrom ? w.withdrawn(withdrawnFrom) : ''}
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
