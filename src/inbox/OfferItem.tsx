import type { OfferSummary } from '../../core/inbox-api/offers.ts';
import { nzTime } from './time.ts';
import { words } from './app-words.ts';

/** One offer of a lead: to whom, its state, and what the partner has done with it. */
export function OfferItem({ offer }: { offer: OfferSummary }) {
  const w = words.leadPartners;
  const details = [w.offered(nzTime(offer.created_at))];
  if (offer.state === 'open') details.push(w.answerBy(nzTime(offer.expires_at)));
  else if (offer.answered_at !== null) details.push(w.answered(nzTime(offer.answered_at)));
  return (
    <li>
      <p className="font-semibold text-slate-900">
        {offer.partner_name} · {w.states[offer.state]}
      </p>
      <p className="text-sm text-slate-700">{details.join(', ')}</p>
      {offer.state === 'declined' && offer.decline_reason && (
        <p className="text-sm break-words whitespace-pre-line text-slate-900">{w.reason(offer.decline_reason)}</p>
      )}
      {offer.on_site_at !== null && <p className="text-sm text-slate-900">{w.onSite(nzTime(offer.on_site_at))}</p>}
      {offer.quote_sent_at !== null && <p className="text-sm text-slate-900">{w.quoteSent(nzTime(offer.quote_sent_at))}</p>}
    </li>
  );
}
